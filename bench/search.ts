/**
 * Global search over a large academy: 100,000 students, 1,000 courses and 20,000 lessons on
 * SQLite and on PostgreSQL. Times the search service (the three grouped queries an admin's
 * search box makes) for a mix of what people type, and reports p50/p95/max per engine. Then, the
 * production server started on the same database and an admin signed in, the same searches over
 * HTTP typed with and without diacritics: p95 one request at a time, and requests/s at 50
 * connections.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDatabase } from '../server/db/database.ts';
import type { PersonRow } from '../server/db/schema.ts';
import { nameSearchColumns, titleSearchColumns } from '../server/db/search-columns.ts';
import { search } from '../server/modules/search/search.service.ts';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { onEachEngine, percentiles, random } from './engines.ts';
import { load, oneAtATime, signInStaff, startServer } from './served.ts';

export interface SearchBenchResult {
  queries: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  seedSeconds: number;
  /** The five slowest queries by median, to see what costs. */
  slowest: Array<{ q: string; medianMs: number }>;
  /** Over HTTP, the same names typed with their diacritics and without. */
  http: Record<'withDiacritics' | 'withoutDiacritics', SearchOverHttp>;
}

interface SearchOverHttp {
  unloaded: Awaited<ReturnType<typeof oneAtATime>>;
  at50: Awaited<ReturnType<typeof load>>;
}

export const searchBenchSize = { students: 100_000, courses: 1_000, lessonsPerCourse: 20 };

