import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import tar from 'tar-stream';
import { vi } from '#shared/locales/vi';
import { fillPlaceholders } from '#shared/text';
import type { AppDatabase } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { ownLikeDataDir } from '../lib/data-owner.ts';
import { LocalMediaStore, type MediaStore } from '../modules/media/media.store.ts';
import { DataDirBusyError, holdDataDir } from './data-dir-lock.ts';

/*
 * Backups of an academy: one .tar.gz holding a copy of the database with everything that grants
 * access removed, the stored photos, and a manifest that lists every entry with its size and
 * SHA-256. On SQLite the copy is SQLite's VACUUM INTO, taken while the app keeps running, and
 * `npm run restore -- <file>` puts one back while the app is stopped. On PostgreSQL it is a
 * pg_dump archive, packed this way when the photos are in the data folder (with photos in a
 * bucket the archive stands alone; README, "Backup and restore").
 */

export const BACKUP_DATABASE_NAME = 'academy.sqlite';
/** A PostgreSQL academy's database in a backup: pg_dump's custom-format archive. */
export const BACKUP_DUMP_NAME = 'academy.dump';
type DatabaseEntry = typeof BACKUP_DATABASE_NAME | typeof BACKUP_DUMP_NAME;
const DATABASE_ENTRIES: readonly string[] = [BACKUP_DATABASE_NAME, BACKUP_DUMP_NAME];
export const BACKUP_FORMAT = 2;
const MANIFEST_NAME = 'manifest.json';
/** A manifest listing every photo of a large academy stays far below this. */
const MANIFEST_MAX_BYTES = 16 * 1024 * 1024;

export interface BackupEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: number;
  createdAt: string;
  /** The database's entry: which engine's academy this is. */
  database: DatabaseEntry;
  /** The schema's migrations, in order: a restore refuses a database its code cannot read. */
  migrations: string[];
  /** Photo file names under media/. */
  media: string[];
  /** Every entry after the manifest, with its size and hash. */
  entries: BackupEntry[];
}

/** Tables a backup must hold to be an academy's database at all. */
const REQUIRED_TABLES = ['people', 'courses', 'posts', 'kysely_migration'];

/*
 * better-auth's tables, created by its own schema code at start (so not by the migrations):
 * allowed in a backup by name; any trigger or view must be one the migrations make.
 */
export const AUTH_TABLES = new Set(['user', 'session', 'account', 'verification', 'rateLimit']);

/**
 * What a backup must not carry: a file that holds live sessions, sign-in links or the server's
 * secrets is a key to the academy. A restored academy signs everyone in again and keeps the
 * running server's secrets (or generates new ones).
 */
export const ACCESS_TABLES = [
  'session',
  'verification',
  'rateLimit',
  'auth_attempts',
  'server_secrets',
];

const MEDIA_NAME = /^media\/([a-f0-9]{64})(-md|-sm)?\.webp$/;

/**
 * A photo's smaller copy (`…-md.webp`, `…-sm.webp`). A restore never takes one from the file:
 * only a photo's own bytes can be checked against its name, so its variants are made again
 * from it when first asked for (media.storage.ts).
 */
export const isPhotoVariant = (name: string) => /-(md|sm)\.webp$/.test(name);

type BackupMessage = Exclude<
  keyof typeof vi.backup,
  'usage' | 'restored' | 'failed' | 'prunedKept'
>;
const say = (key: BackupMessage, values: Record<string, string> = {}) =>
  fillPlaceholders(vi.backup[key], values);

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Where a PostgreSQL download's dump waits while it is packed; emptied at each start. */
export const downloadsFolder = (dataDir: string) => path.join(dataDir, '.backup-downloads');

/** Removes snapshots a crashed or interrupted backup left in the data folder. */
export async function removeStaleSnapshots(dataDir: string): Promise<void> {
  await fsp.rm(downloadsFolder(dataDir), { recursive: true, force: true });
  const names = await fsp.readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => /^backup-[0-9a-f-]{36}\.sqlite(-wal|-shm|-journal)?$/.test(name))
      .map((name) => fsp.rm(path.join(dataDir, name), { force: true })),
  );
}

