import fs from 'node:fs';
import path from 'node:path';
import { appRoot } from './lib/app-root.ts';

/** The app's version, from package.json. */
export function readVersion(): string {
  const file = path.join(appRoot, 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
