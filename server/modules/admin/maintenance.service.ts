import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { vi } from '#shared/locales/vi';
import { cli } from '#shared/locales/vi/cli';
import type { CleanupResult } from '#shared/schemas/admin';
import { fillPlaceholders } from '#shared/text';
import {
  ACCESS_TABLES,
  createBackup,
  createDumpBackup,
  downloadsFolder,
} from '../../backup/backup.ts';
import { openOffsiteBackups } from '../../backup/offsite.ts';
import { findPgTool } from '../../backup/postgres-restore.ts';
import type { Config } from '../../config.ts';
import { type AppDatabase, migrationStatus } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownLikeDataDir } from '../../lib/data-owner.ts';
import { deleteStaleMappings } from '../accounts/accounts.repository.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { createMediaStore } from '../media/create-media-store.ts';
import { cleanUpUnreferencedMedia } from '../media/media.cleanup.ts';
import type { MediaStore } from '../media/media.store.ts';
import { lastScheduledOutcomes, NIGHTLY_BACKUP_JOB } from './scheduled-runs.repository.ts';

const execFileAsync = promisify(execFile);

/**
 * The admin tools' clean-up: sign-in mappings left by identities that no longer exist (spec 8:
 * a stale mapping is deleted), and stored photos nothing refers to any more.
 */
export async function cleanUp(
  database: AppDatabase,
  admin: PersonRow,
  store: MediaStore,
): Promise<CleanupResult> {
  const mappingsRemoved = await deleteStaleMappings(database.db);
  const media = await cleanUpUnreferencedMedia(database, store);
  const result = {
    mappingsRemoved,
    mediaRemoved: media.removed,
  };
  await insertActivityLog(database.db, {
    actorId: admin.id,
    action: 'maintenance.cleaned',
    target: null,
    details: result,
    now: Date.now(),
  });
  return result;
}

/**
 * How long a download waits for the one before it to finish before it is refused. Long enough
 * for a dropped download's copy to be let go (the server learns of the drop a moment after the
 * phone or script leaves); a download still being sent is not waited out. Tests shorten it.
 */
export const backupDownloadWait = { ms: 5_000 };

/** The download each academy's database is building or sending on this server, while it lasts. */
const downloadsInFlight = new WeakMap<AppDatabase, Promise<void>>();

/**
 * The server's one download slot of this academy, or `backup_busy` once the wait runs out. Each
 * download copies the whole database into the data folder and reads every photo: a second tab,
 * a second admin or a script must not multiply that on the disk the academy writes to.
 */
