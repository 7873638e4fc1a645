import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PostPage } from '#shared/schemas/posts';
import type {
  ProgressInput,
  StudentDetail,
  StudentInput,
  StudentList,
} from '#shared/schemas/students';
import { apiRequest } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';

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
      return apiRequest<StudentList>(`/students?${query}`, { signal });
    },
    getNextPageParam: (page) => page.nextPage,
    placeholderData: (previous) => previous,
  });
}

/** Students whose name holds what was typed, in name order: the picker's list. */
export function useStudentChoices(typed: string, enabled: boolean) {
  const q = typed.trim();
  return useQuery({
    enabled,
    queryKey: [...studentsQueryKey, 'picker', q],
    // While the next letters' answer comes, the last list stays (no flicker, and a student
    // tapped in it is not pulled from under the finger).
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<StudentList>(`/students?sort=name&q=${encodeURIComponent(q)}`, { signal }),
  });
}

/** One student with their courses and progress, for `useQuery` or `fetchQuery`. */
export const studentQuery = (id: string) =>
  queryOptions({
    queryKey: studentQueryKey(id),
    queryFn: ({ signal }) => apiRequest<StudentDetail>(`/students/${id}`, { signal }),
  });

export function useStudent(id: string, enabled = true) {
  return useQuery({ ...studentQuery(id), enabled });
}

export const createStudent = (input: StudentInput) =>
  apiRequest<StudentDetail>('/students', { method: 'POST', body: input });
export const updateStudent = (id: string, input: StudentInput) =>
  apiRequest<StudentDetail>(`/students/${id}`, { method: 'PUT', body: input });
export const deleteStudent = (id: string) =>
  apiRequest<{ deleted: true }>(`/students/${id}`, { method: 'DELETE' });
export const blockStudent = (id: string, reason: string) =>
  apiRequest<StudentDetail>(`/students/${id}/block`, { method: 'POST', body: { reason } });
export const unblockStudent = (id: string) =>
  apiRequest<StudentDetail>(`/students/${id}/unblock`, { method: 'POST' });
export const updateProgress = (id: string, lessonId: string, change: ProgressInput) =>
  apiRequest<StudentDetail>(`/students/${id}/progress/${lessonId}`, {
    method: 'PUT',
    body: change,
  });

/**
 * Blocking (with a reason), unblocking and deleting a student. The student's page and every list
 * follow; a failure is told in the toast with the server's reason.
 */
export function useStudentChanges(id: string) {
  const queryClient = useQueryClient();
  const refresh = async (detail?: StudentDetail) => {
    if (detail) queryClient.setQueryData(studentQueryKey(id), detail);
    await queryClient.invalidateQueries({ queryKey: studentsQueryKey });
  };
  const updateFailed = { errorToast: t('toasts.updateFailed') };
  return {
    block: useMutation({
      mutationFn: (reason: string) => blockStudent(id, reason),
      onSuccess: (detail) => refresh(detail),
      meta: updateFailed,
    }),
    unblock: useMutation({
      mutationFn: () => unblockStudent(id),
      onSuccess: (detail) => refresh(detail),
      meta: updateFailed,
    }),
    remove: useMutation({
      mutationFn: () => deleteStudent(id),
      onSuccess: async () => {
        queryClient.removeQueries({ queryKey: studentQueryKey(id) });
        await refresh();
      },
      meta: { errorToast: t('toasts.deleteFailed') },
    }),
  };
}

/** Evaluations of the student, newest first, 10 at a time. */
export function useStudentEvaluations(id: string) {
  return useInfiniteQuery({
    queryKey: [...studentQueryKey(id), 'evaluations'],
    meta: { holds: 'post-pages' },
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<PostPage>(
        `/students/${id}/evaluations${pageParam ? `?cursor=${pageParam}` : ''}`,
        {
          signal,
        },
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}
