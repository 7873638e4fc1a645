import { useMutation } from '@tanstack/react-query';
import { t } from '../../../lib/text.ts';
import { enablePush } from '../push.ts';

/** Asks this browser for permission (from her tap) and subscribes it for her; says the answer. */
export function useEnablePush(personId: string) {
  return useMutation({
    mutationFn: () => enablePush(personId),
    meta: { errorToast: t('screens.notifications.push.failed') },
  });
}
