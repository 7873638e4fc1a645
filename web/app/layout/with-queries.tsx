import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useToast } from '../../components/overlays/toast.tsx';
import { queryClient, reportMutationErrorsTo } from '../../lib/query-client.ts';

/**
 * The routes that ask the server through TanStack Query sit under this one, so that the query
 * cache loads with them and not with /login (scripts/size-budget.ts).
 */
export function WithQueries() {
  const { showToast } = useToast();
  useEffect(() => reportMutationErrorsTo((message) => showToast(message, 'error')), [showToast]);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
