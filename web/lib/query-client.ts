import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { queriesFetching } from './queries-fetching.ts';

/** The app's one query cache; screens reach it through their route's provider (app/layout/with-queries.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Caller mistakes (4xx) will not get better by asking again.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: true,
    },
  },
});

queryClient.getQueryCache().subscribe(() => queriesFetching.set(queryClient.isFetching() > 0));
