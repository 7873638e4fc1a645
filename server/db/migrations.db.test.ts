import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '../test/test-database.ts';
import { migrateToLatest, migrationStatus, openDatabase } from './database.ts';
import { migrations } from './migrations/index.ts';

describe.runIf(testDatabaseKind() === 'postgres')(
  'upgrading one PostgreSQL from several servers',
  () => {
    it('runs every step once when three servers start at the same moment on a new database', async () => {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'hv_migrate');
      const servers = [0, 1, 2].map(() => openDatabase({ kind: 'postgres', url: created.url }));
      try {
        const ran = await Promise.all(servers.map((server) => migrateToLatest(server.db)));
        // One server made the schema; the others waited for it and found nothing left to do.
        expect(ran.flat().map((step) => step.name)).toEqual(Object.keys(migrations));
        expect(ran.filter((steps) => steps.length > 0)).toHaveLength(1);
        const status = await migrationStatus(servers[0]!.db);
        expect(status.pending).toEqual([]);
        expect(status.applied).toEqual(Object.keys(migrations));
      } finally {
        for (const server of servers) await server.close();
        await created.drop();
      }
    });
  },
);
