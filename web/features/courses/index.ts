// What other features may use of courses; the rest is its own (biome.json enforces it).
export {
  coursesQueryKey,
  searchQueryKey,
  useCourse,
  useCoursePosts,
  useCourseStudents,
  useCourses,
  useInstructorChoices,
} from './api/courses.ts';
export type { SeenActivity } from './seen-activity.ts';
