import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';

/**
 * The routes that ask the server through TanStack Query sit under this one, so that the query
 * cache loads with them and not with /login (scripts/size-budget.ts).
 */
export function WithQueries() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
