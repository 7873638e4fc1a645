import { vi } from '#shared/locales/vi';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import { t } from '../../lib/text.ts';

export default function PrivacyScreen() {
  return (
    <>
      <PageHeader
        title={t('screens.privacy.title')}
        subtitle={t('screens.privacy.subtitle')}
        back="/profile"
      />
      <PageBody>
        <article className="space-y-4">
          {vi.screens.privacy.sections.map((section) => (
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
