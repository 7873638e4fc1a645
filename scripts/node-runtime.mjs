// Runs a script under a supported Node.js (docs/decisions/0016). The running Node is used when it
// is one; otherwise (a machine that ships Node 20) the pinned release of a supported line is
// installed once from the npm registry's `node-<platform>-<arch>` package into a cache folder,
// and the script runs under it, with its `bin` first in PATH so that every `node` and `npx` the
// script starts runs under it too. Plain JavaScript with no dependencies: it must run on any Node.
//
//   node scripts/node-runtime.mjs [--line 22|24|26] <script> [arguments…]
//   node scripts/node-runtime.mjs --print [--line N]     prints the path of that line's node
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSupported } from './node-support.mjs';

/** The release of each supported line that the project provisions and tests, by major version. */
function pinnedReleases() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  return JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).nodeRuntimes;
}

/** The line provisioned when none is asked for: the current LTS. */
function defaultLine(pinned) {
  return Object.keys(pinned).find((line) => pinned[line].default) ?? '24';
}

function cacheRoot() {
  if (process.env.HOC_VIEN_NODE_CACHE) return process.env.HOC_VIEN_NODE_CACHE;
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'hoc-vien', 'node');
}

/**
 * The path of the pinned release of `line`, installed from the npm registry on first use. The
 * install goes to a folder of its own and is renamed into place whole, so two processes that
 * provision at once never see half a Node.
 */
export function provisionNode(line) {
  const releases = pinnedReleases();
  const pinned = releases[line ?? defaultLine(releases)];
  if (!pinned) throw new Error(`Node ${line} is not a supported line (${Object.keys(releases)}).`);
  const pkg = `node-${process.platform}-${process.arch}`;
  const home = path.join(cacheRoot(), pinned.version);
  const binary = path.join(home, 'node_modules', pkg, 'bin', 'node');
  if (fs.existsSync(binary)) return binary;
  fs.mkdirSync(cacheRoot(), { recursive: true });
  const staging = fs.mkdtempSync(path.join(cacheRoot(), `.${pinned.version}-`));
  console.error(`[node] fetching Node ${pinned.version} (${pkg}) from the npm registry, once…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const installed = spawnSync(
    npm,
    [
      'install',
      '--prefix',
      staging,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `${pkg}@${pinned.version}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (
    installed.status !== 0 ||
    !fs.existsSync(path.join(staging, 'node_modules', pkg, 'bin', 'node'))
  ) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `Could not provision Node ${pinned.version}: "npm install ${pkg}@${pinned.version}" failed. Install Node 22, 24 or 26 yourself, or set PATH to one.`,
    );
  }
  try {
    fs.renameSync(staging, home);
  } catch {
    // Another process put the same release in place first.
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return binary;
}

/** The environment for a process run under `binary`: its folder first in PATH. */
export function envFor(binary, env = process.env) {
  return { ...env, PATH: `${path.dirname(binary)}${path.delimiter}${env.PATH ?? ''}` };
}

function run(binary, args, env) {
  const child = spawn(binary, args, { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => {
    if (code !== null) process.exit(code);
    process.kill(process.pid, signal ?? 'SIGTERM');
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let line;
  if (args[0] === '--line') {
    line = args[1];
    args.splice(0, 2);
  }
  const print = args[0] === '--print';
  if (print) args.shift();
  if (print && args[0] === '--line') {
    line = args[1];
    args.splice(0, 2);
  }
  try {
    const currentLine = process.versions.node.split('.')[0];
    const current = isSupported() && (line === undefined || line === currentLine);
    const binary = current ? process.execPath : provisionNode(line);
    if (print) {
      console.log(binary);
    } else if (args.length === 0) {
      console.error('Usage: node scripts/node-runtime.mjs [--line 22|24|26] <script> [arguments…]');
      process.exit(2);
    } else {
      run(binary, args, current ? process.env : envFor(binary));
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
