import { useQuery } from '@tanstack/react-query';
import { Course, type CourseInput, CourseList, InstructorChoices } from '#shared/schemas/courses';
import { SearchResults } from '#shared/schemas/search';
import { apiRequest } from '../../../lib/api-client.ts';

export const coursesQueryKey = ['courses'] as const;
export const courseQueryKey = (id: string) => ['courses', id] as const;

export function useCourses() {
  return useQuery({
    queryKey: coursesQueryKey,
    queryFn: ({ signal }) => apiRequest('/courses', { signal, schema: CourseList }),
  });
}

export function useCourse(id: string) {
  return useQuery({
    queryKey: courseQueryKey(id),
    queryFn: ({ signal }) => apiRequest(`/courses/${id}`, { signal, schema: Course }),
  });
}

export function useInstructorChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['courses', 'instructor-choices'],
    queryFn: ({ signal }) =>
      apiRequest('/courses/instructor-choices', { signal, schema: InstructorChoices }),
    enabled,
    staleTime: 60_000,
  });
}

export const createCourse = (input: CourseInput) =>
  apiRequest('/courses', { method: 'POST', body: input, schema: Course });

export const updateCourse = (id: string, input: CourseInput) =>
  apiRequest(`/courses/${id}`, { method: 'PUT', body: input, schema: Course });

export const deleteCourse = (id: string) =>
  apiRequest<{ deleted: true }>(`/courses/${id}`, { method: 'DELETE' });

export const approveCourse = (id: string) =>
  apiRequest(`/courses/${id}/approve`, { method: 'POST', schema: Course });

/** Search results for what was typed. */
export function useSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) =>
      apiRequest(`/search?q=${encodeURIComponent(q)}`, { signal, schema: SearchResults }),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}
