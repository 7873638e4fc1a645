import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionNode } from '../scripts/node-runtime.mjs';
import { makeRelease } from '../scripts/release.mjs';
import { freePort } from '../support/provision.ts';
import { exited, untilHealthy } from './test/server-process.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * A release as an operator installs it: `npm run release`'s artifact, checked against its
 * SHA-256 and unpacked, nothing more: it carries its production dependencies and its Node, and
 * starts with no npm, no compiler and no Node on the machine's PATH. It must hold no build tool,
 * never build, start on every supported Node line, and answer the command line.
 */
const root = path.resolve(import.meta.dirname, '..');
const LINES = Object.keys(
  (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      nodeRuntimes: Record<string, unknown>;
    }
  ).nodeRuntimes,
);
let work: string;
let release: string;
let archive: string;
let version: string;
/** A PATH with none of npm, node, cc or make: only what the launcher itself calls. */
let barePath: string;

/** Runs `code` as an ES module in `cwd` under this Node, as a script of the release would. */
function evalModule(cwd: string, code: string) {
  return spawnSync(process.execPath, ['--input-type=module', '--eval', code], {
    cwd,
    env: { PATH: process.env.PATH },
    encoding: 'utf8',
  });
}

/**
 * Starts a server (`command args`) and waits until it answers its health on `port`. `stop`
 * sends SIGTERM and expects a clean exit; what the server printed comes with a failure to start.
 */
