// `npm run release`: one self-contained artifact for linux-x64,
// `release/hoc-vien-<version>+<commit>-linux-x64.tar.gz`, with its SHA-256 beside it (`.sha256`,
// as `sha256sum -c` reads it). It holds the built web app, the bundled server and command line,
// the start script, the deploy files, the production dependencies installed (their prebuilt
// binaries inside: SQLite, sharp) and the pinned Node runtime, with one launcher, `bin/hoc-vien`,
// that runs every command and the server (`hoc-vien serve`) under that Node. An operator unpacks
// it and runs it: no npm, no compiler, no registry and no system Node at install time (README,
// "Install on a server"). `--no-build` packs what `npm run build` made before; `--out DIR`
// writes elsewhere.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { currentCommit } from './build-server.mjs';
import { provisionNode } from './node-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What an installed release holds besides dist/: each path as it is in the checkout. */
const CARRIED = [
  'bin/hoc-vien',
  'bin/hoc-vien.mjs',
  'scripts/start.mjs',
  'scripts/build-server.mjs',
  'scripts/node-support.mjs',
  'deploy',
  'README.md',
  'CHANGELOG.md',
  '.env.example',
];

/** The release's package.json: the checkout's, less everything that builds or tests. */
function runtimeManifest(manifest) {
  return {
    name: manifest.name,
    version: manifest.version,
    private: true,
    description: manifest.description,
    type: manifest.type,
    engines: manifest.engines,
    bin: manifest.bin,
    // better-sqlite3 ships its binaries; npm would otherwise offer to compile it.
    allowScripts: { 'better-sqlite3': false },
    scripts: {
      start: 'bin/hoc-vien serve',
      cli: 'bin/hoc-vien',
      restore: 'bin/hoc-vien restore',
    },
    overrides: manifest.overrides,
    dependencies: manifest.dependencies,
  };
}

/**
 * Makes the artifact; returns its path. `web` is the built web app to carry (the tests pass a
 * stand-in where the web app was not built).
 */
