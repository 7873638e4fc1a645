import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { vi } from '#shared/locales/vi';
import { MEDIA_NAME } from '#shared/schemas/media';
import { splitMentions } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { studentCan } from '../../policies/student.ts';
import type { MediaStore } from '../media/media.store.ts';
import { listPortfolioEvaluations, listPortfolioPhotos } from './portfolio.repository.ts';
import { csvText, progressCsv } from './progress-csv.ts';
import { getStudent } from './students.service.ts';

const words = vi.screens.studentDetail.portfolio.zip;

const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' });
const dateTime = new Intl.DateTimeFormat('vi', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Ho_Chi_Minh',
});

/** A post's text as a person reads it: `@[label](id)` written `@label`. */
const readable = (text: string) =>
  splitMentions(text)
    .map((segment) => (segment.kind === 'text' ? segment.text : `@${segment.label}`))
    .join('');

/**
 * Her portfolio as a ZIP to keep: every photo of her evaluations (as stored, from the store),
 * the evaluations as a CSV naming each photo's file, and her progress CSV. For the student
 * herself and for admins; the same privacy rule as her page decides what is in it. The archive
 * is written as it is read: a slow download holds one photo in memory, not the portfolio.
 */
export async function portfolioArchive(
  database: AppDatabase,
  store: MediaStore,
  viewer: PersonRow,
  studentId: string,
): Promise<{ stream: Readable; studentName: string }> {
  if (!studentCan(viewer, { id: studentId }).downloadPortfolio)
    throw new AppError('forbidden', 403);
  const student = await getStudent(database, viewer, studentId);
  const [evaluations, photos] = await Promise.all([
    listPortfolioEvaluations(database.db, studentId, viewer.id),
    listPortfolioPhotos(database.db, studentId, viewer.id),
  ]);
  // Each stored photo gets a file name that sorts by date: 2026-11-27-<post>-<n>.webp.
  const files = new Map<string, string[]>();
  const entries: Array<{ name: string; stored: string }> = [];
  for (const photo of photos) {
    const stored = photo.url.replace(/^\/media\//, '');
    const list = files.get(photo.post_id) ?? [];
    if (MEDIA_NAME.test(stored)) {
      const name = `${words.photosFolder}/${day.format(Number(photo.created_at))}-${photo.post_id.slice(0, 8)}-${list.length + 1}.webp`;
      entries.push({ name, stored });
      list.push(name);
    } else {
      // A photo kept elsewhere (the academy's Cloudinary) is named by its address.
      list.push(photo.url);
    }
    files.set(photo.post_id, list);
  }
  const evaluationsCsv = (written: Set<string>) =>
    csvText([
      [
        words.date,
        words.course,
        words.lesson,
        words.rating,
        words.instructor,
        words.text,
        words.photos,
      ],
      ...evaluations.map((evaluation) => [
        dateTime.format(Number(evaluation.created_at)),
        evaluation.course_name ?? '',
        evaluation.lesson_title_now ?? evaluation.lesson_title ?? '',
        evaluation.rating === null ? '' : `${evaluation.rating}/10`,
        evaluation.author_name,
        readable(evaluation.text),
        (files.get(evaluation.id) ?? [])
          .filter((name) => written.has(name) || !name.startsWith(`${words.photosFolder}/`))
          .join(' '),
      ]),
    ]);

  const output = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      output.destroy(error);
      return;
    }
    output.write(chunk);
    if (final) output.end();
  });
  const text = (name: string, content: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(new TextEncoder().encode(content), true);
  };
  const drained = () =>
    output.writableNeedDrain
      ? new Promise<void>((resolve) => output.once('drain', () => resolve()))
      : Promise.resolve();
  (async () => {
    const written = new Set<string>();
    for (const entry of entries) {
      const object = await store.open(entry.stored);
      if (!object) continue; // removed since it was listed
      // WebP is compressed already: stored as it is.
      const file = new ZipPassThrough(entry.name);
      zip.add(file);
      for await (const chunk of object.body) {
        file.push(chunk as Uint8Array);
        await drained();
        if (output.destroyed) {
          object.body.destroy();
          return;
        }
      }
      file.push(new Uint8Array(0), true);
      written.add(entry.name);
    }
    // The evaluations name the photos the archive holds.
    text(words.evaluationsFile, evaluationsCsv(written));
    text(words.progressFile, progressCsv(student));
    zip.end();
  })().catch((error: unknown) => {
    // A store that fails halfway ends the download short: the archive is never taken as whole.
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { stream: output, studentName: student.name };
}
