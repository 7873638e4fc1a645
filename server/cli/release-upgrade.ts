import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cli } from '#shared/locales/vi/cli';
import { fillPlaceholders } from '#shared/text';
import type { Config } from '../config.ts';
import { readUpgradeBackup } from '../modules/admin/maintenance.service.ts';
import { lastLine, socketAddress, systemctl, unitState } from './systemd.ts';

/*
 * `hoc-vien upgrade <artifact>` and `hoc-vien rollback`, on one server run by systemd with its
 * socket (deploy/hoc-vien.{socket,service}) and its releases side by side:
 *
 *   /opt/hoc-vien/releases/hoc-vien-<version>+<commit>-linux-x64/   one folder a release
 *   /opt/hoc-vien/current -> releases/…                               the one the unit runs
 *
 * The upgrade checks the artifact against its .sha256, unpacks it beside the running release,
 * asks it to read the database (its pending steps), points `current` at it and restarts the
 * service: the socket holds requests meanwhile, and the new release's start takes the backup
 * before its steps (written down in DATA_DIR/upgrade-backup.json). Unless the new release then
 * answers healthy, under its own version, for a steady spell within the wait, the same command
 * rolls back: stop, `current` back, the backup restored when any step ran, start, health.
 * One procedure in one file (the steps share the record and the options); what it asks of
 * systemd is in systemd.ts.
 */

/** What an upgrade or a rollback is told, with what the service's settings say. */
export interface ReleaseOptions {
  /** The symlink the unit runs (`/opt/hoc-vien/current`). */
  current: string;
  /** The systemd unit (its socket is `<service>.socket`). */
  service: string;
  /** The health address the service answers on (through its socket). */
  healthUrl: string;
  waitMs: number;
  /** How long the new release must answer healthy, without a miss, to be kept. */
  steadyMs: number;
  config: Config;
  /** The environment the commands of a release run in (the service's settings). */
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
}

/** The record of the last upgrade, beside the releases: what `rollback` goes back to. */
interface UpgradeRecord {
  from: string;
  fromVersion: string;
  to: string;
  toVersion: string;
  /** The database's steps the new release had to run, as it said before its start. */
  pending: string[];
  at: number;
}

const say = fillPlaceholders;
/** How many times the service may start again while its health is awaited. */
const RESTARTS_ALLOWED = 3;
/** A health request waits no longer: behind the socket, a server that is not there never answers. */
const HEALTH_TIMEOUT_MS = 2_000;
const RECORD = '.last-upgrade.json';
const ARTIFACT = /^(hoc-vien-.+-linux-x64)\.tar\.gz$/;
const RELEASE_FOLDER = /^hoc-vien-.+-linux-x64$/;

class Refused extends Error {}

/**
 * The default health address: where the service's socket unit listens (deploy/hoc-vien.socket,
 * which says the address, not PORT), else the service's own port on this machine.
 */
export function defaultHealthUrl(config: Config, service = 'hoc-vien'): string {
  const address = socketAddress(service);
  return `http://${address ?? `127.0.0.1:${config.port}`}/api/health`;
}

/**
 * `current`'s default: the link beside the releases folder the running release is in (the
 * README's layout), else `/opt/hoc-vien/current`.
 */
export function defaultCurrentLink(runningRelease: string | undefined): string {
  if (runningRelease) {
    const candidate = path.join(path.dirname(path.dirname(runningRelease)), 'current');
    try {
      if (fs.realpathSync(candidate) === fs.realpathSync(runningRelease)) return candidate;
    } catch {
      // Not this layout.
    }
  }
  return '/opt/hoc-vien/current';
}

export async function upgradeRelease(artifact: string, options: ReleaseOptions): Promise<number> {
  try {
    return await upgrade(path.resolve(artifact), options);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    options.err(error.message);
    return 1;
  }
}

/**
 * `hoc-vien rollback`: back to the release before the last upgrade. When that upgrade's steps
 * ran, going back restores the backup taken before them, losing what was written since: that is
 * done only when asked (`restore`), and said.
 */
export async function rollbackRelease(options: ReleaseOptions, restore: boolean): Promise<number> {
  try {
    const running = runningRelease(options);
    const releases = path.dirname(running);
    const record = readRecord(releases);
    if (!record || record.to !== running) {
      throw new Refused(say(cli.release.nothingToRollBack, { dir: releases }));
    }
    return (await rollBack(record, options, restore)) ? 0 : 1;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    options.err(error.message);
    return 1;
  }
}

