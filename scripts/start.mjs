// `npm start`: runs the server from dist/ (`npm run build` makes it). A checkout builds what is
// missing or older than its sources first, so `npm ci && npm start` works on a fresh clone.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  buildServerIfStale,
  buildState,
  buildTool,
  isCheckout,
  mayBuild,
  serverBundle,
} from './build-server.mjs';
import { isSupported, unsupportedMessage } from './node-support.mjs';

// Said before the server's bundle loads: on an older Node its SQLite driver crashes as it loads.
if (!isSupported()) {
  console.error(unsupportedMessage());
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webSources = ['web', 'shared', 'vite.config.ts', 'package-lock.json'];
const webApp = path.join(root, 'dist/web/index.html');

/**
 * Builds the web app when it is missing or older than its sources. A production install has no
 * Vite: the app built before is served as it is (a warning when it looks older), and a missing
 * one is an error that says what to do.
 */
async function buildWebAppIfStale() {
  const web = buildState(webApp, webSources);
  if (!isCheckout() && web.builtAt > 0) return;
  if (!web.stale) return;
  const vite = mayBuild() ? await buildTool('vite') : null;
  if (!vite) {
    if (web.builtAt) {
      console.warn('The web app is older than its sources; serving it as built.');
      return;
    }
    throw new Error(
      'dist/web is missing: build it with "npm ci && npm run build", or install a release (README, "Install on a server").',
    );
  }
  console.info(
    web.builtAt ? 'The web app is older than its sources: building…' : 'Building the web app…',
  );
  const started = Date.now();
  // Only errors reach the terminal: a first start says what it does in a few lines.
  await vite.build({
    root: path.join(root, 'web'),
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
  });
  console.info(`Built the web app in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
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

// Already set (by the lines above, or by a systemd unit): the server runs in this process. So it
// does when systemd passed it its listening socket, which is this process's alone (LISTEN_PID).
if (
  process.platform === 'linux' &&
  process.env.MALLOC_ARENA_MAX === undefined &&
  process.env.LISTEN_FDS === undefined
) {
  serveInChildWithTwoArenas();
} else {
  // Started by serveInChildWithTwoArenas: stop gracefully if that process is gone (killed).
  if (process.connected) process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  try {
    await buildWebAppIfStale();
    await buildServerIfStale();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  // Stack traces in the log name the TypeScript files and lines.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(serverBundle).href);
}
