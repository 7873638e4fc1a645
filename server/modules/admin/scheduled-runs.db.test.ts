import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import {
  claimScheduledRun,
  finishScheduledRun,
  lastScheduledOutcomes,
} from './scheduled-runs.repository.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe('scheduled runs claimed by one of several servers', () => {
  it('gives each run to the first claim only, and keeps how it ended', async () => {
    const night = { job: 'nightly-backup', slot: '2026-11-27T20:00:00.000Z' };
    const claims = await Promise.all(
      ['a:1', 'b:2', 'c:3'].map((claimedBy) =>
        claimScheduledRun(database.db, { ...night, claimedBy, now: 1 }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimScheduledRun(database.db, { ...night, claimedBy: 'a:1', now: 2 })).toBe(
      false,
    );
    expect(await lastScheduledOutcomes(database.db, night.job)).toEqual({
      success: undefined,
      failure: undefined,
    });

    await finishScheduledRun(database.db, { ...night, now: 10, bytes: 4_096 });
    const next = { job: night.job, slot: '2026-11-28T20:00:00.000Z' };
    expect(await claimScheduledRun(database.db, { ...next, claimedBy: 'b:2', now: 20 })).toBe(true);
    await finishScheduledRun(database.db, { ...next, now: 30, failure: 'Ổ đĩa đầy.' });
    expect(await lastScheduledOutcomes(database.db, night.job)).toEqual({
      success: { at: 10, bytes: 4_096 },
      failure: { at: 30, reason: 'Ổ đĩa đầy.' },
    });
  });
});
