// `npm start`: builds the web app and the server when they are missing or older than their
// sources, then runs the server. No separate build step.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, serverBundle, serverSources } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webSources = ['web', 'shared', 'vite.config.ts', 'package-lock.json'];

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
function buildState(built, sources) {
  const builtAt = fs.statSync(built, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return { builtAt, stale: builtAt < sourcesAt };
}

async function buildWebAppIfStale() {
  const web = buildState(path.join(root, 'dist/web/index.html'), webSources);
  if (!web.stale) return;
  console.info(
    web.builtAt ? 'The web app is older than its sources: building…' : 'Building the web app…',
  );
  const { build } = await import('vite');
  await build({
    root: path.join(root, 'web'),
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
  });
}

async function buildServerIfStale() {
  if (buildState(serverBundle, serverSources).stale) await buildServer();
}

/**
 * Runs the server in a child process with MALLOC_ARENA_MAX=2, passing signals on and ending as it
 * ends. glibc's allocator gives threads their own arenas, and the photo pipeline's threads (sharp
 * on libuv's pool) leave them fragmented: a burst of photos holds far more memory with glibc's
 * default of eight arenas a core than with two, at the same speed (bench/uploads.ts measures
 * it). glibc reads the limit only as a process starts, hence the child.
 */
function serveInChildWithTwoArenas() {
  const server = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  });
  const signals = ['SIGINT', 'SIGTERM'];
  for (const signal of signals) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => {
    if (code !== null) process.exit(code);
    // Ended by a signal: end the same way, so whoever ran `npm start` sees it.
    for (const each of signals) process.removeAllListeners(each);
    process.kill(process.pid, signal ?? 'SIGTERM');
  });
}

// Already set (by the lines above, or by a systemd unit): the server runs in this process.
if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined) {
  serveInChildWithTwoArenas();
} else {
  // Started by serveInChildWithTwoArenas: stop gracefully if that process is gone (killed).
  if (process.connected) process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  await buildWebAppIfStale();
  await buildServerIfStale();
  // Stack traces in the log name the TypeScript files and lines.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(serverBundle).href);
}
