import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { vi } from '#shared/locales/vi';
import { cli } from '#shared/locales/vi/cli';
import { fillPlaceholders } from '#shared/text';
import type { AppDatabase } from '../db/database.ts';
import { AcademyLiveError, describeHolders, holdAcademyAlone } from '../db/presence.ts';
import { ownLikeDataDir } from '../lib/data-owner.ts';
import { holdsAcademy } from '../modules/admin/academy-presence.repository.ts';
import type { MediaStore } from '../modules/media/media.store.ts';
import {
  AUTH_TABLES,
  BACKUP_DUMP_NAME,
  BackupError,
  type BackupManifest,
  checkMigrations,
  holdForRestore,
  isPhotoVariant,
  unpackBackup,
} from './backup.ts';
import { checkedDumpScript, DumpStatementError } from './dump-script.ts';
import {
  academySchema,
  describeSchema,
  dropRestoreSchemas,
  dropSchema,
  ensureExtensions,
  migrateSchemaTo,
  migrationsIn,
  RESTORE_SCHEMA_PREFIX,
  type SchemaEntry,
  switchToRestored,
} from './postgres-schema.repository.ts';

/*
 * A PostgreSQL restore that never destroys before it has checked, and never runs under a live
 * academy (docs/decisions/0030):
 *
 * 1. the data folder and the database are held: refused while any server of the academy is
 *    live on the database, wherever it runs, and no server starts meanwhile;
 * 2. the dump's SQL is let through psql statement by statement (dump-script.ts), in one
 *    transaction that renames the academy's schema aside, restores into its name, then names
 *    the copy `hoc_vien_restore_…` and gives the academy its name back: committed whole or not
 *    at all, so a failure or a kill leaves the academy as it was;
 * 3. the copy is compared with what this release's migrations make, in a second schema beside;
 * 4. only then one transaction puts the copy's tables in the academy's schema.
 */

