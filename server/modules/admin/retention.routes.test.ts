import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';
import { testDatabaseKind } from '../../test/test-database.ts';
import { notificationRows } from '../notifications/notifications.repository.ts';
import {
  NOTIFICATION_KEEP_DAYS,
  NOTIFICATIONS_PER_PERSON,
} from '../notifications/notifications.service.ts';
import { pruneRetained } from './log-pruning.ts';

/*
 * What grows with every event and sign-in stays within its limits, on both engines: each
 * person's newest notifications within their days, live sessions and links only, rate-limit rows
 * that a window still counts. The academy's people stay signed in.
 */
const { t, ids, call } = setUpAcademy(academyTrio);
const DAY = 24 * 60 * 60 * 1000;
const onPostgres = testDatabaseKind() === 'postgres';
const at = (ms: number) => (onPostgres ? new Date(ms) : new Date(ms).toISOString());

describe('pruning what grows', () => {
  it('keeps each person’s newest notifications within their days, and nothing older', async () => {
    const { db } = t.database;
    const now = Date.now();
    const row = (recipient: string, created: number) => ({
      ...notificationRows([{ recipientId: recipient, type: 'post_liked' }], created).rows[0]!,
    });
    const many = NOTIFICATIONS_PER_PERSON + 10;
    const rows = [
      ...Array.from({ length: many }, (_, i) => row(ids.student, now - i * 1000)),
      row(ids.teacher, now - (NOTIFICATION_KEEP_DAYS + 1) * DAY),
      row(ids.teacher, now - DAY),
    ];
    for (let i = 0; i < rows.length; i += 200) {
      await db
        .insertInto('notifications')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const before = await db
      .selectFrom('notifications')
      .select('id')
      .where('recipient_id', '=', ids.student)
      .orderBy('created_at', 'desc')
      .limit(NOTIFICATIONS_PER_PERSON)
      .execute();
    const pruned = await pruneRetained(t.database, now);
    expect(pruned.notifications).toBe(11);
    const kept = await db
      .selectFrom('notifications')
      .select(['id', 'recipient_id'])
      .orderBy('created_at', 'desc')
      .execute();
    expect(kept.filter((each) => each.recipient_id === ids.student).map((each) => each.id)).toEqual(
      before.map((each) => each.id),
    );
    expect(kept.filter((each) => each.recipient_id === ids.teacher)).toHaveLength(1);
    expect(await pruneRetained(t.database, now)).toMatchObject({ notifications: 0 });
  });

  it('removes sessions and sign-in links past their end and rate-limit rows no window counts', async () => {
    const { db } = t.database;
    const now = Date.now();
    const live = await db.selectFrom('session').selectAll().execute();
    expect(live.length).toBeGreaterThan(0);
    const user = live[0]!.userId;
    await db
      .insertInto('session')
      .values({
        id: randomUUID(),
        userId: user,
        token: randomUUID(),
        expiresAt: at(now - DAY),
        createdAt: at(now - 30 * DAY),
        updatedAt: at(now - 30 * DAY),
      } as never)
      .execute();
    await db
      .insertInto('verification')
      .values({
        id: randomUUID(),
        identifier: 'old-link',
        value: 'x',
        expiresAt: at(now - 60_000),
        createdAt: at(now - DAY),
        updatedAt: at(now - DAY),
      } as never)
      .execute();
    await db
      .insertInto('rateLimit')
      .values([
        { id: randomUUID(), key: 'old', count: 3, lastRequest: now - 2 * DAY },
        { id: randomUUID(), key: 'recent', count: 3, lastRequest: now - 1000 },
      ])
      .execute();
    const pruned = await pruneRetained(t.database, now);
    expect(pruned).toMatchObject({ sessions: 1, links: 1 });
    expect(pruned.rateLimits).toBeGreaterThanOrEqual(1);
    const sessions = await db.selectFrom('session').select('id').execute();
    expect(sessions.map((each) => each.id).sort()).toEqual(live.map((each) => each.id).sort());
    const limits = await db.selectFrom('rateLimit').select('key').execute();
    expect(limits.map((each) => each.key)).toContain('recent');
    expect(limits.map((each) => each.key)).not.toContain('old');
    // Everyone is still signed in.
    t.app.sessions.forgetRows();
    const me = await call('student', 'GET', '/api/me');
    expect(me.json()).toMatchObject({ state: 'member' });
  });
});
