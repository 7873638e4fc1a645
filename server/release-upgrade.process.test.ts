import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRelease } from '../scripts/release.mjs';
import { freePort, NGINX_PATH } from '../support/provision.ts';
import { academyFixture } from './test/academy-fixture.ts';
import { startTestNginx } from './test/nginx.ts';
import { exited, untilHealthy } from './test/server-process.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * `hoc-vien upgrade <artifact>` and `hoc-vien rollback` as an operator runs them, on the README's
 * layout (/opt/hoc-vien/releases/…, current), the service run as systemd runs it: its socket held
 * by systemd-socket-activate, a loop that starts `current/bin/hoc-vien serve` whenever it is not
 * stopped (Restart=), and a `systemctl` that stops, starts and restarts that loop's server. The
 * academy starts as v0.3.0 left it (its database has steps to run), on SQLite or PostgreSQL.
 *
 * Releases: A, this checkout's artifact, installed; B, the same app under a newer version; C, a
 * newer version that dies 2 s after each time it starts to serve. Upgrading to C rolls back by
 * itself (A runs on the database C stepped, so nothing is restored); upgrading to B, then
 * `rollback`, loses no request through nginx.
 */
const root = path.resolve(import.meta.dirname, '..');
const ACTIVATE = '/usr/bin/systemd-socket-activate';
const ready = fs.existsSync(NGINX_PATH) && fs.existsSync(ACTIVATE);

let work: string;
let releases: string;
let current: string;
let downloads: string;
let dataDir: string;
let holder: ChildProcess | undefined;
let nginx: ChildProcess | undefined;
let direct: string;
let proxied: string;
let env: NodeJS.ProcessEnv;
let dropDatabase = async () => {};
const versions: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };
const names: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };

/** Packs `dir` as a release artifact named for it, with its .sha256, into `downloads`. */
function pack(dir: string): string {
  const archive = path.join(downloads, `${path.basename(dir)}.tar.gz`);
  execFileSync('tar', [
    '-I',
    'gzip -1',
    '-cf',
    archive,
    '-C',
    path.dirname(dir),
    path.basename(dir),
  ]);
  const sha = createHash('sha256').update(fs.readFileSync(archive)).digest('hex');
  fs.writeFileSync(`${archive}.sha256`, `${sha}  ${path.basename(archive)}\n`);
  return archive;
}

/** A copy of release `from` under `version`; `change` alters it before it is packed. */
function derive(from: string, version: string, change: (dir: string) => void = () => {}): string {
  const commit = JSON.parse(fs.readFileSync(path.join(from, 'dist/server/build.json'), 'utf8'))
    .commit as string;
  const dir = path.join(work, 'stage', `hoc-vien-${version}+${commit}-linux-x64`);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  execFileSync('cp', ['-a', from, dir]);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ ...manifest, version }));
  change(dir);
  const archive = pack(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  return archive;
}

/** Runs `hoc-vien …` from the release `current` points at, as root would on the server. */
function hocVien(args: string[], launcher = path.join(current, 'bin/hoc-vien')) {
  return new Promise<{ code: number | null; out: string; saidAt: (text: string) => number }>(
    (resolve) => {
      const child = spawn(launcher, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      // When each piece was said, for a test to time the steps.
      const said: Array<{ at: number; upTo: number }> = [];
      const take = (chunk: Buffer) => {
        out += chunk.toString();
        said.push({ at: Date.now(), upTo: out.length });
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      const saidAt = (text: string) => {
        const index = out.indexOf(text);
        return index < 0 ? Number.NaN : (said.find((each) => each.upTo > index)?.at ?? Number.NaN);
      };
      child.once('exit', (code) => resolve({ code, out, saidAt }));
    },
  );
}

async function health(): Promise<{ version?: string }> {
  return (await fetch(`${direct}/api/health`)).json() as Promise<{ version?: string }>;
}

/** Polls `url` every 0.1 s while `work` runs; the statuses it got. */
async function polling(url: string, during: () => Promise<unknown>): Promise<number[]> {
  const answers: number[] = [];
  let going = true;
  const poll = (async () => {
    while (going) {
      const started = Date.now();
      answers.push(
        await fetch(url, { signal: AbortSignal.timeout(60_000) })
          .then((response) => response.status)
          .catch(() => 0),
      );
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, 100 - (Date.now() - started))),
      );
    }
  })();
  try {
    await during();
  } finally {
    going = false;
    await poll;
  }
  return answers;
}

