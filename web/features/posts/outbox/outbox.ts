import { createStore, del, get, set, values } from 'idb-keyval';
import type { NewPostInput, Post } from '#shared/schemas/posts';
import type { UploadedPhoto } from '../../../lib/upload-request.ts';
import { type KeptPost, photoOf, toInput } from '../post-draft.ts';

/*
 * The outbox: new posts kept in IndexedDB until the server has them, so that a dropped
 * connection, a closed tab or a restarted phone loses nothing. Every post carries the id its
 * device made, so a post sent twice (an answer lost on the way back) is still one post; photos
 * are stored by content on the server, so a photo sent twice is one file. One sender at a time
 * across tabs (a Web Lock), and every tab hears of each change (a BroadcastChannel).
 */

export type QueuedStatus = 'waiting' | 'failed' | 'signedOut';

export interface QueuedPost extends KeptPost {
  /** waiting: sent by itself when it can; failed: refused, waits for the person; signedOut: waits for a sign-in. */
  status: QueuedStatus;
  /** Why the last try did not get through, in Vietnamese. */
  message: string | null;
}

export type SendProgress =
  | { postId: string; photo: number; total: number; fraction: number }
  | { postId: string; posting: true };

/**
 * What the sender needs of the network, made for one person: every request it sends names her
 * (`x-acting-person`), so the server refuses it under anyone else's session. The page sends
 * photos with progress; the service worker without.
 */
export interface OutboxTransport {
  upload(blob: Blob, onProgress: (fraction: number) => void): Promise<UploadedPhoto>;
  createPost(input: NewPostInput): Promise<Post>;
}

/**
 * Whose work may go out now: only the posts of the person the sender acts for, and of those
 * only the ones not refused and not open in the form. The page's sender and the service
 * worker's both send through `sendWaiting`, which asks this.
 */
export function sendableBy(post: QueuedPost, personId: string): boolean {
  return post.personId === personId && post.status !== 'failed' && !held.has(post.id);
}

export interface SendHooks {
  onSent(post: Post): void;
  onRefused(post: QueuedPost, message: string): void;
}

const posts = createStore('hoc-vien-outbox', 'posts');
const drafts = createStore('hoc-vien-drafts', 'drafts');
const channel =
  typeof BroadcastChannel === 'function' ? new BroadcastChannel('hoc-vien-outbox') : null;

interface Snapshot {
  posts: QueuedPost[];
  progress: SendProgress | null;
}
let snapshot: Snapshot = { posts: [], progress: null };
/** Posts open in the post form here: not sent while the person changes them. */
const held = new Set<string>();
let loaded = false;
const listeners = new Set<() => void>();

function publish(next: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

async function reload(): Promise<void> {
  const stored = await values<QueuedPost>(posts).catch(() => []);
  loaded = true;
  publish({ posts: stored.sort((a, b) => a.savedAt - b.savedAt) });
}

channel?.addEventListener('message', () => void reload());

async function write(post: QueuedPost): Promise<void> {
  await set(post.id, post, posts);
  await reload();
  channel?.postMessage('changed');
}

async function forget(id: string): Promise<void> {
  await del(id, posts);
  await reload();
  channel?.postMessage('changed');
}

export const outbox = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    if (!loaded) void reload();
    return () => listeners.delete(listener);
  },
  snapshot: (): Snapshot => snapshot,
  /** Keeps a new post (or a changed waiting one) to be sent; throws when the device cannot store it. */
  async queue(post: KeptPost): Promise<void> {
    await write({ ...post, savedAt: Date.now(), status: 'waiting', message: null });
  },
  /** Sends a refused post again as it is: the person says the reason is gone. */
  async retry(id: string): Promise<void> {
    const post = await get<QueuedPost>(id, posts);
    if (post) await write({ ...post, status: 'waiting', message: null });
  },
  remove: forget,
  hold: (id: string) => held.add(id),
  release: (id: string) => held.delete(id),
};

