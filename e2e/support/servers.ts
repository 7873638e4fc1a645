import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

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
  const name = `hv_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
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
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
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
          DATABASE_URL: databaseUrl.toString(),
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
