import { useTranslation } from 'react-i18next';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';

interface Section {
  title: string;
  body: string;
}

export default function PrivacyScreen() {
  const { t } = useTranslation();
  const sections = t('screens.privacy.sections', { returnObjects: true }) as Section[];
  return (
    <>
      <PageHeader
        title={t('screens.privacy.title')}
        subtitle={t('screens.privacy.subtitle')}
        back="/profile"
      />
      <PageBody>
        <article className="space-y-4">
          {sections.map((section) => (
            <section
              key={section.title}
              className="rounded-2xl bg-white p-5 shadow-[var(--shadow-card)]"
            >
              <h2 className="text-base font-semibold text-stone-900">{section.title}</h2>
              <p className="mt-2 text-[15px] leading-7 text-stone-700">{section.body}</p>
            </section>
          ))}
        </article>
      </PageBody>
    </>
  );
}
