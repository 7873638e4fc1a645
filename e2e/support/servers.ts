import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../../server/test/test-database.ts';
import { freePort } from '../../support/provision.ts';

async function healthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} not healthy in 30 s:\n${output()}`);
}

/** The SMTP address of the journeys' mail catcher, so tests can read what a server mails. */
async function journeysMailServer(): Promise<{ url: string }> {
  const answer = await fetch(`http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/smtp`);
  return (await answer.json()) as { url: string };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The server as `npm start` runs it (its bundle, dist/server/main.mjs, from `npm run build`), on a
 * free port, once it answers `/api/health`.
 */
async function spawnAppServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  try {
    await healthy(url, child, () => output);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { url, child };
}

export interface ServerPair {
  urls: string[];
  stop(): Promise<void>;
}

/**
 * Separate server processes (as `npm start` runs them) on their own ports and
 * one fresh PostgreSQL database, sharing the journeys' mail catcher: what an academy runs when
 * it scales out. Started one after the other, so the first runs the migrations.
 */
export async function startServersOnPostgres(count: number): Promise<ServerPair> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const database = await createPostgresDatabase(adminUrl, 'hv_e2e');
  const smtp = await journeysMailServer();
  // Each server has a data folder of its own (README, "Several servers"): one holds it at a time.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-e2e-pg-'));

  const children: ChildProcess[] = [];
  const urls: string[] = [];
  const stop = async () => {
    for (const child of children) await stopProcess(child);
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < count; index += 1) {
      const server = await spawnAppServer({
        DATABASE_URL: database.url,
        DATA_DIR: path.join(dataDir, `server-${index}`),
        SMTP_URL: smtp.url,
      });
      children.push(server.child);
      urls.push(server.url);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, stop };
}

export interface DeployableServer {
  url: string;
  /**
   * Puts a new version of the web app in place, as a deployment does: its service worker
   * differs from the running one's by a handler that answers "DEPLOYMENT?" with `{ deployment: 2 }`.
   */
  deployNewVersion(): void;
  stop(): Promise<void>;
}

/**
 * A server of its own (fresh SQLite database) serving a copy of the built web app, so a test can
 * deploy a new version under an open app without touching the journeys' shared server.
 */
export async function startDeployableServer(): Promise<DeployableServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-e2e-deploy-'));
  const webRoot = path.join(dataDir, 'web');
  fs.cpSync(path.resolve(import.meta.dirname, '../../dist/web'), webRoot, { recursive: true });
  const smtp = await journeysMailServer();
  const server = await spawnAppServer({ DATA_DIR: dataDir, WEB_ROOT: webRoot, SMTP_URL: smtp.url });
  return {
    url: server.url,
    deployNewVersion() {
      fs.appendFileSync(
        path.join(webRoot, 'sw.js'),
        `
self.addEventListener('message', (event) => {
  if (event.data?.type === 'DEPLOYMENT?') event.source?.postMessage({ deployment: 2 });
});
`,
      );
    },
    async stop() {
      await stopProcess(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server of its own (fresh SQLite database) keeping its photos in a bucket (`env`: MEDIA_STORE=s3
 * and the S3_ variables of a test S3 server).
 */
export async function startServerWithBucket(
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-e2e-bucket-'));
  const smtp = await journeysMailServer();
  const server = await spawnAppServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, ...env });
  return {
    url: server.url,
    async stop() {
      await stopProcess(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