const familyNames = [
  'Nguyễn',
  'Nguyễn',
  'Nguyễn',
  'Trần',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const middleNames = [
  'Thị',
  'Thị',
  'Văn',
  'Ngọc',
  'Thanh',
  'Minh',
  'Thu',
  'Hoài',
  'Kim',
  'Bảo',
  'Phương',
  'Mỹ',
];
const givenNames = [
  'Hoa',
  'Hoà',
  'Hòa',
  'Lan',
  'Mai',
  'Đào',
  'Cúc',
  'Trang',
  'Linh',
  'Hương',
  'Thảo',
  'Ngân',
  'Vy',
  'Anh',
  'Đường',
  'Dương',
  'Nhung',
  'Yến',
  'Thuý',
  'Thúy',
  'Khoa',
  'Nga',
  'Hạnh',
  'Tâm',
  'Quỳnh',
  'Châu',
  'Hiền',
  'Loan',
  'Phượng',
  'Diễm',
];
const courseWords = [
  'Sơn gel',
  'Đắp bột',
  'Vẽ móng',
  'Nối móng',
  'Úp móng',
  'Đính đá',
  'Chăm sóc da tay',
  'Nail art',
  'Vẽ hoa',
  'Ombre',
  'French',
  'Tráng gương',
];
const levels = ['cơ bản', 'nâng cao', 'chuyên sâu', 'cấp tốc', 'cho người mới'];
const lessonWords = [
  'Chuẩn bị móng',
  'Sơn nền',
  'Sơn màu',
  'Vẽ hoa mai',
  'Đắp gel nổi',
  'Phủ bóng',
  'Tạo form',
  'Dũa móng',
  'Cắt da',
  'Đính đá',
  'Vẽ nét',
  'Hơ đèn',
  'Tháo gel',
  'Chụp ảnh sản phẩm',
];

const pick = <T>(next: () => number, list: readonly T[]): T =>
  list[Math.floor(next() * list.length)]!;

/** What people type into the box: whole and partial names, with and without diacritics. */
const typed = [
  'ng',
  'nguy',
  'nguyen',
  'nguyen thi',
  'Nguyễn Thị',
  'hoa',
  'Hòa',
  'hoà',
  'Đường',
  'duong',
  'lan',
  'thi lan',
  'son gel',
  'dap bot',
  'Đắp',
  've hoa',
  'mai',
  'thuy',
  'quynh',
  'phuong',
  'tran thi mai',
  'chăm sóc',
  'oe',
  'xyz',
  'nail',
  'gel noi',
  'chup anh',
  'hien',
  'bao chau',
  'diem',
];

/**
 * Fills a migrated database with the search's academy (`size`; the benchmark's by default):
 * students with Vietnamese names drawn from common family, middle and given names (so many
 * share a family name), courses and their lessons, search columns written as the app writes them.
 */
export async function seedSearchAcademy(
  database: AppDatabase,
  size: typeof searchBenchSize = searchBenchSize,
) {
  const next = random(20261122);
  const now = Date.now();
  const batch = 500;
  for (let start = 0; start < size.students; start += batch) {
    const rows = Array.from({ length: Math.min(batch, size.students - start) }, (_, i) => {
      const name = `${pick(next, familyNames)} ${pick(next, middleNames)} ${pick(next, givenNames)}`;
      return {
        id: randomUUID(),
        role: 'student' as const,
        status: 'active' as const,
        name,
        ...nameSearchColumns(name),
        registration_date: now - start - i,
        created_at: now - start - i,
        updated_at: now,
      };
    });
    await database.db.insertInto('people').values(rows).execute();
  }
  for (let start = 0; start < size.courses; start += 100) {
    const courses = Array.from({ length: Math.min(100, size.courses - start) }, (_, i) => {
      const name = `${pick(next, courseWords)} ${pick(next, levels)} ${start + i + 1}`;
      return {
        id: randomUUID(),
        name,
        ...nameSearchColumns(name),
        description: '',
        image_url: null,
        status: 'active' as const,
        proposer_id: null,
        created_at: now,
        updated_at: now,
      };
    });
    await database.db.insertInto('courses').values(courses).execute();
    const lessons = courses.flatMap((course) =>
      Array.from({ length: size.lessonsPerCourse }, (_, position) => {
        const title = `${pick(next, lessonWords)} ${position + 1}`;
        return {
          id: randomUUID(),
          course_id: course.id,
          title,
          ...titleSearchColumns(title),
          position,
          created_at: now,
          updated_at: now,
        };
      }),
    );
    for (let i = 0; i < lessons.length; i += batch) {
      await database.db
        .insertInto('lessons')
        .values(lessons.slice(i, i + batch))
        .execute();
    }
  }
}

/** The same names and words, as typed with Vietnamese marks and as typed without. */
export const typedBothWays = [
  ['Nguyễn', 'nguyen'],
  ['Nguyễn Thị', 'nguyen thi'],
  ['Trần Thị Mai', 'tran thi mai'],
  ['Hòa', 'hoa'],
  ['Đường', 'duong'],
  ['Phương', 'phuong'],
  ['Thủy', 'thuy'],
  ['Quỳnh', 'quynh'],
  ['Đắp bột', 'dap bot'],
  ['Chăm sóc', 'cham soc'],
] as const;

async function overHttp(database: AppDatabase, serverEnv: NodeJS.ProcessEnv) {
  const mail = await startMailCatcher();
  const server = await startServer({ ...serverEnv, SMTP_URL: mail.url });
  try {
    const cookie = await signInStaff(server.url, mail, database.db, 'admin');
    const measure = async (queries: string[]): Promise<SearchOverHttp> => {
      const paths = queries.map((q) => `/api/search?q=${encodeURIComponent(q)}`);
      return {
        unloaded: await oneAtATime(server.url, cookie, paths, 10),
        at50: await load({ url: server.url, cookie, connections: 50, duration: 10, paths }),
      };
    };
    return {
      withDiacritics: await measure(typedBothWays.map(([marked]) => marked)),
      withoutDiacritics: await measure(typedBothWays.map(([, plain]) => plain)),
    };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    await mail.close();
  }
}

async function measure(
  database: AppDatabase,
  serverEnv: NodeJS.ProcessEnv,
): Promise<SearchBenchResult> {
  const seedStart = performance.now();
  await seedSearchAcademy(database);
  // A running server's autovacuum keeps statistics and visibility maps current.
  if (database.kind === 'postgres') await sql`vacuum analyze`.execute(database.db);
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
  const admin = { id: randomUUID(), role: 'admin' } as PersonRow;
  for (const q of typed) await search(database, admin, q);
  const timings: number[] = [];
  const byQuery = new Map<string, number[]>();
  for (let round = 0; round < 10; round += 1) {
    for (const q of typed) {
      const start = performance.now();
      await search(database, admin, q);
      const ms = performance.now() - start;
      timings.push(ms);
      byQuery.set(q, [...(byQuery.get(q) ?? []), ms]);
    }
  }
  const slowest = [...byQuery]
    .map(([q, list]) => ({ q, medianMs: Math.round(list.sort((a, b) => a - b)[5]! * 10) / 10 }))
    .sort((a, b) => b.medianMs - a.medianMs)
    .slice(0, 5);
  return {
    queries: timings.length,
    ...percentiles(timings),
    seedSeconds,
    slowest,
    http: await overHttp(database, serverEnv),
  };
}

export function measureSearch() {
  return onEachEngine('search', measure);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.dir(await measureSearch(), { depth: 4 });
}
