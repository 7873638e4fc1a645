/**
 * Cold start: time from launching the production server (as `npm start` runs it, web app
 * already built) until /api/health answers 200, on a fresh SQLite data folder. Prints the
 * median and worst of several runs and returns them for bench/run.ts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/provision.ts';

export interface ColdStartResult {
  runs: number;
  medianMs: number;
  maxMs: number;
}

async function once(env: NodeJS.ProcessEnv): Promise<number> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-cold-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (response?.ok) return performance.now() - started;
      if (performance.now() - started > 30_000)
        throw new Error('the server did not become healthy in 30 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureColdStart(
  runs = 5,
  env: NodeJS.ProcessEnv = {},
): Promise<ColdStartResult> {
  await once(env); // warms the build check and tsx's transform cache, as a second start would
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await once(env));
  times.sort((a, b) => a - b);
  return {
    runs,
    medianMs: Math.round(times[Math.floor(runs / 2)]!),
    maxMs: Math.round(times[runs - 1]!),
  };
}
