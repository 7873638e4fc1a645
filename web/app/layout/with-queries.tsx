import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useToast } from '../../components/overlays/toast.tsx';
import { queryClient, reportMutationErrorsTo } from '../../lib/query-client.ts';
import { KEPT_FOR_MS, queryPersister } from '../../lib/query-persister.ts';

const persistOptions = { persister: queryPersister, maxAge: KEPT_FOR_MS };
// What was restored is what an earlier page loaded, however recent: the screens shown ask again.
// What this page asked for already (the feed, fetched while the route loads) is not asked twice.
const askAgain = () =>
  queryClient.invalidateQueries(
    { predicate: (query) => query.state.dataUpdatedAt < performance.timeOrigin },
    { cancelRefetch: false },
  );

/**
 * The routes that ask the server through TanStack Query sit under this one, so that the query
 * cache loads with them and not with /login (scripts/size-budget.ts). What was loaded is kept on
 * the device and restored first, so the app opened offline shows it (lib/query-persister.ts).
 */
export function WithQueries() {
  const { showToast } = useToast();
  useEffect(() => reportMutationErrorsTo((message) => showToast(message, 'error')), [showToast]);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={askAgain}
    >
      <Outlet />
    </PersistQueryClientProvider>
  );
}