async function takeDownloadSlot(database: AppDatabase): Promise<() => void> {
  const deadline = Date.now() + backupDownloadWait.ms;
  for (let busy = downloadsInFlight.get(database); busy; busy = downloadsInFlight.get(database)) {
    const left = deadline - Date.now();
    if (left <= 0) throw new AppError('backup_busy', 409);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([busy, new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
  }
  let release = () => {};
  downloadsInFlight.set(
    database,
    new Promise<void>((resolve) => {
      release = () => {
        downloadsInFlight.delete(database);
        resolve();
      };
    }),
  );
  return release;
}

/**
 * A backup for an admin to download, recorded in the activity log: the database copy and the
 * photos, on either engine (on PostgreSQL a pg_dump archive, taken into the data folder first).
 * One at a time per server (`takeDownloadSlot`): the slot is held until the file has been sent
 * or the download dropped.
 */
export async function backUp(
  database: AppDatabase,
  admin: PersonRow,
  config: Pick<Config, 'dataDir' | 'database'>,
  store: MediaStore,
): Promise<{ stream: Readable; fileName: string }> {
  const release = await takeDownloadSlot(database);
  try {
    const backup = await buildDownload(database, admin, config, store);
    finished(backup.stream).then(release, release);
    return backup;
  } catch (error) {
    release();
    throw error;
  }
}

async function buildDownload(
  database: AppDatabase,
  admin: PersonRow,
  config: Pick<Config, 'dataDir' | 'database'>,
  store: MediaStore,
): Promise<{ stream: Readable; fileName: string }> {
  let stream: Readable;
  if (config.database.kind === 'postgres') {
    let dump: string;
    try {
      dump = await dumpPostgres(config.database.url, downloadsFolder(config.dataDir), vi.backup);
    } catch (error) {
      const reason = error instanceof BackupFolderError ? error.message : String(error);
      throw new AppError('backup_failed', 503, { values: { reason }, cause: error });
    }
    const { applied } = await migrationStatus(database.db);
    stream = await createDumpBackup(dump, applied, store);
  } else {
    stream = await createBackup(database, config.dataDir, store);
  }
  const now = new Date();
  await insertActivityLog(database.db, {
    actorId: admin.id,
    action: 'maintenance.backup',
    target: null,
    now: now.getTime(),
  });
  return { stream, fileName: backupFileName(now) };
}

/** `hoc-vien-YYYYMMDD-HHMMSS-mmm.tar.gz` (UTC): names sort by when they were taken. */
function backupFileName(at: Date, extension = 'tar.gz') {
  const stamp = at.toISOString().slice(0, 23).replace(/[-:]/g, '').replace('T', '-');
  return `hoc-vien-${stamp.replace('.', '-')}.${extension}`;
}

const findPgDump = () => findPgTool('pg_dump');

/**
 * The backup an upgrade takes before it changes the database: the usual .tar.gz on SQLite;
 * on PostgreSQL a pg_dump archive (`--format=custom`, readable by the server's user only)
 * beside the other backups. Returns the file.
 */
export async function backUpBeforeUpgrade(database: AppDatabase, config: Config): Promise<string> {
  let file: string;
  if (database.kind === 'sqlite') {
    const store = await createMediaStore(config.media);
    file = (
      await backUpToFolder(database, config.dataDir, config.backup.dir, config.backup.keep, store)
    ).file;
  } else {
    if (config.database.kind !== 'postgres') throw new BackupFolderError(cli.upgrade.noPgDump);
    file = await dumpPostgres(config.database.url, config.backup.dir, cli.upgrade, {
      withAccess: true,
    });
  }
  const before = await migrationStatus(database.db);
  await writeUpgradeBackup(config.dataDir, { file, at: Date.now(), applied: before.applied });
  return file;
}

/**
 * A backup into `folder` (the nightly one, `hoc-vien backup`), the newest `keep` kept there,
 * then copied into the bucket when BACKUP_TO_BUCKET is set, the newest `keep` kept there too. A
 * copy that fails is recorded as the backup's failure, for the admin's dashboard to say: the
 * backup has not left the machine.
 */
export async function takeBackup(
  database: AppDatabase,
  config: Pick<Config, 'dataDir' | 'backup' | 'database' | 'media'>,
  {
    folder = config.backup.dir,
    keep = config.backup.keep,
    store,
  }: { folder?: string; keep?: number; store?: MediaStore } = {},
): Promise<{
  file: string;
  bytes: number;
  removed: string[];
  copied?: { where: string; removed: string[] };
}> {
  const photos = store ?? (await createMediaStore(config.media));
  const taken =
    config.database.kind === 'postgres'
      ? await dumpToFolder(database, config.database.url, config.dataDir, folder, keep, photos)
      : await backUpToFolder(database, config.dataDir, folder, keep, photos);
  if (!config.backup.bucket) return taken;
  try {
    const offsite = await openOffsiteBackups(config.backup.bucket);
    await offsite.upload(taken.file);
    return { ...taken, copied: { where: offsite.describe(), removed: await offsite.prune(keep) } };
  } catch (error) {
    const reason = fillPlaceholders(vi.backup.bucketFailed, {
      file: taken.file,
      reason: error instanceof Error ? error.message || error.name : String(error),
    });
    await recordBackupOutcome(config.dataDir, { failure: { at: Date.now(), reason } });
    throw new BackupFolderError(reason, { cause: error });
  }
}

/** The backup taken before a database's new steps, and the steps it had: what a rollback restores. */
export interface UpgradeBackup {
  file: string;
  at: number;
  applied: string[];
}

const UPGRADE_BACKUP = 'upgrade-backup.json';

async function writeUpgradeBackup(dataDir: string, backup: UpgradeBackup): Promise<void> {
  const file = path.join(dataDir, UPGRADE_BACKUP);
  await fsp.writeFile(`${file}.partial`, `${JSON.stringify(backup)}\n`, { mode: 0o600 });
  await fsp.rename(`${file}.partial`, file);
}

/** The last upgrade's backup in `dataDir`, if one was taken there. */
export function readUpgradeBackup(dataDir: string): UpgradeBackup | undefined {
  try {
    const backup = JSON.parse(
      fs.readFileSync(path.join(dataDir, UPGRADE_BACKUP), 'utf8'),
    ) as UpgradeBackup;
    return typeof backup.file === 'string' && Number.isFinite(backup.at) ? backup : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A pg_dump archive (`--format=custom`, readable by the server's user only) in `folder`; the
 * failures said in `words` (the upgrade's, at a shell; the nightly backup's, to the admin).
 * It leaves out the rows that grant access, as a SQLite backup's copy does, unless `withAccess`:
 * the upgrade's dump keeps them, so a rollback's restore leaves everyone signed in.
 */
async function dumpPostgres(
  databaseUrl: string,
  folder: string,
  words: { noPgDump: string; pgDumpFailed: string },
  { withAccess = false }: { withAccess?: boolean } = {},
): Promise<string> {
  const pgDump = findPgDump();
  if (!pgDump) throw new BackupFolderError(words.noPgDump);
  await makeBackupFolder(folder);
  const file = path.join(folder, backupFileName(new Date(), 'dump'));
  const partial = `${file}.partial`;
  // Not spawnSync: the nightly dump of a large academy runs while the server goes on serving.
  try {
    const leaveOut = withAccess
      ? []
      : ACCESS_TABLES.map((table) => `--exclude-table-data="${table}"`);
    await execFileAsync(
      pgDump,
      ['--format=custom', ...leaveOut, `--file=${partial}`, databaseUrl],
      {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } catch (error) {
    await fsp.rm(partial, { force: true });
    const failed = error as Error & { stderr?: string };
    const reason = (failed.stderr || failed.message || '').trim().split('\n').pop() ?? '';
    throw new BackupFolderError(fillPlaceholders(words.pgDumpFailed, { reason }));
  }
  await fsp.chmod(partial, 0o600);
  await fsp.rename(partial, file);
  return file;
}

const DUMP_NAME = /^hoc-vien-\d{8}-\d{6}-\d{3}\.dump$/;
const BACKUP_NAME = /^hoc-vien-\d{8}-\d{6}-\d{3}\.tar\.gz$/;

/**
 * The nightly backup of a PostgreSQL academy (and `hoc-vien backup`) into `folder`, keeping the
 * newest `keep` there: a pg_dump archive, packed with the photos into a .tar.gz when they are
 * kept in the data folder. Photos in a bucket stay out of it: on several servers the bucket's
 * versioning or copy is their backup (README, "Several servers").
 */
export async function dumpToFolder(
  database: AppDatabase,
  databaseUrl: string,
  dataDir: string,
  folder: string,
  keep: number,
  store: MediaStore,
): Promise<{ file: string; bytes: number; removed: string[] }> {
  let file: string;
  try {
    file = await dumpPostgres(databaseUrl, folder, vi.backup);
    if (store.kind === 'local') file = await packWithPhotos(database, file, store);
  } catch (error) {
    const reason =
      error instanceof BackupFolderError ? error.message : backupFailureReason(error, folder);
    await recordBackupOutcome(dataDir, { failure: { at: Date.now(), reason } });
    throw error instanceof BackupFolderError ? error : new BackupFolderError(reason);
  }
  const taken = (await fsp.readdir(folder))
    .filter((name) => DUMP_NAME.test(name) || BACKUP_NAME.test(name))
    .sort();
  const removed = taken.slice(0, Math.max(0, taken.length - keep));
  for (const name of removed) await fsp.rm(path.join(folder, name), { force: true });
  const bytes = (await fsp.stat(file)).size;
  await recordBackupOutcome(dataDir, { success: { at: Date.now(), bytes, file } });
  ownBackupLikeDataDir(dataDir, folder);
  return { file, bytes, removed };
}

/**
 * A backup written as root (`hoc-vien backup` from a root shell) into the data folder is the
 * server's user's, as the nightly one is: the server prunes and downloads it later.
 */
function ownBackupLikeDataDir(dataDir: string, folder: string): void {
  const inside = path.relative(path.resolve(dataDir), path.resolve(folder));
  const within = inside !== '' && !inside.startsWith('..') && !path.isAbsolute(inside);
  ownLikeDataDir(dataDir, path.join(dataDir, 'backup-status.json'), ...(within ? [folder] : []));
}

/** Packs the pg_dump archive `dump` with the photos of `store` beside it, under the same time. */
async function packWithPhotos(database: AppDatabase, dump: string, store: MediaStore) {
  const file = dump.replace(/\.dump$/, '.tar.gz');
  const partial = `${file}.partial`;
  try {
    const { applied } = await migrationStatus(database.db);
    await pipeline(
      await createDumpBackup(dump, applied, store),
      fs.createWriteStream(partial, { mode: 0o600 }),
    );
    await fsp.chmod(partial, 0o600);
    await fsp.rename(partial, file);
    return file;
  } catch (error) {
    await fsp.rm(partial, { force: true });
    await fsp.rm(dump, { force: true });
    throw error;
  }
}

/**
 * Writes a backup into `folder` (the command line, the nightly schedule), then keeps the newest
 * `keep` backups there and removes older ones. The file appears under its name only once it is
 * whole, so an interrupted backup never takes the place of a good one.
 */
export async function backUpToFolder(
  database: AppDatabase,
  dataDir: string,
  folder: string,
  keep: number,
  store?: MediaStore,
): Promise<{ file: string; bytes: number; removed: string[] }> {
  if (database.kind !== 'sqlite') throw new AppError('backup_postgres', 409);
  const file = path.join(folder, backupFileName(new Date()));
  const partial = `${file}.partial`;
  try {
    await makeBackupFolder(folder);
    // People's data and password hashes: readable by the server's own user only.
    await pipeline(
      await createBackup(database, dataDir, store),
      fs.createWriteStream(partial, { mode: 0o600 }),
    );
    await fsp.chmod(partial, 0o600);
    await fsp.rename(partial, file);
  } catch (error) {
    // Where the folder cannot be made, nor can a partial file have been.
    await fsp.rm(partial, { force: true }).catch(() => {});
    const reason = backupFailureReason(error, folder);
    await recordBackupOutcome(dataDir, { failure: { at: Date.now(), reason } });
    throw new BackupFolderError(reason, { cause: error });
  }
  const backups = (await fsp.readdir(folder)).filter((name) => BACKUP_NAME.test(name)).sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) await fsp.rm(path.join(folder, name), { force: true });
  const bytes = (await fsp.stat(file)).size;
  await recordBackupOutcome(dataDir, { success: { at: Date.now(), bytes, file } });
  ownBackupLikeDataDir(dataDir, folder);
  return { file, bytes, removed };
}

/**
 * Makes the backup folder one level at a time, each new level readable by the server's user
 * only. Node's recursive mkdir can loop for ever where a level can never be made (`/proc/x`);
 * here such a level fails at once with its own error.
 */
async function makeBackupFolder(folder: string): Promise<void> {
  const missing: string[] = [];
  let level = path.resolve(folder);
  while (!(await fsp.stat(level).catch(() => undefined))) {
    missing.unshift(level);
    const parent = path.dirname(level);
    if (parent === level) break;
    level = parent;
  }
  for (const dir of missing) await fsp.mkdir(dir, { mode: 0o700 });
  const stat = await fsp.stat(folder);
  if (!stat.isDirectory()) throw Object.assign(new Error(folder), { code: 'ENOTDIR' });
  // A folder of the kernel's (procfs, sysfs) takes no files: refused before any work is done.
  const probe = path.join(folder, `.hoc-vien-probe-${process.pid}`);
  await fsp.writeFile(probe, '', { mode: 0o600 });
  await fsp.rm(probe, { force: true });
}

/** A backup into a folder failed: the message says why in Vietnamese, for the admin. */
export class BackupFolderError extends Error {}

/** Why a backup could not be written, as the admin tools and the command line say it. */
function backupFailureReason(error: unknown, folder: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return fillPlaceholders(vi.backup.diskFull, { folder });
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return fillPlaceholders(vi.backup.folderDenied, { folder });
  }
  if (code === 'EEXIST' || code === 'ENOTDIR') {
    return fillPlaceholders(vi.backup.folderUnusable, { folder });
  }
  if (code === 'ENOENT' || code === 'EINVAL') {
    return fillPlaceholders(vi.backup.folderImpossible, { folder });
  }
  return fillPlaceholders(vi.backup.otherFailure, {
    folder,
    reason: error instanceof Error ? error.message : String(error),
  });
}

interface BackupOutcomes {
  success?: { at: number; bytes: number; file: string };
  failure?: { at: number; reason: string };
}

const outcomesFile = (dataDir: string) => path.join(dataDir, 'backup-status.json');

async function readBackupOutcomes(dataDir: string): Promise<BackupOutcomes> {
  try {
    return JSON.parse(await fsp.readFile(outcomesFile(dataDir), 'utf8')) as BackupOutcomes;
  } catch {
    return {};
  }
}

/** Keeps the last success and the last failure, whichever process took the backup. */
async function recordBackupOutcome(dataDir: string, outcome: BackupOutcomes) {
  const next = { ...(await readBackupOutcomes(dataDir)), ...outcome };
  const temporary = `${outcomesFile(dataDir)}.${process.pid}`;
  try {
    await fsp.writeFile(temporary, JSON.stringify(next));
    await fsp.rename(temporary, outcomesFile(dataDir));
  } catch {
    // A data folder that cannot be written to fails louder elsewhere.
  }
}

/** A warning is due when the last backup into the folder failed, or is older than this. */
export const BACKUP_STALE_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * What the admin tools and the dashboard say of the backups into the folder: when they run,
 * the last one, the last failure, and whether that calls for a warning (the last one failed,
 * or the newest is older than two days while nightly backups are on).
 */
export async function backupStatus(
  database: AppDatabase,
  dataDir: string,
  schedule: { at: { hours: number; minutes: number } | null; keep: number },
  now = Date.now(),
) {
  // On PostgreSQL any of several servers may take the night: its outcome is in the database.
  const { success, failure } =
    database.kind === 'postgres'
      ? await lastScheduledOutcomes(database.db, NIGHTLY_BACKUP_JOB)
      : await readBackupOutcomes(dataDir);
  const failedLast = failure !== undefined && (success === undefined || failure.at > success.at);
  const old = success !== undefined && now - success.at > BACKUP_STALE_MS;
  const on = schedule.at !== null;
  return {
    nightlyAt: on && schedule.at ? `${pad(schedule.at.hours)}:${pad(schedule.at.minutes)}` : null,
    keep: schedule.keep,
    last: success ? { at: success.at, bytes: success.bytes } : null,
    lastFailure: failedLast && failure ? failure : null,
    warning: on && (failedLast || old),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');
