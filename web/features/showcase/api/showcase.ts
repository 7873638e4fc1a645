import { useQuery } from '@tanstack/react-query';
import { ApiError, answer, api } from '../../../lib/api-client.ts';

export const showcaseQueryKey = ['showcase'] as const;

/**
 * The academy's public showcase. Asked again on every visit: a student may have withdrawn her
 * consent, or an admin closed the page, since it was last seen.
 */
export function useShowcase() {
  return useQuery({
    queryKey: showcaseQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/showcase', { signal })),
    staleTime: 0,
    gcTime: 0,
    // Closed (404) is an answer, not a failure worth asking again.
    retry: (count, failure) =>
      !(failure instanceof ApiError && failure.status === 404) && count < 2,
  });
}
