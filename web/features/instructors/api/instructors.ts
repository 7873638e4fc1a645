import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { InstructorDetail, InstructorList } from '#shared/schemas/instructors';
import { PostPage } from '#shared/schemas/posts';
import { apiRequest } from '../../../lib/api-client.ts';

export function useInstructors() {
  return useQuery({
    queryKey: ['instructors'],
    queryFn: ({ signal }) => apiRequest('/instructors', { signal, schema: InstructorList }),
  });
}

export function useInstructor(id: string) {
  return useQuery({
    queryKey: ['instructors', id],
    queryFn: ({ signal }) => apiRequest(`/instructors/${id}`, { signal, schema: InstructorDetail }),
  });
}

export function useInstructorPosts(id: string) {
  return useInfiniteQuery({
    queryKey: ['instructors', id, 'posts'],
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiRequest(`/instructors/${id}/posts${pageParam ? `?cursor=${pageParam}` : ''}`, {
        signal,
        schema: PostPage,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
