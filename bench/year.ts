/**
 * `npm run bench:year`: a year of a busy academy's growth on the embedded SQLite, made by this
 * script rather than by a year of requests: what grows with every event and sign-in
 * (notifications, sessions, sign-in links, rate-limit rows, the logs), written day by day with
 * the six-hourly pruning run as the server runs it (four times a day), and once without it for
 * comparison. Prints rows and the database file's size at the year's end, and the size of a
 * backup of it (photos aside: they are the academy's content, not growth). Figures go in
 * bench/README.md.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { pruneLogs, pruneRetained } from '../server/modules/admin/log-pruning.ts';
import { backUpToFolder } from '../server/modules/admin/maintenance.service.ts';
import { buildTestApp } from '../server/test/build-test-app.ts';
import { insertTestPerson } from '../server/test/factories/people.ts';

const DAY = 24 * 60 * 60 * 1000;
/** A busy academy: people, and what each day brings. */
const PEOPLE = 320;
const PER_DAY = {
  notifications: 3_000,
  sessions: 120,
  links: 150,
  rateLimitKeys: 400,
  activity: 300,
  errors: 5,
};

async function year(prune: boolean) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-year-'));
  const t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  const { db } = t.database;
  const ids = Array.from({ length: PEOPLE }, () => randomUUID());
  for (const [index, id] of ids.entries()) {
    await insertTestPerson(db, { id, role: index < 20 ? 'instructor' : 'student' });
  }
  const userId = randomUUID();
  await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
    values (${userId}, 'Năm', 'nam@example.vn', 1, ${new Date().toISOString()}, ${new Date().toISOString()})`.execute(
    db,
  );
  const start = Date.now() - 365 * DAY;
  const iso = (ms: number) => new Date(ms).toISOString();
  const started = performance.now();
  for (let day = 0; day < 365; day += 1) {
    const at = start + day * DAY;
    const batch = <T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) =>
      (async () => {
        for (let i = 0; i < rows.length; i += 500) await write(rows.slice(i, i + 500));
      })();
    await batch(
      Array.from({ length: PER_DAY.notifications }, (_, i) => ({
        id: randomUUID(),
        recipient_id: ids[i % PEOPLE]!,
        type: 'post_liked',
        actor_id: ids[(i * 7) % PEOPLE]!,
        post_id: null,
        comment_id: null,
        course_id: null,
        subject_person_id: null,
        feedback_id: null,
        read_at: i % 3 === 0 ? null : at + 3600_000,
        created_at: at + (i % 86_400) * 1000,
      })),
      (chunk) => db.insertInto('notifications').values(chunk).execute(),
    );
    await batch(
      Array.from({ length: PER_DAY.sessions }, () => ({
        id: randomUUID(),
        userId,
        token: randomUUID(),
        expiresAt: iso(at + 30 * DAY),
        createdAt: iso(at),
        updatedAt: iso(at),
      })),
      (chunk) =>
        db
          .insertInto('session')
          .values(chunk as never)
          .execute(),
    );
    await batch(
      Array.from({ length: PER_DAY.links }, () => ({
        id: randomUUID(),
        identifier: randomUUID(),
        value: randomUUID(),
        expiresAt: iso(at + 15 * 60_000),
        createdAt: iso(at),
        updatedAt: iso(at),
      })),
      (chunk) =>
        db
          .insertInto('verification')
          .values(chunk as never)
          .execute(),
    );
    await batch(
      Array.from({ length: PER_DAY.rateLimitKeys }, () => ({
        id: randomUUID(),
        key: `${randomUUID()}/sign-in/email`,
        count: 1,
        lastRequest: at,
      })),
      (chunk) => db.insertInto('rateLimit').values(chunk).execute(),
    );
    await batch(
      Array.from({ length: PER_DAY.activity }, (_, i) => ({
        actor_id: null,
        action: 'post.created',
        target: null,
        details: null,
        created_at: at + i,
      })),
      (chunk) => db.insertInto('activity_logs').values(chunk).execute(),
    );
    if (prune) {
      const now = at + DAY;
      await pruneLogs(t.database, t.config.logs, now);
      await pruneRetained(t.database, now);
    }
  }
  const count = async (table: string) =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]
        ?.n,
    );
  const rows = {
    notifications: await count('notifications'),
    session: await count('session'),
    verification: await count('verification'),
    rateLimit: await count('rateLimit'),
    activity_logs: await count('activity_logs'),
  };
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
  const file = t.database.file!;
  const before = fs.statSync(file).size;
  await sql`vacuum`.execute(db);
  const vacuumed = fs.statSync(file).size;
  const backup = await backUpToFolder(t.database, dataDir, path.join(dataDir, 'backups'), 1);
  const seconds = (performance.now() - started) / 1000;
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    prune,
    seconds: Math.round(seconds),
    rows,
    mb: mb(before),
    vacuumedMb: mb(vacuumed),
    backupMb: mb(backup.bytes),
  };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const results = [await year(true), await year(false)];
console.info(JSON.stringify({ perDay: PER_DAY, people: PEOPLE, results }, null, 2));
