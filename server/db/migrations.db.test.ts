import { sql } from 'kysely';
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

    it('asks for the backup before the steps once, from the server that runs them, under the lock', async () => {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'hv_before');
      const servers = [0, 1, 2].map(() => openDatabase({ kind: 'postgres', url: created.url }));
      try {
        // A new database: whoever runs the steps sees none applied; the others see nothing to do.
        const seen: string[][] = [];
        const before = async ({ applied }: { applied: string[] }) => {
          seen.push(applied);
          // As long as a pg_dump: a server that looked outside the lock would look meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 300));
        };
        await Promise.all(servers.map((server) => migrateToLatest(server.db, () => {}, before)));
        expect(seen).toEqual([[]]);

        // An academy one step behind, upgraded by three servers at once: one backup, taken
        // before the step, by the server that runs it.
        // The last step taken back by its own `down`.
        const last = Object.keys(migrations).sort().at(-1)!;
        await migrations[last]!.down!(servers[0]!.db);
        await sql`delete from kysely_migration where name = ${last}`.execute(servers[0]!.db);
        seen.length = 0;
        const ran = await Promise.all(
          servers.map((server) => migrateToLatest(server.db, () => {}, before)),
        );
        expect(seen).toHaveLength(1);
        expect(seen[0]).not.toContain(last);
        expect(ran.flat().map((step) => step.name)).toEqual([last]);
      } finally {
        for (const server of servers) await server.close();
        await created.drop();
      }
    });
  },
);
