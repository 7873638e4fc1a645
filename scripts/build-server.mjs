// The server as `npm start` runs it: server/main.ts and everything it imports from this repository
// in one ES module, dist/server/main.mjs (with its source map), the npm packages left as imports.
// Plain Node loads it much faster than tsx compiles and loads the TypeScript files one by one
// (bench/README.md measures the cold start). `npm run build`, scripts/start.mjs and the tests that
// start server processes build it; `node scripts/build-server.mjs` does it alone.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the bundle is written. */
export const serverBundle = path.join(root, 'dist/server/main.mjs');

/** The folders and files the bundle is built from, to tell when it is older than they are. */
export const serverSources = ['server', 'shared', 'package.json', 'package-lock.json'];

export async function buildServer() {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
