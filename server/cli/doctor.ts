import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { formatBytes } from '#shared/format';
import { cli } from '#shared/locales/vi/cli';
import { fillPlaceholders } from '#shared/text';
import { type Config, ConfigError, loadConfig, runtimeProblem } from '../config.ts';
import { migrationStatus, openDatabase } from '../db/database.ts';
import { writeProbe } from '../lib/write-probe.ts';
import { smtpProblem } from '../modules/auth/mailer.ts';
import { createMediaStore } from '../modules/media/create-media-store.ts';
import { mediaStoreProblem } from '../modules/media/media.storage.ts';
import { vapidKeysProblem } from '../modules/push/push.service.ts';

/** Less free space than this on the data folder's disk is a problem (photos and backups). */
const MIN_FREE_BYTES = 1024 ** 3;

export interface DoctorReport {
  /** What was checked, named for the clean report. */
  checked: string[];
  /** One line each, in Vietnamese: what is wrong. */
  problems: string[];
  /** Worth knowing but not wrong (mail printed to the log on a fresh machine). */
  notes: string[];
}

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether a file can be made in `dir`, which is not made when missing (the server makes it at
 * start): its parent must then take it. The reason when it cannot.
 */
function unwritable(dir: string): string | null {
  return writeProbe(fs.existsSync(dir) ? dir : path.dirname(dir));
}

/** The database: opens, is not newer than this code, has no steps due, and holds usable keys. */
async function checkDatabase(config: Config, report: DoctorReport) {
  const database = openDatabase(config.database);
  try {
    const status = await migrationStatus(database.db);
    if (status.unknown.length > 0 && !status.runs) {
      report.problems.push(
        fillPlaceholders(cli.doctor.newer, { names: status.unknown.join(', ') }),
      );
    } else if (status.unknown.length > 0) {
      report.notes.push(
        fillPlaceholders(cli.doctor.newerButRuns, { names: status.unknown.join(', ') }),
      );
    } else if (status.pending.length > 0) {
      const values = { count: String(status.pending.length), names: status.pending.join(', ') };
      report.notes.push(
        fillPlaceholders(status.applied.length > 0 ? cli.doctor.pending : cli.doctor.fresh, values),
      );
    }
    report.checked.push(cli.doctor.checked.database);
    // A fresh data folder has no tables yet, and so no keys: the server makes both at start.
    const push = status.applied.length > 0 ? await vapidKeysProblem(database) : null;
    if (push) report.problems.push(fillPlaceholders(cli.doctor.push, { reason: push }));
    else report.checked.push(cli.doctor.checked.push);
  } catch (error) {
    report.problems.push(fillPlaceholders(cli.doctor.database, { reason: messageOf(error) }));
  } finally {
    await database.close().catch(() => {});
  }
}

/**
 * Checks what the server needs and says what is wrong, one line each: the configuration, the
 * database (opens, not newer than this code, migrations pending), the push keys, the data and
 * photo folders (writable), the disk (free space) and the mail server (answers). Reads only;
 * changes nothing.
 */
export async function runDoctor(env: NodeJS.ProcessEnv): Promise<DoctorReport> {
  const report: DoctorReport = { checked: [], problems: [], notes: [] };
  let config: Config;
  // Settings in error: said, then left out so that everything else is still checked.
  let broken = new Set<string>();
  try {
    config = loadConfig(env);
    report.checked.push(cli.doctor.checked.config);
  } catch (error) {
    // Every problem of the settings at once: one fixed at a time would take as many runs.
    const problems = error instanceof ConfigError ? error.problems : [messageOf(error)];
    for (const reason of problems) {
      report.problems.push(fillPlaceholders(cli.doctor.config, { reason }));
    }
    if (!(error instanceof ConfigError)) return report;
    broken = new Set(error.variables);
    try {
      config = loadConfig(Object.fromEntries(Object.entries(env).filter(([k]) => !broken.has(k))));
    } catch {
      return report;
    }
  }
  const runtime = runtimeProblem();
  if (runtime) report.problems.push(fillPlaceholders(cli.doctor.config, { reason: runtime }));

  // A data folder that is not there is a wrong path, not a new academy: nothing is made in it.
  const dataDirMissing = !fs.existsSync(config.dataDir);
  if (dataDirMissing) {
    report.problems.push(fillPlaceholders(cli.doctor.noDataDir, { dir: config.dataDir }));
  }
  // The database is not opened where this Node.js cannot run it safely, nor made where it is not.
  const sqliteMissing = config.database.kind === 'sqlite' && dataDirMissing;
  // A wrong DATABASE_URL is not checked as the SQLite academy it would fall back to.
  if (!runtime && !sqliteMissing && !broken.has('DATABASE_URL'))
    await checkDatabase(config, report);

  let foldersOk = !dataDirMissing;
  if (!dataDirMissing) {
    const folders =
      config.media.kind === 'local' ? [config.dataDir, config.media.dir] : [config.dataDir];
    for (const dir of folders) {
      const reason = unwritable(dir);
      if (reason) {
        foldersOk = false;
        report.problems.push(fillPlaceholders(cli.doctor.unwritable, { dir, reason }));
      }
    }
  }
  if (foldersOk) report.checked.push(cli.doctor.checked.folders);

  if (config.media.kind === 's3' && !broken.has('MEDIA_STORE')) {
    const reason = await mediaStoreProblem(await createMediaStore(config.media));
    if (reason) {
      report.problems.push(fillPlaceholders(cli.doctor.mediaStore, { reason }));
    } else {
      report.checked.push(cli.doctor.checked.mediaStore);
    }
  }

  if (!dataDirMissing) {
    const disk = fs.statfsSync(config.dataDir);
    const free = disk.bavail * disk.bsize;
    if (free < MIN_FREE_BYTES) {
      report.problems.push(
        fillPlaceholders(cli.doctor.disk, { dir: config.dataDir, free: formatBytes(free) }),
      );
    } else {
      report.checked.push(cli.doctor.checked.disk);
    }
  }

  if (broken.has('SMTP_URL')) {
    // Said above; a mail server cannot be asked at an address that is not right.
  } else if (!config.smtpUrl) {
    report.notes.push(cli.doctor.noMail);
  } else {
    const url = new URL(config.smtpUrl);
    // An answer within seconds, not nodemailer's two minutes.
    url.searchParams.set('connectionTimeout', '5000');
    url.searchParams.set('greetingTimeout', '5000');
    const transport = nodemailer.createTransport(url.toString());
    try {
      await transport.verify();
      report.checked.push(cli.doctor.checked.mail);
    } catch (error) {
      report.problems.push(
        fillPlaceholders(cli.doctor.mail, { reason: smtpProblem(error, config.smtpUrl) }),
      );
    } finally {
      transport.close();
    }
  }
  return report;
}
