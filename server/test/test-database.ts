import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type AppDatabase, migrateToLatest, openDatabase } from '../db/database.ts';
import { ensureConfigDefaults } from '../modules/config/config.repository.ts';

export type TestDatabaseKind = 'sqlite' | 'postgres';

/** The engine this test run targets: `TEST_DB=postgres` (with TEST_DATABASE_URL) or sqlite. */
export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDatabase extends AppDatabase {
  /** Closes the connection and removes the database. */
  dispose(): Promise<void>;
  /** The PostgreSQL database's address, for a second server process on the same data. */
  url?: string;
}

/**
 * A fresh, migrated database for one test file: a temporary SQLite file, or a new
 * PostgreSQL database created on the server in TEST_DATABASE_URL.
 */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (testDatabaseKind() === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-test-'));
    const file = path.join(dir, 'test.sqlite');
    const database = openDatabase({ kind: 'sqlite', file });
    if (migrate) await prepare(database);
    return {
      ...database,
      dispose: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const created = await createPostgresDatabase(adminUrl, 'hv_test');
  const database = openDatabase({ kind: 'postgres', url: created.url });
  if (migrate) await prepare(database);
  return {
    ...database,
    url: created.url,
    dispose: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export interface ThrowawayDatabase {
  url: string;
  /** Removes the database, closing whatever connections it still has. */
  drop(): Promise<void>;
}

/** A new, empty database named `<prefix>_<random>` on the PostgreSQL server at `adminUrl`. */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function prepare(database: AppDatabase): Promise<void> {
  await migrateToLatest(database.db);
  await ensureConfigDefaults(database.db, Date.now());
}
