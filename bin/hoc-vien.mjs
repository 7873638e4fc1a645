#!/usr/bin/env node
// `hoc-vien …` (and `npm run cli -- …`): the operator's command line, run from its bundle,
// built first when it is missing or older than its sources and the build tools are installed.
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, cliBundle } from '../scripts/build-server.mjs';
import { isSupported, unsupportedMessage } from '../scripts/node-support.mjs';

if (!isSupported()) {
  console.error(unsupportedMessage());
  process.exit(1);
}

// `hoc-vien serve`: the server, as `npm start` runs it (scripts/start.mjs, which builds nothing
// in a release).
if (process.argv[2] === 'serve') {
  await import('../scripts/start.mjs');
} else {
  try {
    await buildServerIfStale();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(cliBundle).href);
}
