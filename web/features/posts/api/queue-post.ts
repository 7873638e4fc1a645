import { useMutation } from '@tanstack/react-query';
import { t } from '../../../lib/text.ts';
import { outbox } from '../outbox/outbox.ts';
import type { KeptPost } from '../post-draft.ts';

/**
 * Puts a new post in the outbox, kept on this device and sent by itself. The write is to the
 * device's storage, so its one failure is that storage refusing it.
 */
export function useQueuePost() {
  return useMutation({
    mutationFn: (kept: KeptPost) => outbox.queue(kept),
    meta: { errorToast: t('posts.outbox.storageFailed') },
  });
}
