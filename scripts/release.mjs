// `npm run release`: one self-contained artifact, `release/hoc-vien-<version>.tar.gz`, holding the
// built web app, the bundled server and command line, the start script, the deploy files and a
// package.json with its lock that name only what runs. An operator unpacks it and runs
// `npm ci --omit=dev`: no build tool is installed, and a start never builds (README, "Install on
// a server"). `--no-build` packs what `npm run build` made before; `--out DIR` writes elsewhere.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What an installed release holds besides dist/: each path as it is in the checkout. */
const CARRIED = [
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
      start: 'node scripts/start.mjs',
      cli: 'node bin/hoc-vien.mjs',
      restore: 'node bin/hoc-vien.mjs restore',
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
  const name = `hoc-vien-${manifest.version}`;
  if (build) execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
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
  const archive = path.join(out, `${name}.tar.gz`);
  fs.rmSync(archive, { force: true });
  execFileSync('tar', ['czf', archive, '--owner=0', '--group=0', '-C', out, name]);
  return archive;
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
