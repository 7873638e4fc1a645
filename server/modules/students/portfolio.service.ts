import type { StudentPortfolio } from '#shared/schemas/students';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { listPortfolioPhotos } from './portfolio.repository.ts';
import { getStudent } from './students.service.ts';

/**
 * A student's portfolio: every photo of her evaluations the viewer may see, newest first, with
 * the evaluation, rating, course and lesson of each. The same door as her page (staff, herself,
 * guests where her page is shown) and the same privacy rule as every read of posts.
 */
export async function studentPortfolio(
  database: AppDatabase,
  viewer: PersonRow | null,
  studentId: string,
): Promise<StudentPortfolio> {
  await getStudent(database, viewer, studentId);
  const rows = await listPortfolioPhotos(database.db, studentId, viewer?.id ?? null);
  return {
    works: rows.map((row) => ({
      postId: row.post_id,
      photo: { url: row.url, width: row.width, height: row.height },
      createdAt: Number(row.created_at),
      rating: row.rating === null ? null : Number(row.rating),
      course:
        row.course_id && row.course_name !== null
          ? { id: row.course_id, name: row.course_name }
          : null,
      lesson: row.lesson_id
        ? { id: row.lesson_id, title: row.lesson_title_now ?? row.lesson_title ?? '' }
        : null,
    })),
  };
}
