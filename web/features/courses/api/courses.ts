import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  Course,
  CourseInput,
  CourseList,
  CourseProgress,
  CourseStatistics,
  CourseStudents,
  InstructorChoices,
} from '#shared/schemas/courses';
import type { PostPage } from '#shared/schemas/posts';
import type { SearchResults } from '#shared/schemas/search';
import { apiRequest } from '../../../lib/api-client.ts';

export const coursesQueryKey = ['courses'] as const;
export const courseQueryKey = (id: string) => ['courses', id] as const;

export function useCourses() {
  return useQuery({
    queryKey: coursesQueryKey,
    queryFn: ({ signal }) => apiRequest<CourseList>('/courses', { signal }),
  });
}

export function useCourse(id: string, enabled = true) {
  return useQuery({
    queryKey: courseQueryKey(id),
    queryFn: ({ signal }) => apiRequest<Course>(`/courses/${id}`, { signal }),
    enabled,
  });
}

/** Per-lesson completion and latest activity (everyone who may see the course). */
export function useCourseProgress(id: string) {
  return useQuery({
    queryKey: [...courseQueryKey(id), 'progress'],
    queryFn: ({ signal }) => apiRequest<CourseProgress>(`/courses/${id}/progress`, { signal }),
  });
}

/** The enrolled students and their progress (staff). */
export function useCourseStudents(id: string) {
  return useQuery({
    queryKey: [...courseQueryKey(id), 'students'],
    queryFn: ({ signal }) => apiRequest<CourseStudents>(`/courses/${id}/students`, { signal }),
  });
}

/** The statistics tab's figures (staff). */
export function useCourseStatistics(id: string) {
  return useQuery({
    queryKey: [...courseQueryKey(id), 'statistics'],
    queryFn: ({ signal }) => apiRequest<CourseStatistics>(`/courses/${id}/statistics`, { signal }),
  });
}

/** The course's posts, newest first, a page of 10 at a time; optionally one lesson's. */
export function useCoursePosts(id: string, lessonId: string | null) {
  return useInfiniteQuery({
    queryKey: [...courseQueryKey(id), 'posts', lessonId],
    meta: { holds: 'post-pages' },
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams();
      if (lessonId) query.set('lessonId', lessonId);
      if (pageParam) query.set('cursor', pageParam);
      const suffix = query.size > 0 ? `?${query}` : '';
      return apiRequest<PostPage>(`/courses/${id}/posts${suffix}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useInstructorChoices(enabled: boolean) {
  return useQuery({
    queryKey: [...coursesQueryKey, 'instructor-choices'],
    queryFn: ({ signal }) =>
      apiRequest<InstructorChoices>('/courses/instructor-choices', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export const createCourse = (input: CourseInput) =>
  apiRequest<Course>('/courses', { method: 'POST', body: input });

export const updateCourse = (id: string, input: CourseInput) =>
  apiRequest<Course>(`/courses/${id}`, { method: 'PUT', body: input });

export const deleteCourse = (id: string) =>
  apiRequest<{ deleted: true }>(`/courses/${id}`, { method: 'DELETE' });

export const approveCourse = (id: string) =>
  apiRequest<Course>(`/courses/${id}/approve`, { method: 'POST' });

export const searchQueryKey = ['search'] as const;

/** Search results for what was typed. */
export function useSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: [...searchQueryKey, q],
    queryFn: ({ signal }) =>
      apiRequest<SearchResults>(`/search?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}
