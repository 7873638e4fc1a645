import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PostPage } from '#shared/schemas/posts';
import {
  type ProgressInput,
  StudentDetail,
  type StudentInput,
  StudentList,
} from '#shared/schemas/students';
import { apiRequest } from '../../../lib/api-client.ts';

export const studentsQueryKey = ['students'] as const;
export const studentQueryKey = (id: string) => ['students', 'detail', id] as const;

export interface StudentFilters {
  q: string;
  courseIds: string[];
  sort: 'name' | 'enrolledAt' | 'status';
}

/** The student list, 30 at a time, for what was typed, the chosen courses and the order. */
export function useStudents(filters: StudentFilters) {
  return useInfiniteQuery({
    queryKey: [...studentsQueryKey, 'list', filters],
    initialPageParam: 0,
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ sort: filters.sort, page: String(pageParam) });
      if (filters.q.trim()) query.set('q', filters.q.trim());
      if (filters.courseIds.length > 0) query.set('courseIds', filters.courseIds.join(','));
      return apiRequest(`/students?${query}`, { signal, schema: StudentList });
    },
    getNextPageParam: (page) => page.nextPage,
    placeholderData: (previous) => previous,
  });
}

export function useStudent(id: string) {
  return useQuery({
    queryKey: studentQueryKey(id),
    queryFn: ({ signal }) => apiRequest(`/students/${id}`, { signal, schema: StudentDetail }),
  });
}

export const createStudent = (input: StudentInput) =>
  apiRequest('/students', { method: 'POST', body: input, schema: StudentDetail });
export const updateStudent = (id: string, input: StudentInput) =>
  apiRequest(`/students/${id}`, { method: 'PUT', body: input, schema: StudentDetail });
export const deleteStudent = (id: string) =>
  apiRequest<{ deleted: true }>(`/students/${id}`, { method: 'DELETE' });
export const blockStudent = (id: string, reason: string) =>
  apiRequest(`/students/${id}/block`, { method: 'POST', body: { reason }, schema: StudentDetail });
export const unblockStudent = (id: string) =>
  apiRequest(`/students/${id}/unblock`, { method: 'POST', schema: StudentDetail });
export const updateProgress = (id: string, lessonId: string, change: ProgressInput) =>
  apiRequest(`/students/${id}/progress/${lessonId}`, {
    method: 'PUT',
    body: change,
    schema: StudentDetail,
  });

/** Evaluations of the student, newest first, 10 at a time. */
export function useStudentEvaluations(id: string) {
  return useInfiniteQuery({
    queryKey: [...studentQueryKey(id), 'evaluations'],
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiRequest(`/students/${id}/evaluations${pageParam ? `?cursor=${pageParam}` : ''}`, {
        signal,
        schema: PostPage,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
