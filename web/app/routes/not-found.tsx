import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MessageScreen } from '../../components/ui/message-screen.tsx';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      testId="not-found"
      icon={Compass}
      title={t('notFound.title')}
      body={t('notFound.body')}
      action={{ to: '/activity', label: t('notFound.back') }}
    />
  );
}