/**
 * Deletes what grants access from a database copy, then rewrites it so no freed page keeps it.
 * Returns the copy's migrations.
 */
function scrubSnapshot(file: string): string[] {
  const connection = new SQLite(file);
  try {
    connection.pragma('journal_mode = DELETE');
    connection.pragma('secure_delete = ON');
    const tables = new Set(
      connection
        .prepare(`select name from sqlite_master where type = 'table'`)
        .all()
        .map((row) => (row as { name: string }).name),
    );
    connection.transaction(() => {
      for (const table of ACCESS_TABLES) {
        if (tables.has(table)) connection.prepare(`delete from "${table}"`).run();
      }
      // Outside identities' tokens (Google) are credentials of another service; a password's
      // hash stays so that people keep signing in with their password after a restore.
      if (tables.has('account')) {
        connection
          .prepare(`update account set accessToken = null, refreshToken = null, idToken = null`)
          .run();
      }
    })();
    connection.exec('vacuum');
    return (
      connection.prepare('select name from kysely_migration order by name').all() as {
        name: string;
      }[]
    ).map((row) => row.name);
  } finally {
    connection.close();
  }
}

/** Where an entry's bytes come from: the database copy's file, or a photo in the store. */
type EntrySource = () => Promise<Readable | undefined>;

/** The bytes' size and SHA-256, or undefined when the source has gone. */
async function measure(open: EntrySource): Promise<{ size: number; sha256: string } | undefined> {
  const source = await open();
  if (!source) return undefined;
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of source) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Adds one file as a tar entry; settles however the entry or the archive ends. */
async function addFile(pack: tar.Pack, entry: BackupEntry, open: EntrySource): Promise<void> {
  const source = await open();
  if (!source) throw new Error(`${entry.name} is gone since the backup listed it`);
  return new Promise((resolve, reject) => {
    const sink = pack.entry({ name: entry.name, size: entry.size, mode: 0o600 }, (error) =>
      error ? reject(error) : resolve(),
    );
    const fail = (error: Error) => {
      source.destroy();
      sink.destroy();
      reject(error);
    };
    source.on('error', fail);
    sink.on('error', fail);
    sink.on('close', () => reject(new Error('backup entry closed before it was written')));
    source.pipe(sink);
  });
}

/** The database's copy a backup packs: its file, its migrations, and how it is removed after. */
interface DatabaseCopy {
  name: DatabaseEntry;
  file: string;
  migrations: string[];
  remove: () => Promise<unknown>;
}

/**
 * Writes a backup of the database and the photos in `store` (by default `dataDir/media`) as a
 * gzipped tar to the returned stream. The database copy is taken first (consistent at one
 * instant); photos are immutable files named by their content, so copying them afterwards loses
 * nothing the copy refers to. The stream may be abandoned at any point (a dropped download): the
 * copy is removed and nothing is thrown.
 */
export async function createBackup(
  database: AppDatabase,
  dataDir: string,
  store: MediaStore = new LocalMediaStore(path.join(dataDir, 'media')),
): Promise<Readable> {
  if (database.kind !== 'sqlite') throw new Error('createBackup is for SQLite academies');
  const snapshot = path.join(dataDir, `backup-${randomUUID()}.sqlite`);
  const removeSnapshot = () =>
    Promise.all(
      ['', '-wal', '-shm', '-journal'].map((suffix) =>
        fsp.rm(`${snapshot}${suffix}`, { force: true }),
      ),
    );
  let applied: string[];
  try {
    await sql`vacuum into ${snapshot}`.execute(database.db);
    applied = scrubSnapshot(snapshot);
  } catch (error) {
    await removeSnapshot();
    throw error;
  }
  return packBackup(
    { name: BACKUP_DATABASE_NAME, file: snapshot, migrations: applied, remove: removeSnapshot },
    store,
  );
}

/**
 * A PostgreSQL academy's backup with its photos: the pg_dump archive `dump` (whose database has
 * `migrations`) and the photos in `store`, packed as a SQLite academy's are. `dump` is removed
 * once packed, or once the stream is abandoned.
 */
