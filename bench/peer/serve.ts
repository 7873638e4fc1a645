/**
 * Parse Server 9.10 on a PostgreSQL database, as `npm run bench:peer` measures it: the peer a
 * team would pick instead of a hosted Firebase. Started in its own process (from this folder,
 * so it finds its own node_modules) with PEER_DATABASE_URL, PEER_PORT and PEER_MASTER_KEY; says
 * "ready" on stdout once it answers. Outside the project's type check (tsconfig.json): Parse
 * Server's types exist only once `npm run bench:peer` has installed it.
 */
import { ParseServer } from 'parse-server';

const { PEER_DATABASE_URL, PEER_MASTER_KEY, PEER_PORT } = process.env;
if (!PEER_DATABASE_URL || !PEER_MASTER_KEY || !PEER_PORT) {
  throw new Error('PEER_DATABASE_URL, PEER_MASTER_KEY and PEER_PORT are needed');
}
const port = Number(PEER_PORT);
await ParseServer.startApp({
  databaseURI: PEER_DATABASE_URL,
  appId: 'hoc-vien-peer',
  masterKey: PEER_MASTER_KEY,
  serverURL: `http://127.0.0.1:${port}/parse`,
  port,
  host: '127.0.0.1',
  mountPath: '/parse',
  logLevel: 'error',
  verifyServerUrl: false,
  allowClientClassCreation: false,
});
console.info('ready');
