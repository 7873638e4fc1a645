import type { StudentPortfolio } from '#shared/schemas/students';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { listFeaturedOfStudent } from '../showcase/showcase.repository.ts';
import { findShowcaseConsent, listPortfolioPhotos } from './portfolio.repository.ts';
import { getStudent } from './students.service.ts';

/**
 * A student's portfolio: every photo of her evaluations the viewer may see, newest first, with
 * the evaluation, rating, course and lesson of each. The same door as her page (staff, herself,
 * guests where her page is shown) and the same privacy rule as every read of posts. Staff and
 * she herself also see which photos are featured and, while she consents, their share links.
 */
export async function studentPortfolio(
  database: AppDatabase,
  viewer: PersonRow | null,
  studentId: string,
): Promise<StudentPortfolio> {
  await getStudent(database, viewer, studentId);
  const insider = viewer !== null;
  const [rows, consent, featured] = await Promise.all([
    listPortfolioPhotos(database.db, studentId, viewer?.id ?? null),
    insider ? findShowcaseConsent(database.db, studentId) : Promise.resolve(false),
    insider ? listFeaturedOfStudent(database.db, studentId) : Promise.resolve([]),
  ]);
  const tokens = new Map(featured.map((row) => [`${row.post_id} ${row.photo_url}`, row.token]));
  return {
    showcaseConsent: consent,
    works: rows.map((row) => {
      const token = tokens.get(`${row.post_id} ${row.url}`);
      return {
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
        featured: token !== undefined,
        shareToken: consent && token !== undefined ? token : null,
      };
    }),
  };
}