/** pg_restore or psql on PATH, or the newest of Debian's PostgreSQL installs. */
export function findPgTool(tool: 'pg_dump' | 'pg_restore' | 'psql'): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, tool);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian) ? fs.readdirSync(debian).sort((a, b) => +b - +a) : [];
  for (const version of versions) {
    const candidate = path.join(debian, version, 'bin', tool);
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

const say = fillPlaceholders;
const firstLine = (text: string) => text.trim().split('\n')[0] ?? '';

/** pg_restore can read the archive at all: its table of contents lists. */
function readableDump(pgRestore: string, file: string): void {
  const listed = spawnSync(pgRestore, ['--list', file], { encoding: 'utf8' });
  if (listed.status !== 0) {
    throw new BackupError(
      say(cli.restore.pgRestoreFailed, {
        reason: firstLine(listed.stderr || listed.error?.message || ''),
      }),
    );
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Ends a child's run; resolves with its exit code and the last of what it said on stderr. */
function ended(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ code: null, stderr: error.message }));
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

/**
 * Restores `file` into `copy`, beside the academy's schema, in one psql transaction: the
 * academy's schema is renamed aside, the dump's checked statements make the copy under the
 * academy's name, then the copy takes its own name and the academy its own back. psql's input
 * ends (and so its transaction commits) only once pg_restore has read the whole archive and
 * every statement passed.
 */
async function restoreBeside(
  tools: { pgRestore: string; psql: string },
  databaseUrl: string,
  file: string,
  academy: { schema: string; extensions: string[] },
  copy: string,
): Promise<void> {
  const aside = `${RESTORE_SCHEMA_PREFIX}aside_${randomBytes(6).toString('hex')}`;
  const moveExtensions = (to: string) =>
    academy.extensions.map((name) => `alter extension ${quote(name)} set schema ${quote(to)};`);
  const before = [
    `alter schema ${quote(academy.schema)} rename to ${quote(aside)};`,
    `create schema ${quote(academy.schema)};`,
    ...moveExtensions(academy.schema),
  ].join('\n');
  const after = [
    `alter schema ${quote(academy.schema)} rename to ${quote(copy)};`,
    `alter schema ${quote(aside)} rename to ${quote(academy.schema)};`,
    ...moveExtensions(academy.schema),
  ].join('\n');
  const psql = spawn(
    tools.psql,
    [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${databaseUrl}`,
      `--command=${before}`,
      '--file=-',
      `--command=${after}`,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const psqlEnded = ended(psql);
  const reader = spawn(tools.pgRestore, ['--no-owner', '--no-privileges', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const readerEnded = ended(reader);
  const filter = checkedDumpScript(academy.schema);
  let refused: Error | undefined;
  const stop = (error: Error) => {
    refused ??= error;
    // Killed before its input ends, psql never commits: PostgreSQL rolls the transaction back.
    psql.kill('SIGKILL');
    reader.kill('SIGKILL');
  };
  filter.on('error', stop);
  psql.stdin?.on('error', () => {});
  reader.stdout?.pipe(filter);
  filter.on('data', (text: Buffer) => {
    if (!psql.stdin?.write(text)) {
      filter.pause();
      psql.stdin?.once('drain', () => filter.resume());
    }
  });
  const filtered = new Promise<void>((resolve) => {
    filter.once('end', resolve);
    filter.once('error', () => resolve());
  });
  const read = await readerEnded;
  await filtered;
  if (!refused && read.code !== 0) {
    stop(new BackupError(say(cli.restore.pgRestoreFailed, { reason: firstLine(read.stderr) })));
  }
  if (!refused) psql.stdin?.end();
  const applied = await psqlEnded;
  if (refused instanceof DumpStatementError) {
    throw new BackupError(say(vi.backup.tampered, { name: refused.statement }));
  }
  if (refused) throw refused;
  if (applied.code !== 0) {
    throw new BackupError(say(cli.restore.pgRestoreFailed, { reason: lastError(applied.stderr) }));
  }
}

/** psql's first error line, without its "psql:<stdin>:12:" prefix. */
function lastError(stderr: string): string {
  const line = stderr.split('\n').find((each) => /ERROR|FATAL|error/.test(each)) ?? stderr;
  return line.replace(/^psql:[^:]*:\d+:\s*/, '').trim();
}

/**
 * What the copy holds that this release's migrations (up to the copy's last) do not make, or
 * lacks of what they do: empty when the copy is exactly an academy's. better-auth's tables are
 * allowed with their columns, keys and indexes, as on SQLite.
 */
export function schemaDifferences(copy: SchemaEntry[], expected: SchemaEntry[]): string[] {
  const made = new Map(expected.map((entry) => [entry.key, entry.definition]));
  const held = new Map(copy.map((entry) => [entry.key, entry]));
  const differences: string[] = [];
  for (const entry of copy) {
    const definition = made.get(entry.key);
    if (definition === entry.definition) continue;
    const authPart =
      definition === undefined &&
      entry.table !== null &&
      AUTH_TABLES.has(entry.table) &&
      /^(relation|column|constraint|index):/.test(entry.key) &&
      (!entry.key.startsWith('relation:') || entry.definition.startsWith('r p rls=false/false'));
    if (!authPart) differences.push(definition === undefined ? `+ ${entry.key}` : `≠ ${entry.key}`);
  }
  for (const entry of expected) {
    if (!held.has(entry.key)) differences.push(`- ${entry.key}`);
  }
  return differences;
}

/** The copy's migrations are a prefix of this release's (and the manifest's); the last. */
function lastKnownMigration(applied: string[], manifest?: BackupManifest): string {
  const last = checkMigrations(applied);
  if (manifest && manifest.migrations.join() !== applied.join()) {
    throw new BackupError(say(vi.backup.unknownSchema, { name: last }));
  }
  return last;
}

/** Checks the copy in `copy` against this release's migrations, in a schema of its own. */
async function checkCopy(
  database: AppDatabase,
  academy: string,
  copy: string,
  manifest?: BackupManifest,
): Promise<void> {
  const last = lastKnownMigration(await migrationsIn(database.db, copy), manifest);
  const expected = `${RESTORE_SCHEMA_PREFIX}expected_${randomBytes(6).toString('hex')}`;
  try {
    await migrateSchemaTo(database.db, expected, academy, last);
    const differences = schemaDifferences(
      await describeSchema(database.db, copy, academy),
      await describeSchema(database.db, expected, academy),
    );
    if (differences.length > 0) {
      const shown = differences.slice(0, 5).join(', ');
      const more = differences.length > 5 ? ` (+${differences.length - 5})` : '';
      throw new BackupError(say(vi.backup.tampered, { name: `${shown}${more}` }));
    }
  } finally {
    await dropSchema(database.db, expected);
  }
}

/**
 * Puts a `pg_dump` archive (`hoc-vien backup` on PostgreSQL, or the upgrade's) in place of the
 * academy in the database `databaseUrl` names. Without `replace` the database must hold no
 * academy yet (a new machine's); with it (a rollback, or an academy brought back), every server
 * of the academy must be stopped. Whatever fails, the academy is as it was.
 */
export async function restorePostgresDump(
  database: AppDatabase,
  databaseUrl: string,
  file: string,
  { replace = false, manifest }: { replace?: boolean; manifest?: BackupManifest } = {},
): Promise<void> {
  const pgRestore = findPgTool('pg_restore');
  const psql = findPgTool('psql');
  if (!pgRestore || !psql) throw new BackupError(cli.restore.noPgRestore);
  if (!fs.existsSync(file)) throw new BackupError(say(cli.restore.missingFile, { file }));
  readableDump(pgRestore, file);
  let release: () => Promise<void>;
  try {
    release = await holdAcademyAlone(databaseUrl);
  } catch (error) {
    if (!(error instanceof AcademyLiveError)) throw error;
    throw new BackupError(
      say(cli.restore.serversLive, { servers: describeHolders(error.holders) }),
    );
  }
  const copy = `${RESTORE_SCHEMA_PREFIX}copy_${randomBytes(6).toString('hex')}`;
  try {
    await dropRestoreSchemas(database.db);
    if (!replace && (await holdsAcademy(database.db))) throw new BackupError(cli.restore.notEmpty);
    await ensureExtensions(database.db);
    const academy = await academySchema(database.db);
    await restoreBeside({ pgRestore, psql }, databaseUrl, file, academy, copy);
    await checkCopy(database, academy.schema, copy, manifest);
    await switchToRestored(database.db, academy.schema, copy);
  } finally {
    await dropSchema(database.db, copy).catch(() => {});
    await release();
  }
}

/**
 * Restores a PostgreSQL academy's .tar.gz backup (its pg_dump archive and its photos): the data
 * folder held; the archive checked whole; the photos written first (their names are their
 * content, so nothing is overwritten; their variants are made again from them when first
 * asked for, never taken from the file), then the database as `restorePostgresDump` does.
 */
export async function restorePostgresBackup(
  database: AppDatabase,
  databaseUrl: string,
  archive: string,
  dataDir: string,
  store: MediaStore,
  { replace = false }: { replace?: boolean } = {},
): Promise<BackupManifest> {
  const release = await holdForRestore(dataDir);
  const staging = path.join(dataDir, `.restore-${randomUUID()}`);
  try {
    const manifest = await unpackBackup(archive, staging);
    if (manifest.database !== BACKUP_DUMP_NAME) throw new BackupError(vi.backup.sqliteBackup);
    if (!replace && (await holdsAcademy(database.db))) {
      throw new BackupError(cli.restore.notEmpty);
    }
    for (const name of manifest.media) {
      if (isPhotoVariant(name)) continue;
      await store.put(name, await fsp.readFile(path.join(staging, 'media', name)));
    }
    if (store.kind === 'local') ownLikeDataDir(dataDir, path.join(dataDir, 'media'));
    await restorePostgresDump(database, databaseUrl, path.join(staging, BACKUP_DUMP_NAME), {
      replace,
      manifest,
    });
    return manifest;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    release();
  }
}

/** Restores a bare `.dump` with the data folder held, as every restore holds it. */
export async function restorePostgresDumpFile(
  database: AppDatabase,
  databaseUrl: string,
  file: string,
  dataDir: string,
  options: { replace?: boolean } = {},
): Promise<void> {
  const release = await holdForRestore(dataDir);
  try {
    await restorePostgresDump(database, databaseUrl, file, options);
  } finally {
    release();
  }
}
