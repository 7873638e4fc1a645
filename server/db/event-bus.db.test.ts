import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/test-database.ts';
import { openDatabase } from './database.ts';
import type { BusMessage, EventBus, PostgresBus } from './event-bus.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

function collect(bus: EventBus) {
  const received: BusMessage[] = [];
  bus.subscribe({ message: (message) => received.push(message), gap: () => {} });
  return received;
}

async function until(condition: () => boolean) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 5_000) throw new Error('the messages did not arrive');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(`the event bus on ${testDatabaseKind()}`, () => {
  it('delivers what one turn publishes in the order it was published, on every process', async () => {
    // On PostgreSQL a second process on the same database stands beside this one.
    const other = database.url ? openDatabase({ kind: 'postgres', url: database.url }) : null;
    try {
      const here = collect(database.events);
      const there = other ? collect(other.events) : null;
      // PostgreSQL's bus listens once someone subscribes; the in-process bus has nothing to wait for.
      await (database.events as Partial<PostgresBus>).ready?.();
      await (other?.events as PostgresBus | undefined)?.ready();
      const tooMany = Array.from(
        { length: 400 },
        (_, index) => `person-${index}-${'x'.repeat(20)}`,
      );
      const published = await Promise.all([
        database.events.publish({ type: 'post.created', postId: 'p1' }, { kind: 'everyone' }),
        database.events.publish(
          { type: 'post.liked', postId: 'p1', actorId: 'a', likeCount: 1 },
          { kind: 'post', postId: 'p1' },
        ),
        database.events.publish({ type: 'notifications.read' }, { kind: 'people', ids: tooMany }),
        database.events.publish({ type: 'post.deleted', postId: 'p1' }, { kind: 'everyone' }),
      ]);
      expect(published).toEqual([undefined, undefined, undefined, undefined]);
      const expected = [
        'post.created',
        'post.liked',
        // Too many named recipients for one NOTIFY: everyone is told to read again instead.
        database.kind === 'postgres' ? 'resync' : 'notifications.read',
        'post.deleted',
      ];
      for (const received of [here, there ?? here]) {
        await until(() => received.length >= 4);
        expect(received.map((message) => message.event.type)).toEqual(expected);
        expect(new Set(received.map((message) => message.id)).size).toBe(4);
      }
      expect(here.every((message) => database.events.isOwn(message))).toBe(true);
      if (other) expect(there!.some((message) => other.events.isOwn(message))).toBe(false);
    } finally {
      await other?.close();
    }
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'sends what a process published just before it closed',
    async () => {
      const here = collect(database.events);
      await (database.events as PostgresBus).ready();
      const leaving = openDatabase({ kind: 'postgres', url: database.url! });
      await leaving.ping(); // its pool in use, so closing ends it
      const sent = { type: 'post.deleted', postId: 'p2' } as const;
      void leaving.events.publish(sent, { kind: 'everyone' });
      await leaving.close();
      await until(() =>
        here.some((message) => JSON.stringify(message.event) === JSON.stringify(sent)),
      );
    },
  );
});
