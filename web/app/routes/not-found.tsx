import { Compass } from 'lucide-react';
import { MessageScreen } from '../../components/ui/message-screen.tsx';
import { t } from '../../lib/text.ts';

export default function NotFoundScreen() {
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
