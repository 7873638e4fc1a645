/**
 * The production server under measurement, shared by the benchmarks: started as `npm start`
 * starts it, a person signed in over HTTP, and the two ways of loading it — autocannon in its own
 * process at a number of connections (throughput), and one request at a time on one connection
 * (unloaded latency).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema.ts';
import type { startMailCatcher } from '../server/test/mail-catcher.ts';
import { signInInstructor } from '../server/test/sessions.ts';
import { freePort } from '../support/provision.ts';
import { percentiles } from './engines.ts';
import type { LoadOptions } from './load.ts';
import { browserAcceptEncoding } from './open-loop.ts';

const run = promisify(execFile);

export async function startServer(
  env: NodeJS.ProcessEnv,
  /** The checkout to start (another build of the app, for bench/compare.ts). */
  cwd = process.cwd(),
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<dir> writes the server's CPU profile there, to find what a request costs.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // BENCH_SERVER_FLAGS="--trace-gc …": V8's and Node's flags for the server (NODE_OPTIONS
  // admits few of V8's).
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...profile, ...flags, 'scripts/start.mjs'], {
    cwd,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      // The default level: its line per request is part of what a request costs (written to
      // /dev/null here).
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    // BENCH_SERVER_STDOUT=<file> keeps what the server prints (its log lines, and V8's own
    // traces such as --trace-gc given in BENCH_SERVER_FLAGS), to see where its memory goes.
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_STDOUT
        ? fs.openSync(process.env.BENCH_SERVER_STDOUT, 'a')
        : 'ignore',
      'inherit',
    ],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const started = Date.now();
  for (;;) {
    const response = await fetch(`${url}/api/health`).catch(() => undefined);
    if (response?.ok) return { url, child };
    if (exited || Date.now() - started > 60_000) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Stops a server started here and waits for it to exit: its data folder may only be removed
 * once it has closed its database (a folder removed under a running server fails its shutdown).
 */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** autocannon in its own process (bench/load.ts), so the load generator does not share an event loop with the measurement. */
export async function load(options: LoadOptions) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'bench/load.ts', JSON.stringify(options)],
    {
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(stdout) as {
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    non2xx: number;
    errors: number;
    total: number;
  };
}

/**
 * Signs a new instructor in over HTTP and makes them active with `role` (an academy seeded in
 * bulk has no admin of its own, so the first sign-in's role is not relied on). Returns the cookie.
 */
export async function signInStaff(
  url: string,
  mail: Awaited<ReturnType<typeof startMailCatcher>>,
  db: Kysely<Database>,
  role: 'instructor' | 'admin',
): Promise<string> {
  const { cookie, email } = await signInInstructor(url, mail);
  await db
    .updateTable('people')
    .set({ status: 'active', role })
    .where('email', '=', email)
    .execute();
  return cookie;
}

/**
 * Unloaded latency: `rounds` passes over `paths`, one request at a time on one kept-alive
 * connection, asking as a browser does. Every answer must be a 200.
 */
export async function oneAtATime(base: string, cookie: string, paths: string[], rounds = 10) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const start = performance.now();
      http
        .get(`${base}${path}`, { agent, headers: { cookie, ...browserAcceptEncoding } }, (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(performance.now() - start)
              : reject(new Error(`${path}: ${res.statusCode}`)),
          );
        })
        .on('error', reject);
    });
  try {
    for (const path of paths) await get(path); // warm-up
    const timings: number[] = [];
    for (let round = 0; round < rounds; round += 1)
      for (const path of paths) timings.push(await get(path));
    return { requests: timings.length, ...percentiles(timings) };
  } finally {
    agent.destroy();
  }
}
