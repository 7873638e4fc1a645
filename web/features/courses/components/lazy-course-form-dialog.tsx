import { lazyComponent } from '../../../lib/lazy-module.ts';

/**
 * The course form, fetched when it opens: the courses list and a course show without its code
 * (cover photo upload, the lessons editor, the instructors' picker, the form's checks).
 */
export const LazyCourseFormDialog = lazyComponent(() =>
  import('./course-form-dialog.tsx').then((module) => module.CourseFormDialog),
);
