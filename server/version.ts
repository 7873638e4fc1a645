import fs from 'node:fs';

/** The app's version, from package.json. */
export function readVersion(): string {
  const url = new URL('../package.json', import.meta.url);
  return (JSON.parse(fs.readFileSync(url, 'utf8')) as { version: string }).version;
}
