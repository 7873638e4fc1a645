import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="not-found"
      className="flex min-h-[70dvh] flex-col items-center justify-center px-6 text-center"
    >
      <div className="mb-5 grid size-16 place-items-center rounded-full bg-accent-50 text-accent-600">
        <Compass className="size-8" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-bold text-stone-900">{t('notFound.title')}</h1>
      <p className="mt-2 max-w-sm text-stone-600">{t('notFound.body')}</p>
      <Link
        to="/activity"
        className="mt-6 inline-flex h-12 items-center rounded-xl bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700"
      >
        {t('notFound.back')}
      </Link>
    </div>
  );
}
