/**
 * Provisioning for the test command: Debian's Chromium and a throwaway PostgreSQL cluster.
 * Each function either returns what it made or throws an Error whose message is one clear
 * line saying what could not be provisioned and what to do.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * How every tool here launches Chromium (STACK.md): without the networking flags it floods a
 * closed network with refused connections.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const isRoot = process.getuid?.() === 0;

function aptInstall(packages: string[]): void {
  console.info(`[provision] apt-get install ${packages.join(' ')} …`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** Debian's chromium, installed with apt when missing and running as root. */
export function ensureChromium(): string {
  if (fs.existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (!isRoot) {
    throw new Error(
      `Could not provision Chromium: ${CHROMIUM_PATH} is missing and this is not root; run "sudo apt-get install -y chromium" or set CHROMIUM_PATH.`,
    );
  }
  aptInstall(['chromium']);
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Could not provision Chromium: apt-get ran but ${CHROMIUM_PATH} is still missing.`,
    );
  }
  return CHROMIUM_PATH;
}

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * Debian's nginx, for the journey behind a reverse proxy, installed with apt when missing and
 * running as root. Its package would start a system-wide nginx on port 80: a policy-rc.d that
 * refuses service starts is in place while it installs.
 */
export function ensureNginx(): string {
  if (fs.existsSync(NGINX_PATH)) return NGINX_PATH;
  if (!isRoot) {
    throw new Error(
      `Could not provision nginx: ${NGINX_PATH} is missing and this is not root; run "sudo apt-get install -y nginx" or set NGINX_PATH.`,
    );
  }
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !fs.existsSync(policy);
  if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    aptInstall(['nginx']);
  } finally {
    if (ownPolicy) fs.rmSync(policy, { force: true });
  }
  if (!fs.existsSync(NGINX_PATH)) {
    throw new Error(`Could not provision nginx: apt-get ran but ${NGINX_PATH} is still missing.`);
  }
  return NGINX_PATH;
}

function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  url: string;
  /** Stops the server and removes its files. */
  stop(): Promise<void>;
  /** Shuts the server down (fast), keeping its data: a database outage, for tests. */
  pause(): Promise<void>;
  /** Starts the paused server again on the same port. */
  resume(): Promise<void>;
}

/**
 * Starts a PostgreSQL cluster in a temporary folder on a free port (initdb + postgres from
 * Debian's binaries), tuned for tests (no fsync). As root it runs as the `postgres` user.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  let bin = findPostgresBin();
  if (!bin && isRoot) {
    aptInstall(['postgresql']);
    bin = findPostgresBin();
  }
  if (!bin) {
    throw new Error(
      'Could not provision PostgreSQL: no initdb under /usr/lib/postgresql and this is not root; install Debian\'s "postgresql" or set TEST_DATABASE_URL.',
    );
  }
  const runAs = isRoot ? 'postgres' : undefined;
  if (runAs && spawnSync('id', [runAs]).status !== 0) {
    execFileSync('useradd', ['--system', '--no-create-home', runAs]);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-pg-'));
  const dataDir = path.join(dir, 'data');
  const socketDir = path.join(dir, 'socket');
  fs.mkdirSync(socketDir);
  if (runAs) execFileSync('chown', ['-R', runAs, dir]);
  const asUser = (command: string, args: string[]) =>
    // setpriv execs the command in place, so signals sent to the child reach postgres itself.
    runAs
      ? ([
          'setpriv',
          ['--reuid', runAs, '--regid', runAs, '--init-groups', command, ...args],
        ] as const)
      : ([command, args] as const);

  const [initCmd, initArgs] = asUser(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '-N',
  ]);
  const init = spawnSync(initCmd, [...initArgs], { encoding: 'utf8' });
  if (init.status !== 0) {
    throw new Error(
      `Could not provision PostgreSQL: initdb failed: ${(init.stderr || init.stdout).trim().split('\n').pop()}`,
    );
  }
  const port = await freePort();
  const [pgCmd, pgArgs] = asUser(path.join(bin, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    socketDir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
    '-c',
    'shared_buffers=128MB',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const launch = async () => {
    const started = spawn(pgCmd, [...pgArgs], { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    started.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const ready = spawnSync(path.join(bin, 'pg_isready'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
      ]);
      if (ready.status === 0) return started;
      if (started.exitCode !== null || Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(
          `Could not provision PostgreSQL: the server did not start: ${log.trim().split('\n').pop() ?? ''}`,
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  let server = await launch();
  const shutDown = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGINT');
      await new Promise((r) => server.once('exit', r));
    }
  };
  return {
    url,
    stop: async () => {
      await shutDown();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    pause: shutDown,
    resume: async () => {
      server = await launch();
    },
  };
}
