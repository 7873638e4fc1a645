import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client.ts';

export const instructorsQueryKey = ['instructors'] as const;
export const instructorQueryKey = (id: string) => [...instructorsQueryKey, id] as const;

export function useInstructors() {
  return useQuery({
    queryKey: instructorsQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/instructors', { signal })),
  });
}

export function useInstructor(id: string) {
  return useQuery({
    queryKey: instructorQueryKey(id),
    queryFn: ({ signal }) =>
      answer(
        api.GET('/instructors/{instructorId}', { params: { path: { instructorId: id } }, signal }),
      ),
  });
}

export function useInstructorPosts(id: string) {
  return useInfiniteQuery({
    queryKey: [...instructorQueryKey(id), 'posts'],
    meta: { holds: 'post-pages' },
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      answer(
        api.GET('/instructors/{instructorId}/posts', {
          params: { path: { instructorId: id }, query: { cursor: pageParam ?? undefined } },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}
