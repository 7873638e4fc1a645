import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AppDatabase, migrateToLatest, openDatabase } from '../server/db/database.ts';
import { createPostgresDatabase } from '../server/test/test-database.ts';
import { startPostgresCluster } from '../support/provision.ts';

/**
 * Runs a measurement on a fresh, migrated SQLite file and then a fresh PostgreSQL database
 * (TEST_DATABASE_URL's server, or a throwaway cluster), cleaning both up afterwards. `serverEnv`
 * is what a server started on the same database needs (bench/served.ts `startServer`).
 */
export async function onEachEngine<T>(
  label: string,
  measure: (database: AppDatabase, serverEnv: NodeJS.ProcessEnv) => Promise<T>,
): Promise<{ sqlite: T; postgres: T }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hv-bench-${label}-`));
  // The file the server opens in its DATA_DIR.
  const sqliteDb = openDatabase({ kind: 'sqlite', file: path.join(dir, 'academy.sqlite') });
  let sqlite: T;
  try {
    await migrateToLatest(sqliteDb.db);
    sqlite = await measure(sqliteDb, { DATA_DIR: dir });
  } finally {
    await sqliteDb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const postgres = await onPostgres(label, async (url) => {
    const pgDb = openDatabase({ kind: 'postgres', url });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hv-bench-${label}-pg-`));
    try {
      await migrateToLatest(pgDb.db);
      return await measure(pgDb, { DATABASE_URL: url, DATA_DIR: dataDir });
    } finally {
      await pgDb.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
  return { sqlite, postgres };
}

/**
 * Runs `use` with the address of a fresh, empty PostgreSQL database (on TEST_DATABASE_URL's
 * server, or a throwaway cluster), dropping it afterwards.
 */
export async function onPostgres<T>(label: string, use: (url: string) => Promise<T>): Promise<T> {
  const cluster = process.env.TEST_DATABASE_URL ? null : await startPostgresCluster();
  try {
    const database = await createPostgresDatabase(
      process.env.TEST_DATABASE_URL ?? cluster!.url,
      `hv_bench_${label}`,
    );
    try {
      return await use(database.url);
    } finally {
      await database.drop();
    }
  } finally {
    await cluster?.stop();
  }
}

/** p50, p95 and the worst of a list of timings, rounded to 0.1 ms. */
export function percentiles(timings: number[]) {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]! * 10) / 10;
  return { p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99), maxMs: at(1) };
}

/** A small deterministic generator, so every run seeds the same academy. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The machine a run measured, for the figures' table. */
export const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/**
 * The process that serves, for a process started as `npm start` starts it: scripts/start.mjs runs
 * the server in a child on Linux (MALLOC_ARENA_MAX), so its memory is the child's.
 */
export function servingPid(startedPid: number): number {
  const children = fs.readFileSync(`/proc/${startedPid}/task/${startedPid}/children`, 'utf8');
  const child = Number(children.trim().split(' ')[0]);
  return child > 0 ? child : startedPid;
}

/** A process's resident memory now, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}
