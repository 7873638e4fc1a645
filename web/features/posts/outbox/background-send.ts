import { vi } from '#shared/locales/vi';
import { answer, api, settlePendingSignOut } from '../../../lib/api-client.ts';
import { pendingSignOut } from '../../../lib/device-session.ts';
import {
  UploadError,
  type UploadTarget,
  uploadAnswer,
  uploadRefusal,
  uploadRequest,
} from '../../../lib/upload-request.ts';
import { sendPostAs } from '../api/send-post.ts';
import { type OutboxTransport, outbox, sendWaiting } from './outbox.ts';

/*
 * Background Sync: where the browser has it (Chromium, on Android too), the outbox is also sent
 * by the service worker when the connection returns, with the app closed. The page asks for it
 * while posts wait (`askForBackgroundSend`); the worker sends as whoever is signed in, and only
 * that person's posts (`sendInBackground`). The Web Lock in the outbox keeps it from sending
 * beside an open page.
 */

export const OUTBOX_SYNC_TAG = 'hoc-vien-outbox';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the service worker when the connection returns. */
export async function askForBackgroundSend(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as
    | SyncRegistration
    | undefined;
  // No worker, no Background Sync, or refused (private browsing): the page sends instead.
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/**
 * Photos sent with a plain fetch: a service worker has no upload progress to show. Every request
 * names the author, so a session that changed after `/me` answered sends nothing as her.
 */
const workerTransport = (target: UploadTarget, personId: string): OutboxTransport => ({
  async upload(blob) {
    const { url, form, headers } = uploadRequest(blob, target, 'post', personId);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        body: form,
        headers,
        credentials: 'same-origin',
      });
    } catch {
      throw new UploadError(vi.toasts.networkError);
    }
    const body = await response.text();
    if (!response.ok) {
      throw uploadRefusal(response.status, body);
    }
    return uploadAnswer(body);
  },
  createPost: (input) => sendPostAs(personId, input),
});

/**
 * Sends the signed-in person's waiting posts from the service worker. A sign-out made offline
 * goes first, and then no one is signed in: her posts wait for her. Rejects while some still
 * wait for a connection, so the browser tries again later.
 */
export async function sendInBackground(): Promise<void> {
  await settlePendingSignOut(await pendingSignOut.readInWorker());
  const me = await answer(api.GET('/me'));
  if (me.state !== 'member') return;
  const target = await answer(api.GET('/upload-target'));
  const personId = me.person.id;
  await sendWaiting(personId, workerTransport(target, personId), { onSent() {}, onRefused() {} });
  const left = outbox
    .snapshot()
    .posts.filter((post) => post.personId === personId && post.status === 'waiting');
  if (left.length > 0) throw new Error('posts still wait for a connection');
}