async function serveUntilHealthy(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
  port: number,
) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    const health = await untilHealthy(`http://127.0.0.1:${port}`);
    return {
      health,
      output: () => output,
      stop: async () => {
        child.kill('SIGTERM');
        expect(await exited(child)).toBe(0);
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${output}`);
  }
}

beforeAll(() => {
  if (testDatabaseKind() !== 'sqlite') return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-release-'));
  // The web app as built, or a stand-in page when this run has not built it.
  let web = path.join(root, 'dist/web');
  if (!fs.existsSync(path.join(web, 'index.html'))) {
    web = path.join(work, 'web');
    fs.mkdirSync(web, { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Học viện</title>');
  }
  archive = makeRelease({ build: false, out: path.join(work, 'out'), web });
  execFileSync('tar', ['xzf', archive, '-C', work]);
  release = path.join(work, path.basename(archive, '.tar.gz'));
  const { commit } = JSON.parse(
    fs.readFileSync(path.join(root, 'dist/server/build.json'), 'utf8'),
  ) as { commit: string };
  version = `${
    (JSON.parse(fs.readFileSync(path.join(release, 'package.json'), 'utf8')) as { version: string })
      .version
  }+${commit}`;
  barePath = path.join(work, 'bare-bin');
  fs.mkdirSync(barePath);
  fs.symlinkSync(
    execFileSync('which', ['readlink'], { encoding: 'utf8' }).trim(),
    path.join(barePath, 'readlink'),
  );
}, 300_000);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(testDatabaseKind() !== 'sqlite')('a release, installed for production', () => {
  it('is named for its version and commit, with a SHA-256 that sha256sum checks', () => {
    expect(path.basename(archive)).toBe(`hoc-vien-${version}-linux-x64.tar.gz`);
    const check = spawnSync('sha256sum', ['-c', `${path.basename(archive)}.sha256`], {
      cwd: path.dirname(archive),
      encoding: 'utf8',
    });
    expect(check.stdout).toContain(': OK');
    expect(check.status).toBe(0);
  });

  it('starts with no npm, no compiler and no Node on PATH: hoc-vien serve, its own Node', async () => {
    for (const tool of ['npm', 'node', 'cc', 'make']) {
      expect(
        spawnSync('sh', ['-c', `command -v ${tool}`], { env: { PATH: barePath } }).status,
        tool,
      ).not.toBe(0);
    }
    const port = await freePort();
    const server = await serveUntilHealthy(
      path.join(release, 'bin/hoc-vien'),
      ['serve'],
      {
        cwd: '/',
        env: {
          PATH: barePath,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: path.join(work, 'data-bare'),
          LOG_LEVEL: 'warn',
        },
      },
      port,
    );
    try {
      // The release's own Node (the default line's), not this test's.
      expect(server.health).toMatchObject({ status: 'ok', db: 'sqlite', version });
      const post = await fetch(`http://127.0.0.1:${port}/api/public-config`);
      expect(post.status).toBe(200);
    } finally {
      await server.stop();
    }
    const run = (args: string[]) =>
      spawnSync(path.join(release, 'bin/hoc-vien'), args, {
        env: { PATH: barePath, DATA_DIR: path.join(work, 'data-bare') },
        encoding: 'utf8',
      });
    expect(run(['--version']).stdout.trim()).toBe(`Học viện ${version}`);
    const doctor = run(['doctor']);
    expect(doctor.stdout, doctor.stderr).toContain('Mọi thứ ổn');
  }, 60_000);

  it('serves with the service’s settings file: hoc-vien --env-file FILE serve', async () => {
    // What an operator runs by hand to see the server start as systemd would start it.
    const port = await freePort();
    const file = path.join(work, 'service.env');
    fs.writeFileSync(
      file,
      [
        'NODE_ENV=production',
        'HOST=127.0.0.1',
        `PORT=${port}`,
        `DATA_DIR=${path.join(work, 'data-env-file')}`,
        'MAIL_FROM=Học viện Hoa Mai <no-reply@hoamai.example.vn>',
        'LOG_LEVEL=warn',
      ].join('\n'),
    );
    const server = await serveUntilHealthy(
      path.join(release, 'bin/hoc-vien'),
      ['--env-file', file, 'serve'],
      { cwd: '/', env: { PATH: barePath } },
      port,
    );
    try {
      expect(server.health).toMatchObject({ status: 'ok', db: 'sqlite', version });
      expect(fs.existsSync(path.join(work, 'data-env-file', 'academy.sqlite'))).toBe(true);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('holds only what runs: no build or test tool, no source', () => {
    for (const tool of ['vite', 'esbuild', 'tsx', 'vitest', 'react', '@playwright/test']) {
      expect(fs.existsSync(path.join(release, 'node_modules', tool)), tool).toBe(false);
    }
    for (const source of ['server', 'web', 'shared', 'e2e']) {
      expect(fs.existsSync(path.join(release, source)), source).toBe(false);
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(release, 'package.json'), 'utf8'));
    expect(manifest.devDependencies).toBeUndefined();
    expect(fs.readFileSync(path.join(release, 'CHANGELOG.md'), 'utf8')).toContain('## [');
  });

  it.each(LINES)(
    'starts on Node %s with npm start’s script, serves the app and its version, and stops on SIGTERM',
    async (line) => {
      const node = provisionNode(line);
      const port = await freePort();
      const server = await serveUntilHealthy(
        node,
        ['scripts/start.mjs'],
        {
          cwd: release,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'production',
            HOST: '127.0.0.1',
            PORT: String(port),
            DATA_DIR: path.join(release, `data-${line}`),
            LOG_LEVEL: 'warn',
          },
        },
        port,
      );
      try {
        expect(server.health).toMatchObject({ status: 'ok', db: 'sqlite', version });
        const page = await fetch(`http://127.0.0.1:${port}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('Học viện');
      } finally {
        await server.stop();
      }
      expect(server.output()).not.toMatch(/Cannot find (module|package)|Building/);
    },
    60_000,
  );

  it('answers the command line: its version and a clean doctor', () => {
    const node = provisionNode();
    const run = (args: string[]) =>
      spawnSync(node, ['bin/hoc-vien.mjs', ...args], {
        cwd: release,
        env: { PATH: process.env.PATH, DATA_DIR: path.join(release, 'data-cli') },
        encoding: 'utf8',
      });
    expect(run(['--version']).stdout.trim()).toBe(`Học viện ${version}`);
    fs.mkdirSync(path.join(release, 'data-cli'), { recursive: true });
    const doctor = run(['doctor']);
    expect(doctor.stderr).toBe('');
    expect(doctor.stdout).toContain('Mọi thứ ổn');
    expect(doctor.status).toBe(0);
  });

  it('never builds: with dist/ gone it says what to do, and exits', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-unbuilt-'));
    try {
      fs.cpSync(path.join(release, 'scripts'), path.join(empty, 'scripts'), { recursive: true });
      fs.copyFileSync(path.join(release, 'package.json'), path.join(empty, 'package.json'));
      fs.symlinkSync(path.join(release, 'node_modules'), path.join(empty, 'node_modules'), 'dir');
      const start = spawnSync(provisionNode(), ['scripts/start.mjs'], {
        cwd: empty,
        env: { PATH: process.env.PATH, MALLOC_ARENA_MAX: '2' },
        encoding: 'utf8',
      });
      expect(start.status).toBe(1);
      expect(start.stderr).toContain('npm run build');
      expect(start.stderr).toContain('Install on a server');
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('in a checkout, still builds the server after Vite set NODE_ENV=production for the web app', () => {
    const asked = evalModule(
      root,
      "const build = await import('./scripts/build-server.mjs'); process.env.NODE_ENV = 'production'; console.log(build.mayBuild());",
    );
    expect(asked.stdout.trim()).toBe('true');
  });

  it('refuses an old Node in one line, before loading anything that would crash', () => {
    // Node 20 is what these machines ship; where it is not, this Node stands in, told it is 20.
    const start = evalModule(
      release,
      "Object.defineProperty(process.versions, 'node', { value: '20.20.2' }); await import('./scripts/start.mjs');",
    );
    expect(start.status).toBe(1);
    expect(start.stderr.trim()).toBe(
      'Node.js 20.20.2 is not supported: use Node.js 24 LTS (see .nvmrc), 22.12+ or 26. In a checkout, "npm start" fetches one for you.',
    );
  });
});