async function upgrade(artifact: string, options: ReleaseOptions): Promise<number> {
  const { out } = options;
  requireSystemctl(options.service);
  const old = runningRelease(options);
  const releases = path.dirname(old);
  const name = ARTIFACT.exec(path.basename(artifact))?.[1];
  if (!name || !fs.existsSync(artifact)) {
    throw new Refused(say(cli.release.notArchive, { file: artifact }));
  }
  verifyChecksum(artifact);
  out(say(cli.release.checked, { file: path.basename(artifact) }));
  const target = path.join(releases, name);
  if (target === old) throw new Refused(say(cli.release.sameRelease, { dir: old }));
  unpackBeside(artifact, name, releases);
  const version = releaseVersion(target);
  out(say(cli.release.unpacked, { version, dir: target }));

  // The new release reads the database before anything changes: a database it cannot read, or
  // one a newer release upgraded, stops the upgrade here.
  const status = migrationStatusOf(target, options);
  if (status.unknown.length > 0 && !status.runs) {
    throw new Refused(
      say(cli.release.databaseProblem, {
        reason: say(cli.doctor.newer, { names: status.unknown.join(', ') }),
      }),
    );
  }
  if (status.pending.length > 0) {
    out(
      say(cli.release.pending, {
        count: String(status.pending.length),
        names: status.pending.join(', '),
      }),
    );
  }
  const record: UpgradeRecord = {
    from: old,
    fromVersion: releaseVersion(old, false),
    to: target,
    toVersion: version,
    pending: status.pending,
    at: Date.now(),
  };
  writeRecord(releases, record);

  pointCurrentAt(options.current, target);
  out(say(cli.release.switched, { current: options.current, version, service: options.service }));
  const problem =
    systemctl('restart', options.service) ?? (await steadilyHealthy(version, options));
  if (problem === undefined) {
    out(say(cli.release.healthy, { version, old }));
    const removed = removeOtherReleases(releases, [target, old]);
    if (removed.length > 0) {
      out(
        say(cli.release.removedReleases, {
          names: removed.map((dir) => path.basename(dir)).join(', '),
        }),
      );
    }
    return 0;
  }
  options.err(say(cli.release.unhealthy, { version, reason: problem }));
  await rollBack(record, options, true);
  return 1;
}

/**
 * Back to `record.from`: the service stopped (its socket holding requests), `current` pointed
 * back first (so a request that wakes the service meanwhile starts the old release, which
 * refuses an upgraded database rather than stepping it again), the backup restored when the new
 * release ran any step, then the old release started and its health checked. True when it runs.
 */
async function rollBack(
  record: UpgradeRecord,
  options: ReleaseOptions,
  restore: boolean,
): Promise<boolean> {
  const { service } = options;
  const backup = readUpgradeBackup(options.config.dataDir);
  const fail = (reason: string) => {
    options.err(say(cli.release.rollbackFailed, { reason, service, file: backup?.file ?? '—' }));
    return false;
  };
  const applied = record.pending.length === 0 ? [] : migrationStatusOf(record.to, options).applied;
  let ran = record.pending.filter((name) => applied.includes(name));
  // Steps that only added what older code ignores (decision 0024) need no restore: the old
  // release says so itself, when it is one that can.
  if (ran.length > 0 && migrationStatusOf(record.from, options, false)?.runs === true) {
    options.out(say(cli.release.oldRuns, { names: ran.join(', ') }));
    ran = [];
  }
  if (ran.length > 0 && !restore) {
    throw new Refused(
      say(cli.release.restoreNeeded, {
        names: ran.join(', '),
        file: backup?.file ?? '—',
        at: backup ? new Date(backup.at).toISOString() : '—',
      }),
    );
  }
  if (ran.length > 0 && (!backup || backup.at < record.at)) {
    // The old release cannot run on the upgraded database and there is nothing to put back:
    // the new release stays, for the operator to look at, rather than nothing that starts.
    return fail(say(cli.release.noBackup, { dataDir: options.config.dataDir }));
  }
  const stopped = systemctl('stop', service);
  if (stopped) return fail(stopped);
  pointCurrentAt(options.current, record.from);
  if (backup && ran.length > 0) {
    options.out(say(cli.release.restoring, { file: backup.file }));
    // The release that took the backup puts it back: it knows its own format.
    const restored = runRelease(record.to, ['restore', '--replace', backup.file], options);
    if (restored.status !== 0) {
      return fail(say(cli.release.restoreFailed, { reason: lastLine(restored) }));
    }
  }
  // A unit that failed its starts in a row is refused a start until its failures are forgotten.
  systemctl('reset-failed', `${service}.socket`, service);
  const started = systemctl('start', `${service}.socket`, service);
  if (started) return fail(started);
  const problem = await steadilyHealthy(record.fromVersion || undefined, options);
  if (problem) return fail(problem);
  fs.rmSync(path.join(path.dirname(record.from), RECORD), { force: true });
  options.out(say(cli.release.rolledBack, { version: record.fromVersion || record.from, service }));
  return true;
}