/** The draft of a new post this person closed before posting: one per person on a device. */
export const postDrafts = {
  read: (personId: string) => get<KeptPost>(personId, drafts).catch(() => undefined),
  keep: (draft: KeptPost) => set(draft.personId, draft, drafts).catch(() => undefined),
  forget: (personId: string) => del(personId, drafts).catch(() => undefined),
};

const statusOf = (error: unknown): number => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
};
/** The session on this device is no longer the author's (a sign-out, another person signed in). */
const isNotTheAuthor = (error: unknown): boolean =>
  statusOf(error) === 401 || (error as { code?: unknown } | null)?.code === 'person_changed';
const isCancelled = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';
/** No answer, a busy or broken server: worth trying again by itself later. */
const isPassing = (status: number) =>
  status === 0 || status === 408 || status === 429 || status >= 500;

/** Sends one post: its photos not yet sent, each kept as soon as the server has it, then the post. */
async function sendOne(
  post: QueuedPost,
  transport: OutboxTransport,
  hooks: SendHooks,
): Promise<'sent' | 'next' | 'stop'> {
  let current = post;
  try {
    const total = current.photos.length;
    for (const [index, photo] of current.photos.entries()) {
      if (photo.sent) continue;
      const progress = (fraction: number) =>
        publish({ progress: { postId: post.id, photo: index + 1, total, fraction } });
      progress(0);
      const sent = await transport.upload(photo.blob, progress);
      current = {
        ...current,
        photos: current.photos.map((slot) => (slot.id === photo.id ? { ...slot, sent } : slot)),
      };
      await write(current);
    }
    publish({ progress: { postId: post.id, posting: true } });
    const photos = current.photos.flatMap((slot) => (slot.sent ? [photoOf(slot.sent)] : []));
    const saved = await transport.createPost({
      ...toInput({ ...current.values, photos }),
      id: current.id,
    });
    await forget(current.id);
    hooks.onSent(saved);
    return 'sent';
  } catch (error) {
    // The sender was stopped (a sign-out, another person): the post waits as it is, for her.
    if (isCancelled(error)) return 'stop';
    const status = statusOf(error);
    const message = error instanceof Error ? error.message : null;
    if (isNotTheAuthor(error)) {
      await write({ ...current, status: 'signedOut', message: null });
      return 'stop';
    }
    if (isPassing(status)) {
      await write({ ...current, status: 'waiting', message });
      return 'stop';
    }
    await write({ ...current, status: 'failed', message });
    hooks.onRefused(current, message ?? '');
    return 'next';
  } finally {
    publish({ progress: null });
  }
}

function withLock(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('hoc-vien-outbox', task) : task();
}

let running: Promise<void> | null = null;
let runningFor: string | null = null;
let again = false;

/**
 * Sends this person's waiting posts, oldest first, until one cannot get through. A call while
 * sending makes one more round after it (a post queued meanwhile). `signal` stops it at once:
 * a sign-out or another person on the device; what was not sent waits for its author.
 */
export function sendWaiting(
  personId: string,
  transport: OutboxTransport,
  hooks: SendHooks,
  signal?: AbortSignal,
): Promise<void> {
  if (running) {
    if (runningFor === personId) {
      again = true;
      return running;
    }
    // Another person's round (stopping, or in another context): this one goes after it.
    return running.then(() => sendWaiting(personId, transport, hooks, signal));
  }
  runningFor = personId;
  running = withLock(async () => {
    do {
      again = false;
      if (signal?.aborted) return;
      await reload();
      const mine = snapshot.posts.filter((post) => sendableBy(post, personId));
      for (const post of mine) {
        if (signal?.aborted || (await sendOne(post, transport, hooks)) === 'stop') break;
      }
    } while (again);
  }).finally(() => {
    running = null;
    runningFor = null;
  });
  return running;
}
