import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/provision.ts';
import { exited, untilHealthy } from './test/server-process.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * A release as an operator installs it: what `npm run build` made (dist/), the start and
 * command-line scripts, package.json, and the run-time packages: the lock's entries marked
 * neither "dev" nor "devOptional" (linked from this checkout's node_modules rather than fetched
 * again). `npm ci --omit=dev` installs these and also the devOptional ones, build and test
 * tools that better-auth names as optional peers (vite, vitest, react…); leaving them out here
 * proves nothing at run time needs them. No build tool, no TypeScript source: the release must
 * start, serve and answer the command line all the same.
 */
const root = path.resolve(import.meta.dirname, '..');
let release: string;

interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
}

beforeAll(() => {
  release = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-release-'));
  for (const file of ['package.json', 'package-lock.json', 'README.md']) {
    fs.copyFileSync(path.join(root, file), path.join(release, file));
  }
  fs.cpSync(path.join(root, 'scripts/start.mjs'), path.join(release, 'scripts/start.mjs'));
  fs.cpSync(
    path.join(root, 'scripts/build-server.mjs'),
    path.join(release, 'scripts/build-server.mjs'),
  );
  fs.cpSync(path.join(root, 'bin'), path.join(release, 'bin'), { recursive: true });
  fs.cpSync(path.join(root, 'dist/server'), path.join(release, 'dist/server'), { recursive: true });
  // The web app as built, or a stand-in page when this run has not built it.
  const web = path.join(root, 'dist/web');
  if (fs.existsSync(path.join(web, 'index.html'))) {
    fs.cpSync(web, path.join(release, 'dist/web'), { recursive: true });
  } else {
    fs.mkdirSync(path.join(release, 'dist/web'), { recursive: true });
    fs.writeFileSync(
      path.join(release, 'dist/web/index.html'),
      '<!doctype html><title>Học viện</title>',
    );
  }
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  for (const [location, entry] of Object.entries(lock.packages)) {
    const topLevel = /^node_modules\/(@[^/]+\/)?[^/]+$/.test(location);
    if (!topLevel || entry.dev || entry.devOptional) continue;
    const installed = path.join(root, location);
    // Another platform's optional binary is not installed here either.
    if (!fs.existsSync(installed)) continue;
    const link = path.join(release, location);
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.symlinkSync(installed, link, 'dir');
  }
});

afterAll(() => {
  fs.rmSync(release, { recursive: true, force: true });
});

describe.skipIf(testDatabaseKind() !== 'sqlite')(
  'a production install, without devDependencies',
  () => {
    it('has none of the build and test tools', () => {
      for (const tool of ['vite', 'esbuild', 'tsx', 'vitest', 'react', '@playwright/test']) {
        expect(fs.existsSync(path.join(release, 'node_modules', tool)), tool).toBe(false);
      }
    });

    it('starts with npm start’s script, serves the app and /api/health, and stops on SIGTERM', async () => {
      const port = await freePort();
      const dataDir = path.join(release, 'data');
      const child = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: release,
        env: {
          PATH: process.env.PATH,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      try {
        const health = await untilHealthy(`http://127.0.0.1:${port}`).catch((error: unknown) => {
          throw new Error(`${String(error)}\n${output}`);
        });
        expect(health).toMatchObject({ status: 'ok', db: 'sqlite' });
        const page = await fetch(`http://127.0.0.1:${port}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('Học viện');
      } finally {
        child.kill('SIGTERM');
        expect(await exited(child)).toBe(0);
      }
      expect(output).not.toMatch(/Cannot find (module|package)/);
    });

    it('answers the command line', () => {
      const doctor = spawnSync(process.execPath, ['bin/hoc-vien.mjs', 'doctor'], {
        cwd: release,
        env: { PATH: process.env.PATH, DATA_DIR: path.join(release, 'data-cli') },
        encoding: 'utf8',
      });
      expect(doctor.stderr).toBe('');
      expect(doctor.stdout).toContain('Mọi thứ ổn');
      expect(doctor.status).toBe(0);
    });

    it('says what to do when dist/ was never built', () => {
      const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-unbuilt-'));
      try {
        fs.cpSync(path.join(release, 'scripts'), path.join(empty, 'scripts'), { recursive: true });
        fs.copyFileSync(path.join(release, 'package.json'), path.join(empty, 'package.json'));
        fs.symlinkSync(path.join(release, 'node_modules'), path.join(empty, 'node_modules'), 'dir');
        const start = spawnSync(process.execPath, ['scripts/start.mjs'], {
          cwd: empty,
          env: { PATH: process.env.PATH, MALLOC_ARENA_MAX: '2' },
          encoding: 'utf8',
        });
        expect(start.status).toBe(1);
        expect(start.stderr).toContain('npm run build');
      } finally {
        fs.rmSync(empty, { recursive: true, force: true });
      }
    });
  },
);
