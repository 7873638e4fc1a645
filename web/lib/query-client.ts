import { MutationCache, onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError, failureMessage } from './api-client.ts';
import { queriesFetching } from './queries-fetching.ts';
import { KEPT_FOR_MS } from './query-persister.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * What the toast says when this write fails, before the server's reason (a 4xx's
       * Vietnamese message). Without it, the mutation shows its own failure.
       */
      errorToast?: string;
    };
    queryMeta: {
      /**
       * What a query's data holds when it shows posts: one post, or pages of them (the feed,
       * a course's activity, a person's posts, bookmarks). A like or a bookmark is written into
       * every such query at once (features/posts/api/posts.ts).
       */
      holds?: 'post' | 'post-pages';
    };
  }
}

type ErrorReporter = (message: string) => void;
let reportError: ErrorReporter = () => {};

/** Where failed writes are told: the toast, connected by the layout that owns both. */
export function reportMutationErrorsTo(reporter: ErrorReporter): () => void {
  reportError = reporter;
  return () => {
    if (reportError === reporter) reportError = () => {};
  };
}

/**
 * Every write's failure is told the same way, in one place: the toast names what failed and,
 * for a refusal, the server's reason. A write that shows its failure itself (next to a field,
 * in a form) leaves `meta.errorToast` out.
 */
const mutationCache = new MutationCache({
  onError: (failure, _variables, _context, mutation) => {
    const action = mutation.meta?.errorToast;
    if (action) reportError(failureMessage(action, failure));
  },
});

/*
 * Whether the phone is online, as the query cache sees it, read from the browser each time the
 * cache starts listening again, not only from the events it heard. The cache listens only while
 * a screen with queries is mounted: a signal that returns on the login screen (a sign-out made
 * offline) would otherwise leave every question after the next sign-in paused as offline, the
 * feed "loading" and the outbox's photos at 0 %, until the connection changed once more.
 */
onlineManager.setEventListener((setOnline) => {
  if (typeof window === 'undefined') return undefined;
  const update = () => setOnline(navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
});

/** The app's one query cache; screens reach it through their route's provider (app/layout/with-queries.tsx). */
export const queryClient = new QueryClient({
  mutationCache,
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // What was loaded stays, to be kept on the device for reading offline (query-persister.ts).
      gcTime: KEPT_FOR_MS,
      // Caller mistakes (4xx) will not get better by asking again.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: true,
    },
    mutations: {
      // A write sent without a connection fails at once and says so, rather than waiting
      // unseen in memory, where a reload or a closed tab would lose it; what was typed stays on
      // the device (drafts) to send again.
      networkMode: 'always',
    },
  },
});

/** The member whose answers fill the cache (null: no member, or not known yet). */
let cacheOwner: string | null = null;

queryClient.getQueryCache().subscribe((event) => {
  queriesFetching.set(queryClient.isFetching() > 0);
  // When the server names someone else than the member the cache was filled for (another
  // person signed in on this phone, a session ended), nothing of hers stays on screen. A visitor
  // becoming a member (a guest signing in, a new account approved) keeps what she was shown:
  // removing queries under mounted screens would leave them deaf to later changes.
  // The person herself is `['me']`; `['me', 'profile']` and the like are her answers.
  const { queryKey } = event.query;
  if (queryKey.length !== 1 || queryKey[0] !== 'me' || event.query.state.data === undefined) return;
  const me = event.query.state.data as { state?: string; person?: { id?: string } };
  const owner = me.state === 'member' ? (me.person?.id ?? null) : null;
  if (cacheOwner && owner !== cacheOwner) {
    queryClient.removeQueries({ predicate: (query) => query !== event.query });
  }
  cacheOwner = owner;
});
