import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../layout/public-frame.tsx';

export default function LoginScreen() {
  const { t } = useTranslation();
  return (
    <PublicFrame title={t('screens.login.title')} subtitle={t('screens.login.subtitle')}>
      <p className="text-sm leading-6 text-stone-600">{t('screens.comingSoon')}</p>
    </PublicFrame>
  );
}
