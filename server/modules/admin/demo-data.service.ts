import { randomUUID } from 'node:crypto';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { announceCourseChange } from '../events/announce.ts';
import { removeUnusedMedia } from '../media/media.cleanup.ts';
import { insertMedia, listDemoPostMedia } from '../media/media.repository.ts';
import { storeImage } from '../media/media.storage.ts';
import type { MediaStore } from '../media/media.store.ts';
import {
  countDemoRows,
  deleteDemoRows,
  hasDemoRows,
  insertDemoCompletion,
  insertDemoCourse,
  insertDemoEnrolment,
  insertDemoEvaluation,
  insertDemoPerson,
} from './demo-data.repository.ts';
import { DEMO_PHOTO_COUNT, demoPhoto } from './demo-photos.ts';

/*
 * Demo data (the spec's isAiGenerated): a small, believable nail-art academy for trying the app
 * out, every row flagged `is_demo`, and a wipe that removes exactly those rows.
 */

const DAY = 86_400_000;

const COURSES = [
  {
    name: 'Sơn gel cơ bản',
    description: 'Chuẩn bị móng, sơn nền, sơn màu gel và phủ bóng cho khách hàng đầu tiên.',
    lessons: ['Vệ sinh và chuẩn bị móng', 'Dũa form móng', 'Sơn nền', 'Sơn màu gel', 'Phủ bóng'],
  },
  {
    name: 'Vẽ móng nghệ thuật',
    description: 'Nét cọ, hoa lá, ombre và đính đá cho bộ móng nổi bật.',
    lessons: ['Nét cọ cơ bản', 'Vẽ hoa mai', 'Ombre hai màu', 'Đính đá', 'Bộ móng Tết'],
  },
  {
    name: 'Đắp bột và nối móng',
    description: 'Đắp bột acrylic, nối móng bằng form và tháo móng an toàn.',
    lessons: ['Dụng cụ và an toàn', 'Đắp bột cơ bản', 'Nối móng bằng form', 'Tháo móng'],
  },
];

const INSTRUCTORS = ['Nguyễn Thị Hồng Nhung', 'Phạm Minh Tuấn', 'Lê Thu Trang'];

const STUDENTS = [
  'Trần Thị Mai',
  'Nguyễn Ngọc Ánh',
  'Võ Thị Thu Hà',
  'Đặng Quỳnh Như',
  'Bùi Thị Lan',
  'Hoàng Kim Ngân',
  'Phan Thị Yến',
  'Đỗ Bảo Ngọc',
  'Huỳnh Thị Diễm',
  'Lý Thanh Tâm',
  'Vũ Thị Hạnh',
  'Ngô Minh Thư',
];

const REMARKS = [
  'Màu sơn đều, viền gọn. Lần sau chú ý lớp phủ bóng mỏng hơn.',
  'Form móng cân đối, dũa rất kỹ. Rất tốt!',
  'Nét cọ còn run, cần luyện thêm nét mảnh.',
  'Phối màu đẹp, đính đá chắc tay.',
  'Sơn nền bị lem ở khóe móng, cần cẩn thận hơn.',
  'Tiến bộ rõ so với tuần trước, giữ vững nhé!',
];

const COMMENTS = [
  'Đẹp quá chị ơi!',
  'Cảm ơn cô đã góp ý ạ.',
  'Em sẽ luyện thêm phần này.',
  'Màu này phối với ombre hồng sẽ hợp lắm.',
  'Bộ này khách chắc chắn thích.',
];