export function createDumpBackup(
  dump: string,
  migrations: string[],
  store: MediaStore,
): Promise<Readable> {
  return packBackup(
    {
      name: BACKUP_DUMP_NAME,
      file: dump,
      migrations,
      remove: () => fsp.rm(dump, { force: true }),
    },
    store,
  );
}

async function packBackup(copy: DatabaseCopy, store: MediaStore): Promise<Readable> {
  let manifest: BackupManifest;
  const files = new Map<string, EntrySource>();
  try {
    files.set(copy.name, async () => fs.createReadStream(copy.file));
    for await (const name of store.names()) {
      if (!MEDIA_NAME.test(`media/${name}`)) continue;
      files.set(`media/${name}`, async () => (await store.open(name))?.body);
    }
    const entries: BackupEntry[] = [];
    for (const [name, open] of files) {
      const measured = await measure(open);
      // A photo removed by a clean-up since the listing is simply not part of this backup.
      if (!measured) continue;
      entries.push({ name, ...measured });
    }
    manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: copy.name,
      migrations: copy.migrations,
      media: entries.filter((e) => e.name.startsWith('media/')).map((e) => e.name.slice(6)),
      entries,
    };
  } catch (error) {
    await copy.remove();
    throw error;
  }

  const pack = tar.pack();
  const output = new PassThrough();
  const written = (async () => {
    pack.entry({ name: MANIFEST_NAME, mode: 0o600 }, JSON.stringify(manifest, null, 2));
    for (const entry of manifest.entries) {
      await addFile(pack, entry, files.get(entry.name)!);
    }
    pack.finalize();
  })();
  // Whatever ends the archive (finished, a file that vanished, the reader gone), the copy of
  // the database goes; every stream's error is taken here so none reaches the process.
  written
    .catch((error: unknown) => {
      pack.destroy(error as Error);
      output.destroy(error as Error);
    })
    .finally(() => void copy.remove());
  pipeline(pack, createGzip(), output).catch(() => {
    pack.destroy();
  });
  output.on('close', () => {
    if (!output.writableFinished) pack.destroy();
  });
  return output;
}

/** Hashes what passes through, for entries checked against the manifest as they are written. */
function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
}

function readManifest(text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupError(say('noManifest'));
  }
  if (
    !manifest ||
    manifest.format !== BACKUP_FORMAT ||
    !DATABASE_ENTRIES.includes(manifest.database) ||
    !Array.isArray(manifest.entries) ||
    !Array.isArray(manifest.migrations) ||
    !Array.isArray(manifest.media)
  ) {
    throw new BackupError(say('unsupported'));
  }
  for (const entry of manifest.entries) {
    const valid =
      entry &&
      typeof entry.name === 'string' &&
      (entry.name === manifest.database || MEDIA_NAME.test(entry.name)) &&
      Number.isSafeInteger(entry.size) &&
      entry.size >= 0 &&
      typeof entry.sha256 === 'string' &&
      /^[a-f0-9]{64}$/.test(entry.sha256);
    if (!valid) throw new BackupError(say('badEntry', { name: String(entry?.name) }));
    // A photo's name is its content's hash: a listed hash that is not the name is a forgery.
    const photo = MEDIA_NAME.exec(entry.name);
    if (photo && !photo[2] && photo[1] !== entry.sha256) {
      throw new BackupError(say('tampered', { name: entry.name }));
    }
  }
  // The photo list says what a restore brings back: each must be an entry, and each entry listed.
  const held = new Set(
    manifest.entries.filter((entry) => entry.name.startsWith('media/')).map((e) => e.name),
  );
  const named = new Set(manifest.media.map((name) => `media/${String(name)}`));
  const odd = [...named].find((name) => !held.has(name)) ?? [...held].find((n) => !named.has(n));
  if (odd !== undefined || named.size !== manifest.media.length) {
    throw new BackupError(say('mediaUnlisted', { name: odd ?? 'media/' }));
  }
  return manifest;
}

