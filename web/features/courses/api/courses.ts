import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseInput } from '#shared/schemas/courses';
import { answer, api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';

export const coursesQueryKey = ['courses'] as const;
export const courseQueryKey = (id: string) => ['courses', id] as const;

export function useCourses() {
  return useQuery({
    queryKey: coursesQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/courses', { signal })),
  });
}

export function useCourse(id: string, enabled = true) {
  return useQuery({
    queryKey: courseQueryKey(id),
    queryFn: ({ signal }) =>
      answer(api.GET('/courses/{courseId}', { params: { path: { courseId: id } }, signal })),
    enabled,
  });
}

/** Per-lesson completion and latest activity (everyone who may see the course). */
export function useCourseProgress(id: string) {
  return useQuery({
    queryKey: [...courseQueryKey(id), 'progress'],
    queryFn: ({ signal }) =>
      answer(
        api.GET('/courses/{courseId}/progress', { params: { path: { courseId: id } }, signal }),
      ),
  });
}

/** The enrolled students and their progress (staff). */
export function useCourseStudents(id: string) {
  return useQuery({
    queryKey: [...courseQueryKey(id), 'students'],
    queryFn: ({ signal }) =>
      answer(
        api.GET('/courses/{courseId}/students', { params: { path: { courseId: id } }, signal }),
      ),
  });
}

/** The statistics tab's figures (staff). */
export function useCourseStatistics(id: string) {
  return useQuery({
    queryKey: [...courseQueryKey(id), 'statistics'],
    queryFn: ({ signal }) =>
      answer(
        api.GET('/courses/{courseId}/statistics', { params: { path: { courseId: id } }, signal }),
      ),
  });
}

/** The course's posts, newest first, a page of 10 at a time; optionally one lesson's. */
export function useCoursePosts(id: string, lessonId: string | null) {
  return useInfiniteQuery({
    queryKey: [...courseQueryKey(id), 'posts', lessonId],
    meta: { holds: 'post-pages' },
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      answer(
        api.GET('/courses/{courseId}/posts', {
          params: {
            path: { courseId: id },
            query: { lessonId: lessonId ?? undefined, cursor: pageParam ?? undefined },
          },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useInstructorChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...coursesQueryKey, 'instructor-choices'],
    queryFn: ({ signal }) => answer(api.GET('/courses/instructor-choices', { signal })),
    enabled,
    staleTime: 60_000,
  });
}

export const createCourse = (input: CourseInput) => answer(api.POST('/courses', { body: input }));

export const updateCourse = (id: string, input: CourseInput) =>
  answer(api.PUT('/courses/{courseId}', { params: { path: { courseId: id } }, body: input }));

/**
 * Creates a course, or saves the one given: its page shows the server's answer and every list
 * of courses follows. The form says a failure itself: what failed depends on what was changed.
 */
export function useSaveCourse(courseId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CourseInput) =>
      courseId ? updateCourse(courseId, input) : createCourse(input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(courseQueryKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: coursesQueryKey });
    },
  });
}

export const deleteCourse = (id: string) =>
  answer(api.DELETE('/courses/{courseId}', { params: { path: { courseId: id } } }));

export const approveCourse = (id: string) =>
  answer(api.POST('/courses/{courseId}/approve', { params: { path: { courseId: id } } }));

/** An admin approves a proposed course; every list of courses follows. */
export function useApproveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => approveCourse(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: coursesQueryKey }),
    meta: { errorToast: t('toasts.approveFailed') },
  });
}

/** Deletes a course: its page is forgotten and every list of courses follows. */
export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCourse(id),
    onSuccess: async (_deleted, id) => {
      queryClient.removeQueries({ queryKey: courseQueryKey(id) });
      await queryClient.invalidateQueries({ queryKey: coursesQueryKey });
    },
    meta: { errorToast: t('toasts.deleteFailed') },
  });
}

export const searchQueryKey = ['search'] as const;

/** Search results for what was typed. */
export function useSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: [...searchQueryKey, q],
    queryFn: ({ signal }) => answer(api.GET('/search', { params: { query: { q } }, signal })),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}
