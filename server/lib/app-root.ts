import fs from 'node:fs';
import path from 'node:path';

/**
 * The app's folder (where package.json is), from wherever this code runs: `server/` under tsx
 * in development and tests, or `dist/server/` once bundled for `npm start` (scripts/build-server.mjs).
 */
export const appRoot: string = (() => {
  for (let folder = import.meta.dirname; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error('package.json not found above the server');
  }
})();
