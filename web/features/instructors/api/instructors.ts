import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { InstructorDetail, InstructorList } from '#shared/schemas/instructors';
import type { PostPage } from '#shared/schemas/posts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useInstructors() {
  return useQuery({
    queryKey: ['instructors'],
    queryFn: ({ signal }) => apiRequest<InstructorList>('/instructors', { signal }),
  });
}

export function useInstructor(id: string) {
  return useQuery({
    queryKey: ['instructors', id],
    queryFn: ({ signal }) => apiRequest<InstructorDetail>(`/instructors/${id}`, { signal }),
  });
}

export function useInstructorPosts(id: string) {
  return useInfiniteQuery({
    queryKey: ['instructors', id, 'posts'],
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<PostPage>(`/instructors/${id}/posts${pageParam ? `?cursor=${pageParam}` : ''}`, {
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
