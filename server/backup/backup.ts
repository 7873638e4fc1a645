import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import tar from 'tar-stream';
import { vi } from '#shared/locales/vi';
import { fillPlaceholders } from '#shared/text';
import type { AppDatabase } from '../db/database.ts';

/*
 * Backups of an academy on SQLite: one .tar.gz holding a consistent copy of the database
 * (SQLite's VACUUM INTO, taken while the app keeps running) and the stored photos, with a
 * manifest. `npm run restore -- <file>` puts one back (the app stopped). PostgreSQL academies
 * back up with pg_dump (README, "Backup and restore").
 */

export const BACKUP_DATABASE_NAME = 'academy.sqlite';
export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  database: string;
  media: string[];
}

/** Tables a backup must hold to be an academy's database at all. */
const REQUIRED_TABLES = ['people', 'courses', 'posts', 'kysely_migration'];

/**
 * Writes a backup of the database and `dataDir/media` as a gzipped tar to the returned stream.
 * The database copy is taken first (consistent at one instant); photos are immutable files named
 * by their content, so copying them afterwards loses nothing the copy refers to.
 */
export async function createBackup(database: AppDatabase, dataDir: string): Promise<Readable> {
  if (database.kind !== 'sqlite') throw new Error('createBackup is for SQLite academies');
  const snapshot = path.join(dataDir, `backup-${randomUUID()}.sqlite`);
  await sql`vacuum into ${snapshot}`.execute(database.db);
  const mediaDir = path.join(dataDir, 'media');
  const media = (await fsp.readdir(mediaDir).catch(() => [] as string[])).filter(
    (name) => name.endsWith('.webp') && !name.includes('..'),
  );
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: BACKUP_DATABASE_NAME,
    media,
  };

  const pack = tar.pack();
  const output = new PassThrough();
  const addFile = (name: string, file: string) =>
    new Promise<void>((resolve, reject) => {
      const size = fs.statSync(file).size;
      const entry = pack.entry({ name, size, mode: 0o600 }, (error) =>
        error ? reject(error) : resolve(),
      );
      fs.createReadStream(file).on('error', reject).pipe(entry);
    });
  void (async () => {
    try {
      pack.entry({ name: 'manifest.json' }, JSON.stringify(manifest, null, 2));
      await addFile(BACKUP_DATABASE_NAME, snapshot);
      for (const name of media) await addFile(`media/${name}`, path.join(mediaDir, name));
      pack.finalize();
    } catch (error) {
      pack.destroy(error as Error);
    } finally {
      await fsp.rm(snapshot, { force: true });
    }
  })();
  pipeline(pack, createGzip(), output).catch((error: unknown) => output.destroy(error as Error));
  return output;
}

type BackupMessage = Exclude<keyof typeof vi.backup, 'usage' | 'restored' | 'failed'>;
const say = (key: BackupMessage, values: Record<string, string> = {}) =>
  fillPlaceholders(vi.backup[key], values);

export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Unpacks a backup into an empty directory and checks it before anything is replaced: the
 * manifest, every file it names and nothing else, and a database that passes SQLite's
 * integrity check and holds an academy's tables. Throws BackupError (a message for people).
 */
export async function unpackBackup(archive: string, into: string): Promise<BackupManifest> {
  await fsp.mkdir(path.join(into, 'media'), { recursive: true });
  const extract = tar.extract();
  const seen = new Set<string>();
  let manifestText = '';
  // Entries that do not belong are read past and remembered, not written: the backup is
  // refused once the whole file has been read (failing inside the entry handler would leave
  // the error where no one listens).
  let refused: BackupError | undefined;
  extract.on('entry', (header, stream, next) => {
    const name = path.posix.normalize(header.name);
    const allowed =
      header.type === 'file' &&
      (name === 'manifest.json' ||
        name === BACKUP_DATABASE_NAME ||
        /^media\/[a-f0-9]{64}(-sm)?\.webp$/.test(name));
    if (!allowed || refused) {
      refused ??= new BackupError(say('badEntry', { name: header.name }));
      stream.on('end', next);
      stream.on('error', next);
      stream.resume();
      return;
    }
    seen.add(name);
    // An entry cut short (a truncated file) errors on its own stream: it is handled here, and
    // the whole extraction fails with it.
    if (name === 'manifest.json') {
      stream.on('data', (chunk: unknown) => {
        manifestText += String(chunk);
      });
      stream.on('error', (error) => extract.destroy(error));
      stream.on('end', next);
      return;
    }
    pipeline(stream, fs.createWriteStream(path.join(into, name))).then(
      () => next(),
      (error: unknown) => extract.destroy(error as Error),
    );
  });
  try {
    await pipeline(fs.createReadStream(archive), createGunzip(), extract);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(say('unreadable', { reason: (error as Error).message }));
  }
  if (refused) throw refused;
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw new BackupError(say('noManifest'));
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.database !== BACKUP_DATABASE_NAME) {
    throw new BackupError(say('unsupported'));
  }
  const missing = [BACKUP_DATABASE_NAME, ...manifest.media.map((name) => `media/${name}`)].filter(
    (name) => !seen.has(name),
  );
  if (missing.length > 0) {
    throw new BackupError(
      say('missingFiles', { count: String(missing.length), name: missing[0] ?? '' }),
    );
  }
  checkDatabase(path.join(into, BACKUP_DATABASE_NAME));
  return manifest;
}

function checkDatabase(file: string) {
  let connection: SQLite.Database | undefined;
  try {
    connection = new SQLite(file, { readonly: true, fileMustExist: true });
    const integrity = connection.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(say('corrupt', { reason: String(integrity) }));
    const tables = new Set(
      connection
        .prepare(`select name from sqlite_master where type = 'table'`)
        .all()
        .map((row) => (row as { name: string }).name),
    );
    const absent = REQUIRED_TABLES.filter((table) => !tables.has(table));
    if (absent.length > 0) {
      throw new BackupError(say('missingTables', { tables: absent.join(', ') }));
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(say('unopenable', { reason: (error as Error).message }));
  } finally {
    connection?.close();
  }
}

/**
 * Restores a backup into `dataDir` (the app must be stopped): unpacked and checked beside it
 * first, then the current database and photos are kept under a dated name and the backup's
 * moved in. Nothing is replaced when the backup fails a check.
 */
export async function restoreBackup(archive: string, dataDir: string) {
  await fsp.mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restore-${randomUUID()}`);
  try {
    const manifest = await unpackBackup(archive, staging);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const kept = path.join(dataDir, `before-restore-${stamp}`);
    await fsp.mkdir(kept, { recursive: true });
    const database = path.join(dataDir, BACKUP_DATABASE_NAME);
    for (const suffix of ['', '-wal', '-shm']) {
      await fsp
        .rename(`${database}${suffix}`, path.join(kept, `${BACKUP_DATABASE_NAME}${suffix}`))
        .catch(() => undefined);
    }
    await fsp.rename(path.join(dataDir, 'media'), path.join(kept, 'media')).catch(() => undefined);
    await fsp.rename(path.join(staging, BACKUP_DATABASE_NAME), database);
    await fsp.rename(path.join(staging, 'media'), path.join(dataDir, 'media'));
    return { manifest, kept };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}
