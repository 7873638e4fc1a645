import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useToast } from '../../../components/overlays/toast.tsx';
import { serverReachable } from '../../../lib/server-reachable.ts';
import { t } from '../../../lib/text.ts';
import { coursesQueryKey } from '../../courses/index.ts';
import { sendImage, uploadTarget } from '../../media/index.ts';
import { studentsQueryKey } from '../../students/index.ts';
import { postQueryKey, postsQueryKey } from '../api/posts.ts';
import { sendPostAs } from '../api/send-post.ts';
import { askForBackgroundSend } from './background-send.ts';
import { type OutboxTransport, outbox, sendWaiting } from './outbox.ts';

/** What waits to be sent from this device for this person, and what is being sent now. */
export function useOutbox(personId: string | undefined) {
  const { posts, progress } = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  const mine = useMemo(
    () => (personId ? posts.filter((post) => post.personId === personId) : []),
    [posts, personId],
  );
  return { posts: mine, progress };
}

/** Sends the signed-in person's waiting posts now (the sign-out's "send, then sign out"). */
let sendShared: () => void = () => {};
export function sendOutboxNow(): void {
  sendShared();
}

/** A waiting post is tried again after this long while the browser is online (a server error). */
const FIRST_RETRY_MS = 15_000;
const LONGEST_RETRY_MS = 5 * 60_000;

/**
 * Sends the signed-in person's waiting posts: now, when the connection returns, when the app is
 * shown again, after a new post is queued, and every little while when a try failed on a busy
 * server. Mounted once, in the signed-in layout.
 */
export function useOutboxSender(personId: string | undefined) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { posts } = useOutbox(personId);
  const waiting = posts.filter((post) => post.status !== 'failed').length;
  const sendNow = useRef<() => void>(() => {});

  useEffect(() => {
    if (!personId) return;
    // Stopped when she signs out or someone else signs in (this effect ends): a photo halfway
    // up is dropped, and her posts wait for her.
    const stop = new AbortController();
    const { signal } = stop;
    const transport: OutboxTransport = {
      upload: async (blob, onProgress) =>
        sendImage(blob, await uploadTarget(queryClient), 'post', onProgress, signal, personId),
      createPost: (input) => sendPostAs(personId, input, signal),
    };
    const send = () => {
      if (!navigator.onLine || signal.aborted) return;
      void sendWaiting(
        personId,
        transport,
        {
          onSent: (post) => {
            queryClient.setQueryData(postQueryKey(post.id), post);
            void queryClient.invalidateQueries({ queryKey: postsQueryKey });
            void queryClient.invalidateQueries({ queryKey: coursesQueryKey });
            void queryClient.invalidateQueries({ queryKey: studentsQueryKey });
            showToast(t('posts.published'), 'success');
          },
          onRefused: (_post, message) =>
            showToast(t('posts.outbox.failed', { reason: message }), 'error'),
        },
        signal,
      );
    };
    // The first send comes from the effect below, once the stored posts are known.
    sendNow.current = send;
    sendShared = send;
    const onVisible = () => {
      if (document.visibilityState === 'visible') send();
    };
    window.addEventListener('online', send);
    document.addEventListener('visibilitychange', onVisible);
    const unsubscribe = serverReachable.subscribe(() => {
      if (serverReachable.get()) send();
    });
    return () => {
      stop.abort();
      sendNow.current = () => {};
      if (sendShared === send) sendShared = () => {};
      window.removeEventListener('online', send);
      document.removeEventListener('visibilitychange', onVisible);
      unsubscribe();
    };
  }, [personId, queryClient, showToast]);

  // A post queued here (or in another tab) is sent at once; one that met a busy server is tried
  // again after a while, each time waiting twice as long.
  useEffect(() => {
    if (!personId || waiting === 0) return;
    sendNow.current();
    // And, where the browser can, by the service worker when the connection returns.
    void askForBackgroundSend();
    let delay = FIRST_RETRY_MS;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        sendNow.current();
        delay = Math.min(delay * 2, LONGEST_RETRY_MS);
        schedule();
      }, delay);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [personId, waiting]);
}
