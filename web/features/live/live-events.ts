import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveEvent } from '#shared/schemas/events';
import { useToast } from '../../components/overlays/toast.tsx';
import { answer, api, apiAddress } from '../../lib/api-client.ts';
import { livePosition } from '../../lib/live-position.ts';
import { meQueryKey, publicConfigQueryKey } from '../accounts/index.ts';
import { adminFeedbackQueryKey, adminLogsQueryKey, adminPeopleQueryKey } from '../admin/index.ts';
import { coursesQueryKey, searchQueryKey } from '../courses/index.ts';
import { instructorsQueryKey } from '../instructors/index.ts';
import { uploadTargetQueryKey } from '../media/index.ts';
import { notificationsQueryKey } from '../notifications/index.ts';
import {
  bookmarksQueryKey,
  commentsQueryKey,
  patchCachedPost,
  postQueryKey,
  postsQueryKey,
} from '../posts/index.ts';
import { feedbackQueryKey, profileQueryKey } from '../profile/index.ts';
import { studentQueryKey, studentsQueryKey } from '../students/index.ts';
import { readLiveEvent } from './read-live-event.ts';

/** The pause between two re-reads of the same lists while news keeps coming. */
const LIVE_REREAD_GAP_MS = 250;

/** Per app and query key: the re-read running for it, and whether news came meanwhile. */
const rereads = new WeakMap<QueryClient, Map<string, { again: boolean }>>();

/**
 * Reads again what an event changed. A read already on its way (a list's next page, say) is let
 * finish rather than cancelled, then read once more, since it may have started before the
 * change. News that comes while a re-read runs is gathered into one more re-read after a short
 * pause: while posts keep arriving, a list is not re-read once per post, and the pause leaves
 * room for its next page, which would otherwise never come.
 */
function invalidate(queryClient: QueryClient, ...keys: ReadonlyArray<readonly unknown[]>) {
  const running = rereads.get(queryClient) ?? new Map<string, { again: boolean }>();
  rereads.set(queryClient, running);
  for (const queryKey of keys) {
    const id = JSON.stringify(queryKey);
    const current = running.get(id);
    if (current) {
      current.again = true;
      continue;
    }
    const state = { again: false };
    running.set(id, state);
    const readOnce = async () => {
      const wasBusy =
        queryClient.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' }).length > 0;
      await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
      return wasBusy;
    };
    void (async () => {
      try {
        let again = await readOnce();
        while (again || state.again) {
          state.again = false;
          await new Promise((resolve) => setTimeout(resolve, LIVE_REREAD_GAP_MS));
          again = await readOnce();
        }
      } finally {
        running.delete(id);
      }
    })();
  }
}

/** Everything that shows posts: the feed, one post, course activity, profiles, bookmarks. */
const postLists = [
  postsQueryKey,
  coursesQueryKey,
  studentsQueryKey,
  instructorsQueryKey,
  bookmarksQueryKey,
  searchQueryKey,
];

/**
 * Reads one post again and writes it into every cached list that holds it, so its counts
 * change in place without reloading whole feeds.
 */
async function refreshPost(queryClient: QueryClient, postId: string) {
  try {
    const post = await answer(api.GET('/posts/{postId}', { params: { path: { postId } } }));
    queryClient.setQueryData(postQueryKey(postId), post);
    patchCachedPost(queryClient, postId, post);
  } catch {
    // Gone or hidden from me now: the lists learn it when they are read again.
    invalidate(queryClient, postsQueryKey);
  }
}

