import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { forgetOldUndo, forgetUnusedDrafts } from '../student-imports/student-imports.service.ts';
import { pruneLogs } from './log-pruning.ts';

/*
 * The error and activity logs stay within LOG_KEEP_DAYS and LOG_KEEP_ROWS, on both engines, and
 * the sheets of imports nobody finished are forgotten after a day.
 */
let database: TestDatabase;
const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 26);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('pruning the logs', () => {
  it('drops rows older than the days kept, then all but the newest rows kept', async () => {
    const { db } = database;
    const ages = [400, 200, 100, 91, 89, 30, 10, 5, 2, 1, 0, 0];
    await db
      .insertInto('activity_logs')
      .values(
        ages.map((age, i) => ({
          actor_id: null,
          action: `a${i}`,
          target: null,
          details: null,
          created_at: now - age * DAY,
        })),
      )
      .execute();
    await db
      .insertInto('error_logs')
      .values(
        ages.map((age, i) => ({
          context: `e${i}`,
          message: 'x',
          user_id: null,
          user_name: null,
          extra: null,
          created_at: now - age * DAY,
        })),
      )
      .execute();

    expect(await pruneLogs(database, { keepDays: 90, keepRows: 100 }, now)).toEqual({
      activity: 4,
      errors: 4,
    });
    expect(await pruneLogs(database, { keepDays: 90, keepRows: 5 }, now)).toEqual({
      activity: 3,
      errors: 3,
    });
    const actions = await db.selectFrom('activity_logs').select('action').orderBy('id').execute();
    expect(actions.map((row) => row.action)).toEqual(['a7', 'a8', 'a9', 'a10', 'a11']);
    const contexts = await db.selectFrom('error_logs').select('context').orderBy('id').execute();
    expect(contexts.map((row) => row.context)).toEqual(['e7', 'e8', 'e9', 'e10', 'e11']);
    // Within both limits: nothing more goes.
    expect(await pruneLogs(database, { keepDays: 90, keepRows: 5 }, now)).toEqual({
      activity: 0,
      errors: 0,
    });
  });
});

/** An import record `age` ms old; one that ran keeps an (empty) undo record unless undone. */
const importRow = (id: string, status: 'draft' | 'imported' | 'undone', age: number) => ({
  id,
  created_by: 'someone',
  file_name: `${id}.csv`,
  status,
  headers: '[]',
  cells: '[]',
  summary: status === 'draft' ? null : '{}',
  undo: status === 'imported' ? '{"stamp":1,"created":[],"updated":[],"courses":[]}' : null,
  created_at: now - age,
  imported_at: status === 'draft' ? null : now - age,
  undone_at: status === 'undone' ? now : null,
});

describe('forgetting the sheets of unfinished imports', () => {
  it('drops drafts past a day, keeps newer drafts and every import that ran', async () => {
    const { db } = database;
    await db
      .insertInto('student_imports')
      .values([
        importRow('old-draft', 'draft', 25 * 60 * 60 * 1000),
        importRow('new-draft', 'draft', 60 * 60 * 1000),
        importRow('old-import', 'imported', 30 * DAY),
      ])
      .execute();
    expect(await forgetUnusedDrafts(database, now)).toBe(1);
    const left = await db.selectFrom('student_imports').select('id').orderBy('id').execute();
    expect(left.map((r) => r.id)).toEqual(['new-draft', 'old-import']);
  });
});

describe('forgetting what old imports kept to undo with', () => {
  it('lets go of the undo record of imports past 30 days, and keeps younger ones', async () => {
    const { db } = database;
    await db
      .insertInto('student_imports')
      .values([
        importRow('undo-old', 'imported', 31 * DAY),
        importRow('undo-young', 'imported', 29 * DAY),
        importRow('undo-done', 'undone', 40 * DAY),
      ])
      .execute();
    expect(await forgetOldUndo(database, now)).toBe(1);
    const kept = await db
      .selectFrom('student_imports')
      .select(['id', 'status', 'undo'])
      .where('id', 'in', ['undo-old', 'undo-young', 'undo-done'])
      .orderBy('id')
      .execute();
    expect(kept.map(({ id, status, undo }) => [id, status, undo !== null])).toEqual([
      ['undo-done', 'undone', false],
      ['undo-old', 'imported', false],
      ['undo-young', 'imported', true],
    ]);
    // Nothing left to forget the second time.
    expect(await forgetOldUndo(database, now)).toBe(0);
  });
});
