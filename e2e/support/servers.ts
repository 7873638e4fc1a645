import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/provision.ts';
import { createPostgresDatabase } from '../../server/test/test-database.ts';

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

export interface ServerPair {
  urls: string[];
  stop(): Promise<void>;
}

/**
 * Separate server processes (`server/main.ts`, as `npm start` runs it) on their own ports and
 * one fresh PostgreSQL database, sharing the journeys' mail catcher: what an academy runs when
 * it scales out. Started one after the other, so the first runs the migrations.
 */
export async function startServersOnPostgres(count: number): Promise<ServerPair> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const database = await createPostgresDatabase(adminUrl, 'hv_e2e');
  const smtp = (await (
    await fetch(`http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/smtp`)
  ).json()) as { url: string };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-e2e-pg-'));

  const children: ChildProcess[] = [];
  const urls: string[] = [];
  const stop = async () => {
    for (const child of children) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < count; index += 1) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      let output = '';
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          PUBLIC_URL: url,
          SMTP_URL: smtp.url,
          LOG_LEVEL: 'warn',
          TRUST_PROXY: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      children.push(child);
      await healthy(url, child, () => output);
      urls.push(url);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { urls, stop };
}
