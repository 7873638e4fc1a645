/**
 * `npm run bench:soak`: the load test of docs/security.md. The production server on SQLite,
 * filled with the demo academy; 1,000 event streams held open by 250 people's phones; then an
 * open-loop 250 requests/s of a realistic mix (feed pages, post pages, likes, comments, search;
 * 15 % writes) for SOAK_SECONDS (300 by default), while the server's memory is sampled every 10 s;
 * then the streams close and the memory is read once more a minute later. Prints the error rate,
 * the latency percentiles and the memory over time, and writes bench/results-soak.json.
 * Targets: errors < 0.1 %, p95 < 300 ms; memory flat (with SOAK_SECONDS=1800, the last ten
 * minutes' mean within 5 % of minutes 10–20's) and, a minute after the load, within 20 % of idle.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { signInToDemoAcademy } from '../support/demo-academy.ts';
import { machine, percentiles, rssMb, servingPid } from './engines.ts';
import { type LoopRequest, openLoop } from './open-loop.ts';
import { openStream, signInPhones } from './phones.ts';
import { startServer, stopServer } from './served.ts';

const seconds = Number(process.env.SOAK_SECONDS ?? 300);
const rate = 250;
const streamCount = Number(process.env.SOAK_STREAMS ?? 1_000);
const postCount = Number(process.env.SOAK_POSTS ?? 200);
const streamsPerPerson = 4;
/** Longer than the server waits before it gives back a load's memory (server/lib/memory-return.ts). */
const restMs = 25_000;

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
  // The likes, comments and post pages go to SOAK_POSTS posts (200 by default), not only the
  // first page's ten: at 12 comments a second, ten posts would gather thousands of comments each
  // within the half hour, and a class spreads its comments over many posts. Spread over 200, a
  // post gathers about a hundred in 30 minutes (a discussion is read 20 threads at a time).
  const postIds = feed.posts.map((post) => post.id);
  for (let index = postIds.length; index < postCount; index += 1) {
    const created = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify({ kind: 'general', text: `Bài đăng đo tải ${index + 1}` }),
    });
    if (!created.ok) throw new Error(`post failed: ${await created.text()}`);
    postIds.push(((await created.json()) as { id: string }).id);
  }
  const laterPage = feed.nextCursor
    ? `/api/posts?cursor=${encodeURIComponent(feed.nextCursor)}`
    : '/api/posts';
  const searches = ['nguyen', 'Nguyễn Thị', 'lan', 've mong', 'hoa'];

  // The streams as an academy's phones hold them: people of their own, four streams each,
  // five people behind each client address (bench/phones.ts), within the server's caps.
  const phones = await signInPhones(
    server.url,
    mail,
    cookie,
    Math.ceil(streamCount / streamsPerPerson),
    { streamsPerPerson },
  );
  // Idle: at rest after the sign-ins, once the server has given back what they grew.
  await new Promise((resolve) => setTimeout(resolve, restMs));
  const rssIdle = rssMb(serverPid);
  let streamEvents = 0;
  streams.push(
    ...(await Promise.all(
      Array.from({ length: streamCount }, (_, index) =>
        openStream(
          `${server.url}/api/events`,
          phones[Math.floor(index / streamsPerPerson)]!,
          agent,
          () => {
            streamEvents += 1;
          },
        ),
      ),
    )),
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
  const comments = { method: 'GET' as const, path: anyPost('/comment-threads') };
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
  // The load over and the phones gone: what the server holds a minute later.
  for (const stream of streams.splice(0)) stream.destroy();
  await new Promise((resolve) => setTimeout(resolve, 60_000));
  const rssReturned = rssMb(serverPid);

  const total = timings.length + failures;
  const failed =
    [...statuses].filter(([status]) => status >= 400).reduce((sum, [, count]) => sum + count, 0) +
    failures;
  const latency = percentiles(timings);
  const firstMinute = memory.filter((sample) => sample.atSeconds <= 60).at(-1)!.rssMb;
  const last = memory.at(-1)!.rssMb;
  /** The mean of the samples from minute `from` to minute `to`, or null past the run. */
  const meanBetween = (from: number, to: number) => {
    const samples = memory.filter(
      (sample) => sample.atSeconds >= from * 60 && sample.atSeconds <= to * 60,
    );
    if (seconds < to * 60 || samples.length === 0) return null;
    return Math.round(samples.reduce((sum, sample) => sum + sample.rssMb, 0) / samples.length);
  };
  const minutes10to20 = meanBetween(10, 20);
  const lastTenMinutes = meanBetween(seconds / 60 - 10, seconds / 60);
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
    rssIdleMb: rssIdle,
    rssMinutes10to20Mb: minutes10to20,
    rssLastTenMinutesMb: lastTenMinutes,
    rssMinuteAfterMb: rssReturned,
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
    [
      'server RSS minutes 10–20 → last 10 minutes (mean)',
      minutes10to20 === null ? 'run 30 minutes to see' : `${minutes10to20} → ${lastTenMinutes} MB`,
      'within 5 %',
    ],
    ['server RSS idle → a minute after the load', `${rssIdle} → ${rssReturned} MB`, 'within 20 %'],
  ]);
  fs.writeFileSync(
    path.join(import.meta.dirname, 'results-soak.json'),
    `${JSON.stringify(summary, null, 2)}\n`,
  );
} finally {
  for (const stream of streams) stream.destroy();
  agent.destroy();
  await stopServer(server.child);
  await mail.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
