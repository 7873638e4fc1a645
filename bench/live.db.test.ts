import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '../server/test/test-database.ts';
import { limits } from '../shared/limits.ts';
import { measureLive } from './live.ts';
import { clientAddress } from './phones.ts';

/*
 * The live bench at a size a test can afford (issue #69): its streams open within the server's
 * caps as an academy's phones hold them, every like reaches every stream, and the floor is
 * measured beside it. On PostgreSQL, two server processes share the database.
 */
describe(`the live bench on ${testDatabaseKind()}`, () => {
  it('holds its streams as many people behind many addresses, and measures the floor', async () => {
    const postgres =
      testDatabaseKind() === 'postgres'
        ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'hv_live')
        : null;
    try {
      // More streams than one person, or one address, may hold on one process.
      const streams = limits.liveStreamsPerAddress + 20;
      const result = await measureLive(streams, 3, {
        ...(postgres ? { postgresUrl: postgres.url, processes: 2 } : {}),
        streamsPerPerson: 4,
        settleMs: 0,
        restMs: 0,
      });
      expect(result).toMatchObject({
        streams,
        processes: postgres ? 2 : 1,
        people: Math.ceil(streams / 4),
        clientAddresses: Math.ceil(streams / 4 / 5),
        likes: 3,
        missed: 0,
        floorMissed: 0,
      });
      expect(result.p99Ms).toBeGreaterThan(0);
      expect(result.floorP99Ms).toBeGreaterThan(0);
      expect(result.rssIdleMb).toBeGreaterThan(0);
    } finally {
      await postgres?.drop();
    }
  }, 120_000);

  it('names loopback client addresses other than the bench’s own, each once', () => {
    const addresses = Array.from({ length: 1_000 }, (_, group) => clientAddress(group));
    expect(new Set(addresses).size).toBe(1_000);
    expect(addresses).not.toContain('127.0.0.1');
    for (const address of addresses) expect(address).toMatch(/^127\.0\.\d{1,3}\.\d{1,3}$/);
  });
});
