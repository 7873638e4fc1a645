// `npm start`: builds the web app when it is missing or older than its sources, then runs the
// server in this same process (so SIGTERM reaches it directly). No separate build step.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const sources = ['web', 'shared', 'vite.config.ts', 'package-lock.json'];

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

const builtAt = fs.statSync(builtIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.info(
    builtAt ? 'The web app is older than its sources: building…' : 'Building the web app…',
  );
  const { build } = await import('vite');
  await build({
    root: path.join(root, 'web'),
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
  });
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
