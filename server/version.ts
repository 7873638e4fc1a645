import fs from 'node:fs';
import path from 'node:path';
import { appRoot } from './lib/app-root.ts';

// Set by the bundle's build (scripts/build-server.mjs) to the commit it was made from; absent
// when the sources run as they are (tests, development).
declare const __HOC_VIEN_COMMIT__: string | null | undefined;

/**
 * The app's version: package.json's, with the commit the server was built from after a "+"
 * (`0.5.0-dev+3f2a1b9c0d1e`), so that health, `--version` and the admin tools name exactly what
 * runs, whatever tags the repository keeps.
 */
export function readVersion(): string {
  const file = path.join(appRoot, 'package.json');
  const { version } = JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string };
  const commit = typeof __HOC_VIEN_COMMIT__ === 'string' ? __HOC_VIEN_COMMIT__ : null;
  return commit ? `${version}+${commit}` : version;
}
