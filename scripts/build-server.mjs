// The server as `npm start` runs it, and the command line: server/main.ts and server/cli/main.ts,
// each with everything it imports from this repository, in one ES module under dist/server/
// (main.mjs and cli.mjs, with source maps), the npm packages left as imports. Plain Node loads
// them much faster than tsx compiles and loads the TypeScript files one by one (bench/README.md
// measures the cold start), and a production install needs no build tool to run them.
// `npm run build`, scripts/start.mjs, bin/hoc-vien.mjs and the tests that start server
// processes build them; `node scripts/build-server.mjs` does it alone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the bundles are written. */
export const serverBundle = path.join(root, 'dist/server/main.mjs');
export const cliBundle = path.join(root, 'dist/server/cli.mjs');

/** The folders and files the bundles are built from, to tell when they are older. */
export const serverSources = ['server', 'shared', 'package.json', 'package-lock.json'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** When `built` was written (0: missing) and whether any of `sources` is newer. */
export function buildState(built, sources) {
  const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return { builtAt, stale: builtAt < sourcesAt };
}

/**
 * Imports a build tool (a devDependency), or returns null in a production install, which has
 * none: what was built before is then run as it is.
 */
export async function buildTool(name) {
  try {
    return await import(name);
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/** Where a build records the commit it was made from. */
const buildRecord = path.join(root, 'dist/server/build.json');

/** The checkout's commit (12 hex digits), or null outside a git checkout. */
export function currentCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** The commit the bundles were built from, as recorded, or null. */
export function builtCommit() {
  try {
    return JSON.parse(fs.readFileSync(buildRecord, 'utf8')).commit ?? null;
  } catch {
    return null;
  }
}

export async function buildServer() {
  const esbuild = await buildTool('esbuild');
  if (!esbuild) throw new Error('esbuild is not installed: run "npm ci" (with devDependencies).');
  // The version the server and the command line say names the commit they were built from
  // (server/version.ts): a release identifies itself without the repository's tags.
  const commit = currentCommit();
  await esbuild.build({
    define: { __HOC_VIEN_COMMIT__: JSON.stringify(commit) },
    entryPoints: {
      main: path.join(root, 'server/main.ts'),
      cli: path.join(root, 'server/cli/main.ts'),
      // The SQLite search's worker thread (server/modules/search/search-thread.ts).
      'search-worker': path.join(root, 'server/modules/search/search.worker.ts'),
    },
    outdir: path.dirname(serverBundle),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.writeFileSync(buildRecord, `${JSON.stringify({ commit })}\n`);
}

/**
 * Whether this start may build: only in a checkout (a release holds no sources) and never under
 * NODE_ENV=production. A production start serves what was built; building there meant a
 * `git pull` with build tools half-installed could fail every start, and under
 * `Restart=on-failure` fail for ever.
 */
export function mayBuild() {
  return !productionStart && isCheckout();
}

// Read once, as the start begins: Vite sets NODE_ENV=production in this process while it builds
// the web app, and the server's bundle is built after it.
const productionStart = process.env.NODE_ENV === 'production';

/** A checkout holds the sources; a release only what was built from them. */
export function isCheckout() {
  return fs.existsSync(path.join(root, 'server/main.ts'));
}

/**
 * Builds the bundles when one is missing or older than its sources, where building is allowed
 * (`mayBuild`). Otherwise an older bundle is run as it is, with a warning; a missing one is an
 * error that says what to do.
 */
export async function buildServerIfStale() {
  const state = [serverBundle, cliBundle].map((bundle) => buildState(bundle, serverSources));
  // A release runs what it holds: its package files are newer than its bundles, and mean nothing.
  if (!isCheckout() && state.every((each) => each.builtAt > 0)) return;
  // Built from another commit, the bundles would name the wrong one in their version.
  const otherCommit = builtCommit() !== currentCommit();
  if (!otherCommit && !state.some((each) => each.stale)) return;
  if (!mayBuild() || !(await buildTool('esbuild'))) {
    if (state.every((each) => each.builtAt > 0)) {
      console.warn('The server bundle is older than its sources; running it as built.');
      return;
    }
    throw new Error(
      'dist/server is missing: build it with "npm ci && npm run build", or install a release (README, "Install on a server").',
    );
  }
  await buildServer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
