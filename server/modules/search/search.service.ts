import type { SearchResults } from '#shared/schemas/search';
import { foldForSearch, lowerForSearch } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { courseVisibility } from '../../policies/course.ts';
import { maySearchStudents } from '../../policies/student.ts';
import { avatarUrl } from '../media/avatar.ts';
import { searchKinds } from './search.repository.ts';
import { searchOnThread } from './search-thread.ts';

const hasFile = (database: AppDatabase): database is AppDatabase & { file: string } =>
  database.file !== null;

/** How many of each kind the search box shows: enough to choose from on a phone. */
export const searchLimits = { courses: 5, lessons: 8, students: 8 } as const;

const emptyResults: SearchResults = { courses: [], lessons: [], students: [] };

/**
 * Courses, lessons and students matching what was typed, ignoring case and diacritics.
 * Students and guests find courses and lessons they may open, and no students.
 */
export async function search(
  database: AppDatabase,
  viewer: PersonRow | null,
  query: string,
): Promise<SearchResults> {
  const needle = { folded: foldForSearch(query), lower: lowerForSearch(query) };
  if (needle.folded === '') return emptyResults;
  const visibility = courseVisibility(viewer);
  const limits = {
    ...searchLimits,
    students: maySearchStudents(viewer) ? searchLimits.students : 0,
  };
  const { courses, lessons, students } = hasFile(database)
    ? await searchOnThread(database, { needle, visibility, limits })
    : await searchKinds(database.db, needle, visibility, limits);
  return {
    courses: courses.map((course) => ({
      id: course.id,
      name: course.name,
      imageUrl: course.image_url,
      status: course.status,
    })),
    lessons: lessons.map((lesson) => ({
      id: lesson.id,
      title: lesson.title,
      courseId: lesson.course_id,
      courseName: lesson.course_name,
    })),
    students: students.map((student) => ({
      id: student.id,
      name: student.name,
      avatarUrl: student.avatar_url ?? avatarUrl(student.name),
      status: student.status,
    })),
  };
}
