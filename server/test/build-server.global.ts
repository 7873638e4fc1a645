import { execFileSync } from 'node:child_process';

/** Builds the server bundle once per run, for the tests that start it as `npm start` does. */
export default function buildServerBundle() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
}
