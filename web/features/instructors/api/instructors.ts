import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { InstructorDetail, InstructorList } from '#shared/schemas/instructors';
import type { PostPage } from '#shared/schemas/posts';
import { apiRequest } from '../../../lib/api-client.ts';

export const instructorsQueryKey = ['instructors'] as const;
export const instructorQueryKey = (id: string) => [...instructorsQueryKey, id] as const;

export function useInstructors() {
  return useQuery({
    queryKey: instructorsQueryKey,
    queryFn: ({ signal }) => apiRequest<InstructorList>('/instructors', { signal }),
  });
}

export function useInstructor(id: string) {
  return useQuery({
    queryKey: instructorQueryKey(id),
    queryFn: ({ signal }) => apiRequest<InstructorDetail>(`/instructors/${id}`, { signal }),
  });
}

export function useInstructorPosts(id: string) {
  return useInfiniteQuery({
    queryKey: [...instructorQueryKey(id), 'posts'],
    meta: { holds: 'post-pages' },
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<PostPage>(`/instructors/${id}/posts${pageParam ? `?cursor=${pageParam}` : ''}`, {
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