beforeAll(async () => {
  if (!ready) return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-upgrade-'));
  fs.chmodSync(work, 0o755);
  releases = path.join(work, 'opt/releases');
  current = path.join(work, 'opt/current');
  downloads = path.join(work, 'downloads');
  dataDir = path.join(work, 'data');
  for (const dir of [releases, downloads, dataDir]) fs.mkdirSync(dir, { recursive: true });

  // A: this checkout's release, installed as the README says.
  let web = path.join(root, 'dist/web');
  if (!fs.existsSync(path.join(web, 'index.html'))) {
    web = path.join(work, 'web');
    fs.mkdirSync(web, { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Học viện</title>');
  }
  const archiveA = makeRelease({ build: false, out: downloads, web });
  execFileSync('tar', ['xzf', archiveA, '-C', releases]);
  names.A = path.basename(archiveA, '.tar.gz');
  const dirA = path.join(releases, names.A);
  fs.symlinkSync(dirA, current);
  const version = (dir: string) =>
    execFileSync(path.join(dir, 'bin/hoc-vien'), ['--version'], { encoding: 'utf8' })
      .trim()
      .replace('Học viện ', '');
  versions.A = version(dirA);
  const archiveB = derive(dirA, '0.9.0');
  const archiveC = derive(dirA, '0.9.1', (dir) => {
    // Starts, steps the database, serves, then dies two seconds later, every time: a release
    // that is not well. (First in the module, so it holds before the server listens.)
    const bundle = path.join(dir, 'dist/server/main.mjs');
    fs.writeFileSync(
      bundle,
      `import net from 'node:net';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  setTimeout(() => process.exit(1), 2000);
  return listen.apply(this, args);
};
${fs.readFileSync(bundle, 'utf8')}`,
    );
  });
  const archiveD = derive(dirA, '0.9.2', (dir) => {
    // Exits as it starts, before it listens: every health request waits on the socket.
    const bundle = path.join(dir, 'dist/server/main.mjs');
    fs.writeFileSync(bundle, `process.exit(1);\n${fs.readFileSync(bundle, 'utf8')}`);
  });
  names.D = path.basename(archiveD, '.tar.gz');
  versions.D = versions.A.replace(/^[^+]+/, '0.9.2');
  names.B = path.basename(archiveB, '.tar.gz');
  names.C = path.basename(archiveC, '.tar.gz');
  versions.B = versions.A.replace(/^[^+]+/, '0.9.0');
  versions.C = versions.A.replace(/^[^+]+/, '0.9.1');

  // The academy as v0.3.0 left it: its database has steps to run.
  const academy = await academyFixture('0.3.0', dataDir, 'release_upgrade');
  dropDatabase = academy.drop;
  const serverEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...academy.env,
  };

  // systemd, as far as this service needs it: the socket, Restart=, and systemctl.
  const [appPort, proxyPort] = [await freePort(), await freePort()];
  direct = `http://127.0.0.1:${appPort}`;
  proxied = `http://127.0.0.1:${proxyPort}`;
  const control = {
    HV_CURRENT: current,
    HV_STOPPED: path.join(work, 'stopped'),
    HV_END: path.join(work, 'end'),
    HV_PIDFILE: path.join(work, 'server.pid'),
    HV_STARTS: path.join(work, 'starts'),
  };
  const bin = path.join(work, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(
    path.join(bin, 'systemctl'),
    `#!/bin/sh
# systemctl for the test's one service: "stopped" is a file the loop waits on.
stop_server() {
  pid=$(cat "$HV_PIDFILE" 2>/dev/null)
  [ -n "$pid" ] || return 0
  kill -TERM "$pid" 2>/dev/null
  while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
}
action=$1
case "$action" in
  --version) echo "systemd 252 (a test's stand-in)" ;;
  stop) touch "$HV_STOPPED"; stop_server ;;
  start) rm -f "$HV_STOPPED" ;;
  restart) rm -f "$HV_STOPPED"; stop_server ;;
  reset-failed) ;;
  show) n=$(wc -l < "$HV_STARTS" 2>/dev/null || echo 1); echo "NRestarts=$((n - 1))"; echo "ActiveState=active" ;;
  *) echo "unknown action $action" >&2; exit 1 ;;
esac
`,
    { mode: 0o755 },
  );
  env = {
    PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: os.homedir(),
    ...serverEnv,
    ...control,
  };
  const loop = `while [ ! -e "$HV_END" ]; do
    if [ -e "$HV_STOPPED" ]; then sleep 0.05; continue; fi
    echo started >> "$HV_STARTS"
    sh -c 'echo $$ > "$HV_PIDFILE"; LISTEN_PID=$$ exec "$HV_CURRENT/bin/hoc-vien" serve'
    sleep 0.2
  done`;
  const passed = Object.keys(env).flatMap((name) => ['-E', name]);
  holder = spawn(ACTIVATE, ['-l', `127.0.0.1:${appPort}`, ...passed, 'sh', '-c', loop], {
    cwd: '/',
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A brings the v0.3.0 database up to date at its start, and serves.
  await untilHealthy(direct, 60_000);
  nginx = startTestNginx(work, { servers: [`127.0.0.1:${appPort}`], proxyPort });
  await untilHealthy(proxied);
}, 600_000);

afterAll(async () => {
  if (!work) return;
  fs.writeFileSync(path.join(work, 'end'), '');
  holder?.kill('SIGTERM');
  nginx?.kill('SIGQUIT');
  try {
    process.kill(Number(fs.readFileSync(path.join(work, 'server.pid'), 'utf8')), 'SIGTERM');
  } catch {
    // Already gone.
  }
  await Promise.all([nginx && exited(nginx), holder && exited(holder)]);
  await dropDatabase();
  fs.rmSync(work, { recursive: true, force: true });
  // The socket's loop and the release it runs stop in their own time on a loaded host.
}, 120_000);

describe.skipIf(!ready)('hoc-vien upgrade <artifact> and rollback, under systemd', () => {
  it('refuses an artifact whose SHA-256 does not match, and changes nothing', async () => {
    const bad = path.join(work, 'bad');
    fs.mkdirSync(bad);
    const copy = path.join(bad, `${names.B}.tar.gz`);
    fs.copyFileSync(path.join(downloads, `${names.B}.tar.gz`), copy);
    fs.copyFileSync(path.join(downloads, `${names.B}.tar.gz.sha256`), `${copy}.sha256`);
    fs.appendFileSync(copy, 'x');
    const run = await hocVien(['upgrade', copy, '--current', current]);
    expect(run.out).toContain('không khớp');
    expect(run.code).toBe(1);
    fs.rmSync(`${copy}.sha256`);
    expect((await hocVien(['upgrade', copy, '--current', current])).out).toContain('.sha256');
    expect(fs.readlinkSync(current)).toBe(path.join(releases, names.A));
    expect(fs.readdirSync(releases)).toEqual([names.A]);
    expect((await health()).version).toBe(versions.A);
  });

  it('rolls back by itself from a release that restarts again and again, its backup taken first', async () => {
    // A database with a step still to run, as a new release would find it.
    const step =
      '0011-spend-demo-post-ids, 0012-schema-readers, 0013-academy-identity, 0014-student-imports';
    await undoLastSteps();
    const run = await hocVien([
      'upgrade',
      path.join(downloads, `${names.C}.tar.gz`),
      '--current',
      current,
      '--health-url',
      `${direct}/api/health`,
      '--wait',
      '120',
    ]);
    expect(run.out).toContain(`Đã giải nén ${versions.C}`);
    expect(run.out).toContain(step);
    expect(run.out).toContain('không khoẻ: máy chủ đã tự khởi động lại 3 lần');
    // A knows C's steps (they are its own), so it runs on the stepped database as it is: no
    // restore, nothing written since lost. (A restore is restore.routes' and offsite's.)
    expect(run.out).toContain('Phiên bản cũ chạy được trên cơ sở dữ liệu đã nâng cấp');
    expect(run.out).not.toContain('Cơ sở dữ liệu đã được nâng cấp: khôi phục');
    expect(run.out).toContain(`Đã quay lại ${versions.A}`);
    expect(run.code).toBe(1);
    expect(fs.readlinkSync(current)).toBe(path.join(releases, names.A));
    expect((await health()).version).toBe(versions.A);
    // C's backup was taken before its steps, and recorded for a rollback that needs it.
    const record = JSON.parse(fs.readFileSync(path.join(dataDir, 'upgrade-backup.json'), 'utf8'));
    expect(fs.existsSync(record.file)).toBe(true);
    expect(record.applied).not.toContain('0011-spend-demo-post-ids');
    // The academy's people are all there.
    const people = await countPeople();
    expect(people).toBeGreaterThan(3);
  }, 420_000);

  it('rolls back within seconds from a release that exits before it answers', async () => {
    const started = Date.now();
    const run = await hocVien([
      'upgrade',
      path.join(downloads, `${names.D}.tar.gz`),
      '--current',
      current,
      '--health-url',
      `${direct}/api/health`,
      '--wait',
      '300',
    ]);
    const seconds = (Date.now() - started) / 1000;
    expect(run.out).toContain('không khoẻ: máy chủ đã tự khởi động lại');
    expect(run.out).toContain(`Đã quay lại ${versions.A}`);
    expect(run.code).toBe(1);
    // Seen as not starting within seconds; back on A, healthy for its steady spell, soon after
    // (a loaded two-core host starts each release slower than an idle one).
    const decided = (run.saidAt('không khoẻ') - started) / 1000;
    expect(decided).toBeLessThan(20);
    expect(seconds).toBeLessThan(40);
    expect(fs.readlinkSync(current)).toBe(path.join(releases, names.A));
    expect((await health()).version).toBe(versions.A);
  }, 120_000);

  it('upgrades to a sound release and rolls back by command, through nginx with no failed request', async () => {
    const peopleBefore = await countPeople();
    let upgrade: { code: number | null; out: string } = { code: null, out: '' };
    const answers = await polling(`${proxied}/api/health`, async () => {
      upgrade = await hocVien([
        'upgrade',
        path.join(downloads, `${names.B}.tar.gz`),
        '--current',
        current,
        '--health-url',
        `${direct}/api/health`,
      ]);
    });
    expect(upgrade.out).toContain(`Xong: ${versions.B} đang chạy và khoẻ`);
    // Only the release now running and the one before stay: the two rolled back from go.
    expect(upgrade.out).toContain(`Đã xoá các phiên bản cũ hơn`);
    expect(upgrade.out).toContain(names.C);
    expect(upgrade.out).toContain(names.D);
    expect(
      fs
        .readdirSync(releases)
        .filter((name) => !name.startsWith('.'))
        .sort(),
    ).toEqual([names.A, names.B].sort());
    expect(upgrade.code).toBe(0);
    expect(fs.readlinkSync(current)).toBe(path.join(releases, names.B));
    expect((await health()).version).toBe(versions.B);
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((status) => status !== 200)).toEqual([]);

    let rollback: { code: number | null; out: string } = { code: null, out: '' };
    const during = await polling(`${proxied}/api/health`, async () => {
      rollback = await hocVien([
        'rollback',
        '--current',
        current,
        '--health-url',
        `${direct}/api/health`,
      ]);
    });
    expect(rollback.out).toContain(`Đã quay lại ${versions.A}`);
    expect(rollback.code).toBe(0);
    expect(fs.readlinkSync(current)).toBe(path.join(releases, names.A));
    expect((await health()).version).toBe(versions.A);
    expect(during.filter((status) => status !== 200)).toEqual([]);
    expect(await countPeople()).toBe(peopleBefore);
    // Nothing to go back to twice.
    const again = await hocVien(['rollback', '--current', current]);
    expect(again.out).toContain('Không có lần nâng cấp nào để quay lại');
    expect(again.code).toBe(1);
  }, 420_000);
});

/** Rows in `people`, read beside the running server. */
async function countPeople(): Promise<number> {
  if (testDatabaseKind() === 'postgres') {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return Number((await client.query('select count(*) as n from people')).rows[0].n);
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'academy.sqlite'), { readonly: true });
  try {
    return Number((db.prepare('select count(*) as n from people').get() as { n: number }).n);
  } finally {
    db.close();
  }
}

/**
 * Takes the database's last steps back, so that the next release finds steps to run: the records
 * of 0011 (it spends demo posts' ids, which running again does harmlessly), of 0012 to 0014 with
 * the tables they made. A new step joins this list with what it makes.
 */
async function undoLastSteps(): Promise<void> {
  const statements = [
    "delete from kysely_migration where name in ('0011-spend-demo-post-ids', '0012-schema-readers', '0013-academy-identity', '0014-student-imports')",
    'drop table schema_readers',
    'drop table academy_logo',
    'drop table academy_identity',
    'drop table student_imports',
  ];
  if (testDatabaseKind() === 'postgres') {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
    return;
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'academy.sqlite'));
  try {
    for (const statement of statements) db.prepare(statement).run();
  } finally {
    db.close();
  }
}