/**
 * Unpacks a backup into an empty directory and checks it before anything is replaced: the
 * manifest comes first; every entry after it must be listed there, with the listed size and
 * hash (an unlisted entry is refused before it is read); the database must pass SQLite's
 * integrity check and hold exactly the schema its migrations make. Throws BackupError.
 */
export async function unpackBackup(archive: string, into: string): Promise<BackupManifest> {
  await fsp.mkdir(path.join(into, 'media'), { recursive: true });
  const extract = tar.extract();
  const seen = new Set<string>();
  let manifest: BackupManifest | undefined;
  let listed = new Map<string, BackupEntry>();
  const source = fs.createReadStream(archive);
  // Refusing ends the read at its source: the rest of the file (an unlisted entry of any size)
  // is never read, and the error reaches the pipeline below, not the process.
  let refused: Error | undefined;
  const refuse = (error: Error) => {
    refused ??= error;
    source.destroy(refused);
  };
  extract.on('entry', (header, stream, next) => {
    // Once refused, every entry is let past unread (the source has stopped: at most what was
    // already read is discarded) so the extraction can end.
    const pass = () => {
      stream.on('end', next);
      stream.on('error', next);
      stream.resume();
    };
    if (refused) return pass();
    const name = path.posix.normalize(header.name);
    if (!manifest) {
      const fits = header.type === 'file' && (header.size ?? 0) <= MANIFEST_MAX_BYTES;
      if (name !== MANIFEST_NAME || !fits) {
        const key = name === MANIFEST_NAME ? 'noManifest' : 'badEntry';
        refuse(new BackupError(say(key, { name: header.name })));
        return pass();
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk) => chunks.push(chunk as Buffer));
      stream.on('error', (error: Error) => {
        refuse(error);
        next();
      });
      stream.on('end', () => {
        try {
          manifest = readManifest(Buffer.concat(chunks).toString('utf8'));
          listed = new Map(manifest.entries.map((entry) => [entry.name, entry]));
        } catch (error) {
          refuse(error as Error);
        }
        next();
      });
      return;
    }
    const entry = listed.get(name);
    if (!entry || header.type !== 'file' || seen.has(name) || header.size !== entry.size) {
      refuse(new BackupError(say('badEntry', { name: header.name })));
      return pass();
    }
    seen.add(name);
    const hash = createHash('sha256');
    // A variant is checked against the manifest like every entry, then dropped (isPhotoVariant).
    const sink = isPhotoVariant(name)
      ? new Writable({ write: (_chunk, _encoding, done) => done() })
      : fs.createWriteStream(path.join(into, name));
    pipeline(stream, hashing(hash), sink).then(
      () => {
        if (hash.digest('hex') !== entry.sha256) refuse(new BackupError(say('tampered', { name })));
        next();
      },
      (error: unknown) => {
        refuse(error as Error);
        next();
      },
    );
  });
  try {
    await pipeline(source, createGunzip(), extract);
    if (refused) throw refused;
  } catch (error) {
    if (refused instanceof BackupError) throw refused;
    if (error instanceof BackupError) throw error;
    throw new BackupError(say('unreadable', { reason: (error as Error).message }));
  }
  if (!manifest) throw new BackupError(say('noManifest'));
  const missing = manifest.entries.map((entry) => entry.name).filter((name) => !seen.has(name));
  if (!seen.has(manifest.database) && !missing.includes(manifest.database)) {
    missing.unshift(manifest.database);
  }
  if (missing.length > 0) {
    throw new BackupError(
      say('missingFiles', { count: String(missing.length), name: missing[0] ?? '' }),
    );
  }
  if (manifest.database === BACKUP_DATABASE_NAME) {
    await checkDatabase(path.join(into, BACKUP_DATABASE_NAME), manifest);
  } else {
    await checkDump(path.join(into, BACKUP_DUMP_NAME), manifest);
  }
  return manifest;
}

