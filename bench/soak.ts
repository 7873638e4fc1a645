/**
 * `npm run bench:soak`: the load test of docs/security.md. The production server on SQLite,
 * filled with the demo academy; 1,000 event streams held open; then an open-loop 250 requests/s of
 * a realistic mix (feed pages, post pages, likes, comments, search; 15 % writes) for SOAK_SECONDS (300 by
 * default), while the server's memory is sampled every 10 s. Prints the error rate, the latency
 * percentiles and the memory over time, and writes bench/results-soak.json.
 * Targets: errors < 0.1 %, p95 < 300 ms, memory flat.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { signInToDemoAcademy } from '../support/demo-academy.ts';
import { machine, percentiles, rssMb, servingPid } from './engines.ts';
import { type LoopRequest, openLoop } from './open-loop.ts';
import { startServer } from './served.ts';

const seconds = Number(process.env.SOAK_SECONDS ?? 300);
const rate = 250;
const streamCount = Number(process.env.SOAK_STREAMS ?? 1_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-soak-'));
const mail = await startMailCatcher();
const server = await startServer({ DATA_DIR: dir, SMTP_URL: mail.url });
/** The process that serves (scripts/start.mjs may run the server in a child). */
const serverPid = servingPid(server.child.pid!);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const streams: http.ClientRequest[] = [];
try {
  const cookie = await signInToDemoAcademy(server.url, mail);
  const feed = (await (await fetch(`${server.url}/api/posts`, { headers: { cookie } })).json()) as {
    posts: Array<{ id: string }>;
    nextCursor: string | null;
  };
  const postIds = feed.posts.map((post) => post.id);
  const laterPage = feed.nextCursor
    ? `/api/posts?cursor=${encodeURIComponent(feed.nextCursor)}`
    : '/api/posts';
  const searches = ['nguyen', 'Nguyễn Thị', 'lan', 've mong', 'hoa'];

  let streamEvents = 0;
  await Promise.all(
    Array.from(
      { length: streamCount },
      () =>
        new Promise<void>((resolve, reject) => {
          const request = http.get(
            `${server.url}/api/events`,
            { agent, headers: { cookie } },
            (response) => {
              if (response.statusCode !== 200) reject(new Error(`stream ${response.statusCode}`));
              response.on('data', () => {
                streamEvents += 1;
              });
              resolve();
            },
          );
          request.on('error', reject);
          streams.push(request);
        }),
    ),
  );
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  const anyPost =
    (suffix = '') =>
    () =>
      `/api/posts/${pick(postIds)}${suffix}`;
  // Each connection goes round these twenty, about what a class does with the app: 9 feed
  // pages, 4 post pages, 2 comment lists, 2 searches, 2 likes and 1 comment (15 % writes, each
  // sent live to every open stream); the post and the search words chosen at random each time.
  const feedPage = { method: 'GET' as const, path: () => '/api/posts' };
  const nextPage = { method: 'GET' as const, path: () => laterPage };
  const postPage = { method: 'GET' as const, path: anyPost() };
  const comments = { method: 'GET' as const, path: anyPost('/comments') };
  const search = {
    method: 'GET' as const,
    path: () => `/api/search?q=${encodeURIComponent(pick(searches))}`,
  };
  const like = (liked: boolean) => ({
    method: 'PUT' as const,
    path: anyPost('/like'),
    body: JSON.stringify({ liked }),
  });
  const comment = {
    method: 'POST' as const,
    path: anyPost('/comments'),
    body: JSON.stringify({ text: 'Đẹp quá, cảm ơn cô!' }),
  };
  const mix: LoopRequest[] = [
    feedPage,
    postPage,
    nextPage,
    feedPage,
    like(true),
    comments,
    feedPage,
    search,
    postPage,
    nextPage,
    feedPage,
    postPage,
    comment,
    feedPage,
    comments,
    search,
    feedPage,
    like(false),
    postPage,
    nextPage,
  ];

  const memory: Array<{ atSeconds: number; rssMb: number }> = [
    { atSeconds: 0, rssMb: rssMb(serverPid) },
  ];
  const started = performance.now();
  const sampler = setInterval(() => {
    memory.push({
      atSeconds: Math.round((performance.now() - started) / 1000),
      rssMb: rssMb(serverPid),
    });
  }, 10_000);
  const { timings, statuses, failures } = await openLoop({
    base: server.url,
    cookie,
    seconds,
    perSecond: rate,
    next: (index) => mix[index % mix.length]!,
  });
  clearInterval(sampler);
  memory.push({ atSeconds: seconds, rssMb: rssMb(serverPid) });

  const total = timings.length + failures;
  const failed =
    [...statuses].filter(([status]) => status >= 400).reduce((sum, [, count]) => sum + count, 0) +
    failures;
  const latency = percentiles(timings);
  const firstMinute = memory.filter((sample) => sample.atSeconds <= 60).at(-1)!.rssMb;
  const last = memory.at(-1)!.rssMb;
  const summary = {
    machine,
    date: new Date().toISOString(),
    seconds,
    offeredPerSecond: rate,
    achievedPerSecond: Math.round(total / seconds),
    streams: streamCount,
    streamEvents,
    requests: total,
    errorRatePercent: Math.round((failed / Math.max(total, 1)) * 100_000) / 1000,
    statuses: Object.fromEntries(statuses),
    ...latency,
    rssAfterFirstMinuteMb: firstMinute,
    rssAtEndMb: last,
    rssMaxMb: Math.max(...memory.map((sample) => sample.rssMb)),
    memory,
  };
  console.info(`machine: ${machine}`);
  console.table([
    ['requests', `${summary.requests} (${summary.achievedPerSecond}/s of ${rate}/s offered)`, '—'],
    ['error rate', `${summary.errorRatePercent} %`, '< 0.1 %'],
    [
      'latency p50 / p95 / p99',
      `${latency.p50Ms} / ${latency.p95Ms} / ${latency.p99Ms} ms`,
      'p95 < 300 ms',
    ],
    ['open event streams', `${streamCount} (${streamEvents} event chunks received)`, '1,000'],
    [
      'server RSS after 1 min → end (max)',
      `${firstMinute} → ${last} MB (${summary.rssMaxMb})`,
      'flat',
    ],
  ]);
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results-soak.json'),
    `${JSON.stringify(summary, null, 2)}\n`,
  );
} finally {
  for (const stream of streams) stream.destroy();
  agent.destroy();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  await mail.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
