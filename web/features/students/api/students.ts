import {
  keepPreviousData,
  type QueryClient,
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
import { compareVietnameseNames, foldForSearch } from '#shared/text';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
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
/**
 * With no connection, the students this page has already loaded (the picker's and the student
 * list's answers) whose names hold what was typed, ignoring case and diacritics: an instructor
 * chooses whom to evaluate in class without a signal.
 */
function studentsAlreadyLoaded(queryClient: QueryClient, q: string): StudentList {
  const found = new Map<string, StudentList['students'][number]>();
  const wanted = foldForSearch(q);
  for (const [, data] of queryClient.getQueriesData<StudentList | { pages: StudentList[] }>({
    queryKey: studentsQueryKey,
  })) {
    const lists = data && 'pages' in data ? data.pages : data ? [data] : [];
    for (const list of lists) {
      for (const student of list.students ?? []) {
        if (foldForSearch(student.name).includes(wanted)) found.set(student.id, student);
      }
    }
  }
  const students = [...found.values()].sort((a, b) => compareVietnameseNames(a.name, b.name));
  return { students, total: students.length, nextPage: null };
}

export function useStudentChoices(typed: string, enabled: boolean) {
  const q = typed.trim();
  const queryClient = useQueryClient();
  return useQuery({
    enabled,
    queryKey: [...studentsQueryKey, 'picker', q],
    // While the next letters' answer comes, the last list stays (no flicker, and a student
    // tapped in it is not pulled from under the finger).
    placeholderData: keepPreviousData,
    // Asked even offline, so that the answer can come from what was loaded (below).
    networkMode: 'always',
    queryFn: ({ signal }) =>
      apiRequest<StudentList>(`/students?sort=name&q=${encodeURIComponent(q)}`, { signal }).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 0)
            return studentsAlreadyLoaded(queryClient, q);
          throw error;
        },
      ),
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

export const setCourseFinished = (id: string, courseId: string, finished: boolean) =>
  apiRequest<StudentDetail>(`/students/${id}/courses/${courseId}/finished`, {
    method: 'PUT',
    body: { finished },
  });

/**
 * Marks a student's course finished after its last lesson, or not: her page and every list
 * follow (her status may become "Đã hoàn thành").
 */
export function useCourseFinished(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, finished }: { courseId: string; finished: boolean }) =>
      setCourseFinished(id, courseId, finished),
    onSuccess: async (detail) => {
      queryClient.setQueryData(studentQueryKey(id), detail);
      await queryClient.invalidateQueries({ queryKey: studentsQueryKey });
    },
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

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