export function makeRelease({
  build = true,
  out = path.join(root, 'release'),
  web = path.join(root, 'dist/web'),
} = {}) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (build) execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  // The release names the commit its bundles were built from, as its version does.
  const built = JSON.parse(fs.readFileSync(path.join(root, 'dist/server/build.json'), 'utf8'));
  const commit = built.commit ?? currentCommit() ?? 'unknown';
  const name = `hoc-vien-${manifest.version}+${commit}-${process.platform}-${process.arch}`;
  for (const built of [
    path.join(web, 'index.html'),
    path.join(root, 'dist/server/main.mjs'),
    path.join(root, 'dist/server/cli.mjs'),
  ]) {
    if (!fs.existsSync(built)) {
      throw new Error(`${built} is missing: run "npm run build" first (or drop --no-build).`);
    }
  }
  const stage = path.join(out, name);
  fs.rmSync(stage, { recursive: true, force: true });
  fs.mkdirSync(stage, { recursive: true });
  fs.cpSync(path.join(root, 'dist/server'), path.join(stage, 'dist/server'), { recursive: true });
  fs.cpSync(web, path.join(stage, 'dist/web'), { recursive: true });
  for (const item of CARRIED) {
    fs.cpSync(path.join(root, item), path.join(stage, item), { recursive: true });
  }
  fs.writeFileSync(
    path.join(stage, 'package.json'),
    `${JSON.stringify(runtimeManifest(manifest), null, 2)}\n`,
  );
  // The checkout's lock, pruned to what the release's package.json names: the same versions,
  // none of the build and test tools (better-auth names some as optional peers; a lock made
  // from the checkout's would carry them as "devOptional" into `npm ci --omit=dev`).
  fs.copyFileSync(path.join(root, 'package-lock.json'), path.join(stage, 'package-lock.json'));
  execFileSync(
    'npm',
    [
      'install',
      '--package-lock-only',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { cwd: stage, stdio: 'inherit' },
  );
  // What runs, installed here rather than on the server: the packages carry their binaries
  // (better-sqlite3's prebuilds, sharp's @img packages), so no install script is needed.
  execFileSync(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--ignore-scripts',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { cwd: stage, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  // The pinned Node of the default line (.nvmrc), with its licence.
  const nodePackage = path.dirname(path.dirname(provisionNode()));
  fs.mkdirSync(path.join(stage, 'node/bin'), { recursive: true });
  fs.copyFileSync(path.join(nodePackage, 'bin/node'), path.join(stage, 'node/bin/node'));
  fs.chmodSync(path.join(stage, 'node/bin/node'), 0o755);
  for (const file of ['LICENSE', 'package.json']) {
    fs.copyFileSync(path.join(nodePackage, file), path.join(stage, 'node', file));
  }
  nameOwnRelease(path.join(stage, 'README.md'), name);
  writeFileHashes(stage);
  const archive = path.join(out, `${name}.tar.gz`);
  packReproducibly(stage, archive, commitTime());
  fs.rmSync(stage, { recursive: true, force: true });
  return archive;
}

/** The time of the commit the release is made from (seconds): every file's time in it. */
function commitTime() {
  try {
    const seconds = execFileSync('git', ['log', '-1', '--format=%ct'], {
      cwd: root,
      encoding: 'utf8',
    });
    return Number.parseInt(seconds.trim(), 10) || 0;
  } catch {
    return 0;
  }
}

/**
 * The release's README names the release's own file in its install steps, not the release
 * the checkout's README was last written for.
 */
function nameOwnRelease(readme, name) {
  const release = /hoc-vien-\d+\.\d+\.\d+(?:-[\w.]+)?\+[0-9a-f]{12}-linux-x64/g;
  const text = fs.readFileSync(readme, 'utf8');
  const named = text
    .split('\n')
    .map((line) =>
      /^\s*(sha256sum -c|tar xzf|ln -sfn) /.test(line) ? line.replace(release, name) : line,
    )
    .join('\n');
  fs.writeFileSync(readme, named);
}

/**
 * `SHA256SUMS` at the release's root: every file's hash, sorted, as `sha256sum -c` reads it
 * (run inside the release folder), so an installed release can be checked file by file.
 */
function writeFileHashes(stage) {
  const lines = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        const hash = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
        lines.push(`${hash}  ${path.relative(stage, full).split(path.sep).join('/')}`);
      }
    }
  };
  walk(stage);
  lines.sort((a, b) => (a.slice(66) < b.slice(66) ? -1 : 1));
  fs.writeFileSync(path.join(stage, 'SHA256SUMS'), `${lines.join('\n')}\n`);
}

/**
 * Packs `stage` into `archive` so that the same files give the same bytes: entries sorted by
 * name, every time the commit's, owners and modes fixed, gzip without its own name and time.
 * Writes the SHA-256 beside it.
 */
export function packReproducibly(stage, archive, time) {
  fs.rmSync(archive, { force: true });
  execFileSync('tar', [
    '--sort=name',
    `--mtime=@${time}`,
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '--mode=u+rw,go=u-w',
    '--format=gnu',
    '-I',
    'gzip -n -9',
    '-cf',
    archive,
    '-C',
    path.dirname(stage),
    path.basename(stage),
  ]);
  const sha256 = createHash('sha256').update(fs.readFileSync(archive)).digest('hex');
  fs.writeFileSync(`${archive}.sha256`, `${sha256}  ${path.basename(archive)}\n`);
  return sha256;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { 'no-build': { type: 'boolean' }, out: { type: 'string' } },
  });
  const archive = makeRelease({
    build: !values['no-build'],
    ...(values.out ? { out: path.resolve(values.out) } : {}),
  });
  const bytes = fs.statSync(archive).size;
  console.info(`${path.relative(process.cwd(), archive)} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
}
