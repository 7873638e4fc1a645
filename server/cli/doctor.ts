import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { formatBytes } from '#shared/format';
import { cli } from '#shared/locales/vi/cli';
import { fillPlaceholders } from '#shared/text';
import { type Config, loadConfig, runtimeProblem } from '../config.ts';
import { migrationStatus, openDatabase } from '../db/database.ts';
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

/** Whether a file can be made in `dir` (made if missing): the reason when it cannot. */
function unwritable(dir: string): string | null {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.doctor-${crypto.randomUUID()}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? messageOf(error);
  }
}

/** The database: opens, is not newer than this code, has no steps due, and holds usable keys. */
async function checkDatabase(config: Config, report: DoctorReport) {
  const database = openDatabase(config.database);
  try {
    const status = await migrationStatus(database.db);
    if (status.unknown.length > 0) {
      report.problems.push(
        fillPlaceholders(cli.doctor.newer, { names: status.unknown.join(', ') }),
      );
    } else if (status.pending.length > 0 && status.applied.length > 0) {
      report.notes.push(
        fillPlaceholders(cli.doctor.pending, { count: String(status.pending.length) }),
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
  try {
    config = loadConfig(env);
  } catch (error) {
    report.problems.push(fillPlaceholders(cli.doctor.config, { reason: messageOf(error) }));
    return report;
  }
  report.checked.push(cli.doctor.checked.config);
  const runtime = runtimeProblem();
  if (runtime) report.problems.push(fillPlaceholders(cli.doctor.config, { reason: runtime }));

  // The database is not opened where this Node.js cannot run it safely.
  if (!runtime) await checkDatabase(config, report);

  let foldersOk = true;
  for (const dir of [config.dataDir, path.join(config.dataDir, 'media')]) {
    const reason = unwritable(dir);
    if (reason) {
      foldersOk = false;
      report.problems.push(fillPlaceholders(cli.doctor.unwritable, { dir, reason }));
    }
  }
  if (foldersOk) report.checked.push(cli.doctor.checked.folders);

  try {
    const disk = fs.statfsSync(config.dataDir);
    const free = disk.bavail * disk.bsize;
    if (free < MIN_FREE_BYTES) {
      report.problems.push(
        fillPlaceholders(cli.doctor.disk, { dir: config.dataDir, free: formatBytes(free) }),
      );
    } else {
      report.checked.push(cli.doctor.checked.disk);
    }
  } catch {
    // The folder could not be made: already said above.
  }

  if (!config.smtpUrl) {
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
      report.problems.push(fillPlaceholders(cli.doctor.mail, { reason: messageOf(error) }));
    } finally {
      transport.close();
    }
  }
  return report;
}