/** The release folder `current` points at now. */
function runningRelease(options: ReleaseOptions): string {
  try {
    return fs.realpathSync(options.current);
  } catch {
    throw new Refused(say(cli.release.noCurrent, { current: options.current }));
  }
}

function requireSystemctl(service: string): void {
  const found = spawnSync('systemctl', ['--version'], { encoding: 'utf8' });
  if (found.error) throw new Refused(say(cli.release.noSystemctl, { service }));
}

function verifyChecksum(artifact: string): void {
  let line: string;
  try {
    line = fs.readFileSync(`${artifact}.sha256`, 'utf8');
  } catch {
    throw new Refused(say(cli.release.noChecksum, { file: artifact }));
  }
  const expected = /^([0-9a-f]{64})\b/i.exec(line.trim())?.[1]?.toLowerCase();
  const actual = createHash('sha256').update(fs.readFileSync(artifact)).digest('hex');
  if (expected !== actual) {
    throw new Refused(say(cli.release.badChecksum, { file: path.basename(artifact) }));
  }
}

/**
 * Unpacks into a folder of its own inside `releases`, then renames it into place: a release is
 * never unpacked over another, and a half-unpacked one never has a release's name.
 */
function unpackBeside(artifact: string, name: string, releases: string): void {
  const work = fs.mkdtempSync(path.join(releases, '.unpacking-'));
  try {
    const unpacked = spawnSync('tar', ['xzf', artifact, '-C', work], { encoding: 'utf8' });
    const entries = fs.readdirSync(work);
    if (unpacked.status !== 0 || entries.length !== 1 || entries[0] !== name) {
      throw new Refused(
        say(cli.release.unpackFailed, {
          file: path.basename(artifact),
          reason: unpacked.status !== 0 ? lastLine(unpacked) : entries.join(', '),
        }),
      );
    }
    const target = path.join(releases, name);
    // An earlier unpacking of the same release that is not running: replaced whole.
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(path.join(work, name), target);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A release's version as its own launcher says it ("Học viện 0.5.0+…"). */
function releaseVersion(release: string, required = true): string {
  const run = spawnSync(path.join(release, 'bin/hoc-vien'), ['--version'], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  const version = run.status === 0 ? run.stdout.trim().replace(/^Học viện /, '') : '';
  if (!version && required) {
    throw new Refused(say(cli.release.notRunnable, { reason: lastLine(run) }));
  }
  return version;
}

/**
 * Runs a command of `release` as the data folder's owner (the service's user) when this runs as
 * root, so that what it writes there stays the service's.
 */
function runRelease(
  release: string,
  args: string[],
  options: ReleaseOptions,
): SpawnSyncReturns<string> {
  let owner: { uid: number; gid: number } | undefined;
  if (process.getuid?.() === 0) {
    try {
      const stat = fs.statSync(options.config.dataDir);
      if (stat.uid !== 0) owner = { uid: stat.uid, gid: stat.gid };
    } catch {
      // No data folder yet: root's own.
    }
  }
  return spawnSync(path.join(release, 'bin/hoc-vien'), args, {
    encoding: 'utf8',
    env: options.env,
    ...owner,
  });
}

interface ReleaseStatus {
  applied: string[];
  pending: string[];
  unknown: string[];
  /** Whether that release runs on the database; absent from releases that cannot tell. */
  runs?: boolean;
}

function migrationStatusOf(release: string, options: ReleaseOptions): ReleaseStatus;
function migrationStatusOf(
  release: string,
  options: ReleaseOptions,
  required: false,
): ReleaseStatus | undefined;
function migrationStatusOf(
  release: string,
  options: ReleaseOptions,
  required = true,
): ReleaseStatus | undefined {
  const run = runRelease(release, ['migrate', '--status', '--json'], options);
  try {
    const status = JSON.parse(run.stdout) as ReleaseStatus;
    if (
      run.status === 0 &&
      Array.isArray(status.applied) &&
      Array.isArray(status.pending) &&
      Array.isArray(status.unknown)
    ) {
      return status;
    }
  } catch {
    // Said below.
  }
  if (!required) return undefined;
  throw new Refused(say(cli.release.databaseProblem, { reason: lastLine(run) }));
}

/**
 * Removes every release folder in `releases` but `keep` (the one now running and the one
 * before, which `rollback` goes back to and whose web files open tabs still ask for); each is
 * a whole app with its own Node. Returns the folders removed.
 */
function removeOtherReleases(releases: string, keep: string[]): string[] {
  const removed: string[] = [];
  for (const entry of fs.readdirSync(releases, { withFileTypes: true })) {
    const dir = path.join(releases, entry.name);
    if (!entry.isDirectory() || !RELEASE_FOLDER.test(entry.name) || keep.includes(dir)) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

/** Points the link at `target` in one step (a new link renamed over the old). */
function pointCurrentAt(current: string, target: string): void {
  const next = `${current}.next-${process.pid}`;
  fs.rmSync(next, { force: true });
  fs.symlinkSync(target, next);
  fs.renameSync(next, current);
}

/**
 * Undefined once the health address has answered ok (under `version`, when one is expected) from
 * one process, without a miss, for the steady spell; else why not, once the wait is over. A
 * release that dies and is started again looks healthy through the socket (each request waits
 * for the next process): another process's start (`startedAt`) is a miss.
 */
async function steadilyHealthy(
  version: string | undefined,
  options: ReleaseOptions,
): Promise<string | undefined> {
  const { healthUrl, waitMs, steadyMs } = options;
  options.out(
    say(cli.release.waiting, {
      url: healthUrl,
      version: version ?? '',
      seconds: String(Math.round(waitMs / 1000)),
    }),
  );
  const deadline = Date.now() + waitMs;
  let since: number | undefined;
  let lastStarted: number | undefined;
  let restarts = 0;
  let last = '—';
  const firstRestarts = unitState(options.service)?.restarts;
  while (Date.now() < deadline) {
    // What systemd knows first: a release that exits before it answers is started again and
    // again (or given up on) while each health request waits on the socket.
    const unit = unitState(options.service);
    if (unit?.failed) return say(cli.release.unitFailed, { service: options.service });
    if (unit && firstRestarts !== undefined) {
      restarts = Math.max(restarts, unit.restarts - firstRestarts);
    }
    // A release started again and again is not well, however long the wait; one that has not
    // answered once and that systemd has already started again twice will not start.
    const neverAnswered = lastStarted === undefined;
    if (restarts >= RESTARTS_ALLOWED || (neverAnswered && restarts >= 2)) {
      return say(cli.release.restartedTimes, { count: String(restarts) });
    }
    const answer = await fetch(healthUrl, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as {
          version?: string;
          startedAt?: number;
        };
        if (!response.ok) return `HTTP ${response.status}`;
        if (version && body.version !== version) return `version ${String(body.version)}`;
        const restarted = lastStarted !== undefined && body.startedAt !== lastStarted;
        lastStarted = body.startedAt;
        return restarted ? cli.release.restarted : 'ok';
      })
      .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    if (answer === cli.release.restarted) restarts += 1;
    if (answer === 'ok') {
      since ??= Date.now();
      if (Date.now() - since >= steadyMs) return undefined;
    } else {
      since = undefined;
      last = answer;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return say(cli.release.stillStarting, { seconds: String(Math.round(waitMs / 1000)), last });
}

function writeRecord(releases: string, record: UpgradeRecord): void {
  const file = path.join(releases, RECORD);
  fs.writeFileSync(`${file}.partial`, `${JSON.stringify(record, null, 2)}\n`);
  fs.renameSync(`${file}.partial`, file);
}

function readRecord(releases: string): UpgradeRecord | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(releases, RECORD), 'utf8')) as UpgradeRecord;
  } catch {
    return undefined;
  }
}