/**
 * What each event means for the cached server state: the event names what changed (ids only)
 * and the app reads it again through the ordinary endpoints, which check what I may see.
 */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent, myId: string | null) {
  switch (event.type) {
    case 'post.created':
    case 'post.deleted':
      invalidate(queryClient, ...postLists);
      return;
    case 'post.updated':
      void refreshPost(queryClient, event.postId);
      invalidate(queryClient, coursesQueryKey, studentsQueryKey);
      return;
    case 'post.liked':
      // My own like is already on screen (optimistic, then the server's answer).
      if (event.actorId !== myId) {
        patchCachedPost(queryClient, event.postId, { likeCount: event.likeCount });
      }
      return;
    case 'post.bookmarked':
      patchCachedPost(queryClient, event.postId, { bookmarkedByMe: event.bookmarked });
      invalidate(queryClient, bookmarksQueryKey);
      return;
    case 'comment.created':
    case 'comment.deleted':
      invalidate(queryClient, commentsQueryKey(event.postId));
      void refreshPost(queryClient, event.postId);
      return;
    case 'comment.updated':
      invalidate(queryClient, commentsQueryKey(event.postId));
      return;
    case 'comment.liked':
      if (event.actorId !== myId) invalidate(queryClient, commentsQueryKey(event.postId));
      return;
    case 'notification.created':
    case 'notifications.read':
      invalidate(queryClient, notificationsQueryKey);
      return;
    case 'person.updated':
      invalidate(
        queryClient,
        studentsQueryKey,
        instructorsQueryKey,
        coursesQueryKey,
        postsQueryKey,
        adminPeopleQueryKey,
      );
      if (event.personId === myId) invalidate(queryClient, meQueryKey, profileQueryKey);
      return;
    case 'course.updated':
      invalidate(queryClient, coursesQueryKey, studentsQueryKey);
      return;
    case 'progress.updated':
      invalidate(queryClient, studentQueryKey(event.studentId), coursesQueryKey);
      return;
    case 'config.updated':
      invalidate(queryClient, publicConfigQueryKey, meQueryKey, uploadTargetQueryKey);
      return;
    case 'feedback.updated':
      invalidate(queryClient, feedbackQueryKey, adminFeedbackQueryKey);
      return;
    case 'logs.updated':
      invalidate(queryClient, adminLogsQueryKey);
      return;
    case 'resync':
      void queryClient.invalidateQueries();
      return;
    case 'session.ended':
      // The guard reads who I am again (and says why, when the session still tells).
      invalidate(queryClient, meQueryKey);
      return;
  }
}

const RETRY_AFTER_REFUSAL_MS = 30_000;
/** The longest the first stream waits for the page's first reads. */
const FIRST_STREAM_WAIT_MS = 4_000;

/** Resolves when no query is being read, or after `maxMs`. */
function readsSettled(queryClient: QueryClient, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
  });
}

/**
 * Keeps one event stream open while the app is open, for a member or a guest (`viewer` is the
 * person's id, 'guest', or null for no stream). The browser reconnects by itself after a drop
 * and sends the last event id, so the server replays what was missed; a refused stream (signed
 * out elsewhere, access changed) makes the app ask again who I am.
 */
export function useLiveEvents(viewer: string | null) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  useEffect(() => {
    if (viewer === null || typeof EventSource === 'undefined') return;
    const myId = viewer === 'guest' ? null : viewer;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let lastEventId = '';
    let firstStream = true;

    const open = () => {
      // Reopened by hand the browser sends no Last-Event-ID header: the query carries it. A
      // page's first stream starts from the point its reads were made at.
      const since = firstStream ? livePosition.since() : undefined;
      firstStream = false;
      const from = lastEventId ? { lastEventId } : since ? { since } : {};
      // Reads still on their way when the stream is asked for: their point is not known.
      const unsettled = new Set(queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' }));
      source = new EventSource(apiAddress('/events', 'get', { query: from }));
      source.onmessage = (message) => {
        if (message.lastEventId) lastEventId = message.lastEventId;
        const event = readLiveEvent(message.data);
        if (event === null) return;
        applyLiveEvent(queryClient, event, myId);
        if (event.type === 'session.ended') {
          source?.close();
          stopped = true;
          // Blocked or deleted: the session is gone too, so only this event can say why.
          if (event.message) showToast(event.message, 'warning');
        }
      };
      source.onopen = () => {
        // Resuming from an event id or from the page's reads, the server sends what changed
        // since; only a read on its way when the stream was asked for, or still, may have been
        // made before that point. A stream that starts afresh carries nothing from before it
        // opened: what the screen read before then, or is reading now, is read again.
        if (lastEventId) return;
        const openedAt = Date.now();
        void queryClient.invalidateQueries({
          predicate: (query) =>
            query.state.fetchStatus === 'fetching' ||
            unsettled.has(query) ||
            (!since && query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < openedAt),
        });
        // Read again once; the browser's own reconnects resume from where this one was.
        unsettled.clear();
      };
      source.onerror = () => {
        // CONNECTING: the browser is retrying by itself. CLOSED: the server refused the stream.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        invalidate(queryClient, meQueryKey);
        retry = setTimeout(open, RETRY_AFTER_REFUSAL_MS);
      };
    };
    // The page's first reads finish first: the stream does not compete with them, and a read
    // answered before the stream is asked for has its point known.
    void readsSettled(queryClient, FIRST_STREAM_WAIT_MS).then(() => {
      if (!stopped) open();
    });
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [viewer, queryClient, showToast]);
}