/** A deterministic sequence, so the demo academy is the same every time it is generated. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Generates the demo academy in one transaction; refused while demo data exists. */
export async function generateDemoData(database: AppDatabase, admin: PersonRow, store: MediaStore) {
  if (await hasDemoRows(database.db)) throw new AppError('demo_exists', 409);
  const now = Date.now();
  const random = sequence(20_251_122);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

  // Photos are files: written first (by content, so a retry writes nothing new).
  const photos: Array<{ id: string; url: string; width: number; height: number }> = [];
  for (let index = 0; index < DEMO_PHOTO_COUNT; index += 1) {
    const image = await demoPhoto(index);
    const stored = await storeImage(store, image);
    await insertMedia(database.db, {
      id: stored.id,
      ownerId: admin.id,
      use: 'post',
      width: image.width,
      height: image.height,
      bytes: image.main.length,
      now,
    });
    photos.push({
      id: stored.id,
      url: `/media/${stored.mainName}`,
      width: image.width,
      height: image.height,
    });
  }

  const created = await inTransaction(database, async (trx) => {
    const person = async (name: string, role: 'instructor' | 'student', index: number) => {
      const id = randomUUID();
      await insertDemoPerson(trx, {
        id,
        role,
        name,
        phone: `09${String(10_000_000 + index * 7_654_321).slice(0, 8)}`,
        address: pick([
          'Quận 1, TP.HCM',
          'Cầu Giấy, Hà Nội',
          'Hải Châu, Đà Nẵng',
          'Ninh Kiều, Cần Thơ',
        ]),
        bio: role === 'instructor' ? 'Giảng viên dữ liệu mẫu của học viện.' : null,
        registrationDate: now - (60 - index * 3) * DAY,
        now,
      });
      return id;
    };
    const instructorIds = [];
    for (const [index, name] of INSTRUCTORS.entries())
      instructorIds.push(await person(name, 'instructor', index));
    const studentIds = [];
    for (const [index, name] of STUDENTS.entries())
      studentIds.push(await person(name, 'student', index + 10));

    const courses = [];
    for (const [index, course] of COURSES.entries()) {
      const id = randomUUID();
      const lessons = course.lessons.map((title) => ({ id: randomUUID(), title }));
      await insertDemoCourse(trx, {
        id,
        name: course.name,
        description: course.description,
        instructorId: instructorIds[index]!,
        lessons,
        now,
      });
      courses.push({ id, lessons });
    }

    let photo = 0;
    for (const [index, studentId] of studentIds.entries()) {
      const course = courses[index % courses.length]!;
      const teacher = instructorIds[index % instructorIds.length]!;
      await insertDemoEnrolment(trx, {
        personId: studentId,
        courseId: course.id,
        at: now - 50 * DAY,
      });
      const done = 1 + Math.floor(random() * course.lessons.length);
      for (const [position, lesson] of course.lessons.slice(0, done).entries()) {
        const at = now - (done - position) * 6 * DAY - Math.floor(random() * DAY);
        await insertDemoCompletion(trx, {
          personId: studentId,
          lessonId: lesson.id,
          courseId: course.id,
          summary: position === 0 ? 'Nắm vững các bước cơ bản.' : null,
          by: teacher,
          at,
        });
        if (position % 2 === 1 && position !== done - 1) continue;
        // Drawn in a fixed order, so the same seed always makes the same academy.
        const text = pick(REMARKS);
        const rating = 5 + Math.floor(random() * 6);
        // A student's latest evaluation always has photos (one to three), so the feed opens on
        // photos as an academy's does; earlier ones sometimes.
        const photoCount =
          position === done - 1 ? 1 + Math.floor(random() * 3) : random() < 0.4 ? 1 : 0;
        const chosen = Array.from({ length: photoCount }, () => photos[photo++ % photos.length]!);
        const likers = [teacher, ...instructorIds, studentId].filter(
          (id, at2, all) => all.indexOf(id) === at2 && random() < 0.6,
        );
        const commentCount = random() < 0.5 ? 1 : 0;
        const comments = Array.from({ length: commentCount }, () => ({
          id: randomUUID(),
          authorId: pick([studentId, teacher]),
          text: pick(COMMENTS),
          at: at + 3_600_000,
        }));
        await insertDemoEvaluation(trx, {
          id: randomUUID(),
          authorId: teacher,
          studentId,
          courseId: course.id,
          lesson,
          text,
          rating,
          photos: chosen,
          likers,
          comments,
          at,
        });
      }
    }
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'demo.generated',
      target: null,
      details: {
        courses: courses.length,
        instructors: instructorIds.length,
        students: studentIds.length,
      },
      now,
    });
    return { courseIds: courses.map((c) => c.id) };
  });
  for (const courseId of created.courseIds) await announceCourseChange(database, courseId);
  await database.events.publish({ type: 'resync' }, { kind: 'everyone' });
  return demoSummary(database);
}

/**
 * Removes exactly the demo rows in one transaction: demo people (with what is theirs, and
 * their likes and comments taken out of real posts' counts), demo courses, posts and comments.
 * Real people, courses and posts stay as they were.
 */
export async function wipeDemoData(database: AppDatabase, admin: PersonRow, store: MediaStore) {
  const now = Date.now();
  const photos = await listDemoPostMedia(database.db);
  await inTransaction(database, async (trx) => {
    const { people } = await deleteDemoRows(trx);
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'demo.wiped',
      target: null,
      details: { people },
      now,
    });
  });
  // Its photos go too, rows and files, unless a real post shows the same picture.
  await removeUnusedMedia(database, store, photos);
  await database.events.publish({ type: 'resync' }, { kind: 'everyone' });
  return demoSummary(database);
}

/** How much demo data there is, for the admin tools' card. */
export async function demoSummary(database: AppDatabase) {
  const countOf = (table: 'people' | 'courses' | 'posts') => countDemoRows(database.db, table);
  const [people, courses, posts] = await Promise.all([
    countOf('people'),
    countOf('courses'),
    countOf('posts'),
  ]);
  return { people, courses, posts };
}