/** The migrations a backup's database holds are ones this code knows, in its order; the last. */
export function checkMigrations(applied: string[]) {
  const known = Object.keys(migrations).sort();
  const last = applied.at(-1);
  if (!last || applied.some((name, index) => known[index] !== name)) {
    throw new BackupError(say('unknownSchema', { name: last ?? '' }));
  }
  return last;
}

/**
 * A PostgreSQL academy's database in a backup: pg_dump's custom format (it opens with "PGDMP")
 * at migrations this code knows; pg_restore checks the rest, in one transaction.
 */
async function checkDump(file: string, manifest: BackupManifest) {
  const handle = await fsp.open(file, 'r');
  try {
    const { buffer } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (buffer.toString('latin1') !== 'PGDMP') {
      throw new BackupError(say('corrupt', { reason: BACKUP_DUMP_NAME }));
    }
  } finally {
    await handle.close();
  }
  checkMigrations(manifest.migrations);
}

interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

function readSchema(connection: SQLite.Database): SchemaObject[] {
  return connection
    .prepare(`select type, name, tbl_name, sql from sqlite_master`)
    .all() as SchemaObject[];
}

/** The schema the app's migrations make, up to and including `last`. */
async function schemaOfMigrations(last: string): Promise<Map<string, SchemaObject>> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hv-schema-'));
  const connection = new SQLite(path.join(dir, 'schema.sqlite'));
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: connection }) });
  try {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(last);
    if (error) throw error;
    return new Map(
      readSchema(connection).map((object) => [`${object.type}:${object.name}`, object]),
    );
  } finally {
    await db.destroy();
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The database in a backup: intact, an academy's, at a migration this code knows, and with no
 * table, index, trigger or view that the migrations (or better-auth's own tables) do not make.
 */
async function checkDatabase(file: string, manifest: BackupManifest) {
  let connection: SQLite.Database | undefined;
  try {
    connection = new SQLite(file, { readonly: true, fileMustExist: true });
    const integrity = connection.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(say('corrupt', { reason: String(integrity) }));
    const schema = readSchema(connection);
    const tables = new Set(schema.filter((o) => o.type === 'table').map((o) => o.name));
    const absent = REQUIRED_TABLES.filter((table) => !tables.has(table));
    if (absent.length > 0) {
      throw new BackupError(say('missingTables', { tables: absent.join(', ') }));
    }
    const applied = (
      connection.prepare('select name from kysely_migration order by name').all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    const last = checkMigrations(applied);
    if (applied.join() !== manifest.migrations.join()) {
      throw new BackupError(say('unknownSchema', { name: last }));
    }
    connection.close();
    connection = undefined;
    const expected = await schemaOfMigrations(last);
    for (const object of schema) {
      const made = expected.get(`${object.type}:${object.name}`);
      if (made) {
        if (made.sql !== object.sql) throw new BackupError(say('tampered', { name: object.name }));
        continue;
      }
      const authObject =
        AUTH_TABLES.has(object.tbl_name) &&
        (object.type === 'table' ||
          (object.type === 'index' &&
            (object.sql === null || /^CREATE (UNIQUE )?INDEX /i.test(object.sql))));
      if (!authObject && object.name !== 'sqlite_sequence') {
        throw new BackupError(say('tampered', { name: object.name }));
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(say('unopenable', { reason: (error as Error).message }));
  } finally {
    connection?.close();
  }
}

/**
 * After a restore: no session or sign-in link of the backup's time opens the academy, and the
 * server's secrets are the ones it ran with (or, with none kept, generated at the next start).
 */
function settleAccess(restored: string, previous: string | undefined) {
  const connection = new SQLite(restored);
  try {
    connection.transaction(() => {
      for (const table of ACCESS_TABLES) {
        const exists = connection
          .prepare(`select 1 from sqlite_master where type = 'table' and name = ?`)
          .get(table);
        if (exists) connection.prepare(`delete from "${table}"`).run();
      }
    })();
    if (previous && fs.existsSync(previous)) {
      connection.prepare('attach database ? as previous').run(previous);
      try {
        const has = connection
          .prepare(
            `select 1 from previous.sqlite_master where type = 'table' and name = 'server_secrets'`,
          )
          .get();
        if (has) {
          connection.exec('insert into main.server_secrets select * from previous.server_secrets');
        }
      } finally {
        connection.exec('detach database previous');
      }
    }
  } finally {
    connection.close();
  }
}

/**
 * Holds the data folder for a restore, as a server would: none can start on it meanwhile, and a
 * folder a server holds is refused (what it acknowledged afterwards would be lost). Returns how
 * to let go of it.
 */
export async function holdForRestore(dataDir: string): Promise<() => void> {
  await fsp.mkdir(dataDir, { recursive: true });
  try {
    return holdDataDir(dataDir, 'restore');
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    throw new BackupError(say('inUse', { pid: String(error.holder.pid) }));
  }
}

/** How many of the academies a restore replaced stay in the data folder (`before-restore-…`). */
export const KEEP_BEFORE_RESTORE = 2;

/**
 * Removes all but the newest `KEEP_BEFORE_RESTORE` academies kept by restores: each is a whole
 * database with its photos, and a data folder restored into now and then would hold them all.
 * Returns the folders removed.
 */
async function pruneKeptBeforeRestore(dataDir: string): Promise<string[]> {
  const kept = (await fsp.readdir(dataDir))
    .filter((name) => /^before-restore-[0-9T-]+Z$/.test(name))
    .sort();
  const removed = kept.slice(0, Math.max(0, kept.length - KEEP_BEFORE_RESTORE));
  for (const name of removed) {
    await fsp.rm(path.join(dataDir, name), { recursive: true, force: true });
  }
  return removed.map((name) => path.join(dataDir, name));
}

/**
 * Restores a backup into `dataDir`. Refused while a server holds the data folder (writes it
 * acknowledged afterwards would be lost). Unpacked and checked beside the data first, then the
 * current database and photos are kept under a dated name and the backup's moved in. Nothing
 * is replaced when the backup fails a check. With photos in a bucket, the backup's photos are
 * written to it before the database is replaced (names are their content: nothing there is
 * overwritten, and a restore that stops halfway leaves the database as it was).
 */
export async function restoreBackup(archive: string, dataDir: string, store?: MediaStore) {
  const release = await holdForRestore(dataDir);
  const staging = path.join(dataDir, `.restore-${randomUUID()}`);
  try {
    const manifest = await unpackBackup(archive, staging);
    if (manifest.database !== BACKUP_DATABASE_NAME) throw new BackupError(say('postgresBackup'));
    const bucket = store && store.kind !== 'local' ? store : undefined;
    if (bucket) {
      for (const name of manifest.media) {
        if (isPhotoVariant(name)) continue;
        await bucket.put(name, await fsp.readFile(path.join(staging, 'media', name)));
      }
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const kept = path.join(dataDir, `before-restore-${stamp}`);
    await fsp.mkdir(kept, { recursive: true });
    const database = path.join(dataDir, BACKUP_DATABASE_NAME);
    let previous: string | undefined;
    for (const suffix of ['', '-wal', '-shm']) {
      const moved = await fsp
        .rename(`${database}${suffix}`, path.join(kept, `${BACKUP_DATABASE_NAME}${suffix}`))
        .then(() => true)
        .catch(() => false);
      if (moved && suffix === '') previous = path.join(kept, BACKUP_DATABASE_NAME);
    }
    if (!bucket) {
      await fsp
        .rename(path.join(dataDir, 'media'), path.join(kept, 'media'))
        .catch(() => undefined);
    }
    const restored = path.join(staging, BACKUP_DATABASE_NAME);
    settleAccess(restored, previous);
    // Everyone's data and the server's secrets: readable by the server's user alone.
    await fsp.chmod(restored, 0o600);
    await fsp.rename(restored, database);
    if (!bucket) await fsp.rename(path.join(staging, 'media'), path.join(dataDir, 'media'));
    const removed = await pruneKeptBeforeRestore(dataDir);
    ownLikeDataDir(dataDir, database, kept, ...(bucket ? [] : [path.join(dataDir, 'media')]));
    return { manifest, kept, removed };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
    release();
  }
}
