import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client.ts';
import { studentsQueryKey } from './student-keys.ts';

/**
 * Every student with her courses and current lessons, whom the instructor is likely teaching,
 * and the courses' lessons: what the post form chooses from. It lives in the query cache, which
 * the device keeps, so that the form works in class with no signal; under `students` so that a
 * change to a student refreshes it.
 */
export const classRosterQuery = queryOptions({
  queryKey: [...studentsQueryKey, 'roster'] as const,
  queryFn: ({ signal }) => answer(api.GET('/students/roster', { signal })),
  staleTime: 60_000,
  // What the device kept is shown at once, offline too; online it is asked for again.
  networkMode: 'offlineFirst',
});

export function useClassRoster(enabled = true) {
  return useQuery({ ...classRosterQuery, enabled });
}

/** Loads the roster ahead of class, so that the form has it when the signal goes. */
export const prefetchClassRoster = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(classRosterQuery);

/** The roster as this device holds it, if it was ever loaded. */
export const keptClassRoster = (queryClient: QueryClient) =>
  queryClient.getQueryData(classRosterQuery.queryKey);
