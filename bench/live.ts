/**
 * Live updates at scale: N event streams open on the production server, held as an academy's
 * phones hold them (many people, a few streams each, behind many client addresses: bench/
 * phones.ts), then likes toggled one after another; for each like, the time from sending it
 * until each stream received its event. On SQLite one process; on PostgreSQL (`postgresUrl`)
 * several processes on one database, the streams spread over them and every like sent to the
 * first, so most events cross processes through LISTEN/NOTIFY.
 *
 * In the same run, the floor: as many bare Node servers (bench/floor-server.ts) holding the same
 * number of streams from the same addresses, each writing the product's own event, serialised
 * once, to all of them, in blocks of rounds alternating with the product's. Both are read by
 * this one process, so what the client costs is in both.
 *
 * Memory: each server's resident memory idle (before the streams), with the streams open, and
 * `settleMs` after they closed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { signInInstructor } from '../server/test/sessions.ts';
import { onPostgres, percentiles, rssMb, servingPid } from './engines.ts';
import { openStream, type Phone, requestFrom, signInPhones } from './phones.ts';
import { startServer, stopServer } from './served.ts';

/** A round waits this long for every stream before it counts the rest as missed. */
const roundTimeoutMs = 10_000;

interface StreamTarget {
  url: string;
  localAddress: string;
  cookie?: string;
}

/**
 * Streams open at once, each counting the events that carry `marker`; a round fires one event
 * and waits until every stream has it (or the round's time is up).
 */
class Streams {
  private readonly agent = new http.Agent({
    keepAlive: false,
    maxSockets: Number.POSITIVE_INFINITY,
  });
  private readonly requests: http.ClientRequest[] = [];
  private counts: number[] = [];
  private round = 0;
  private roundStart = 0;
  private arrivedThisRound = 0;
  private allArrived: (() => void) | null = null;
  readonly arrivals: number[] = [];
  missed = 0;
  /** The first event carrying the marker as the first stream read it, whole. */
  sample: string | null = null;

  constructor(private readonly marker: string) {}

  async open(targets: StreamTarget[]): Promise<void> {
    this.counts = new Array(targets.length).fill(0);
    let sampleText = '';
    const onChunk = (index: number) => (chunk: string) => {
      if (index === 0 && this.sample === null) {
        sampleText += chunk;
        const event = sampleText.split('\n\n').find((block) => block.includes(this.marker));
        if (event !== undefined) this.sample = `${event}\n\n`;
      }
      if (!chunk.includes(this.marker)) return;
      this.counts[index]! += 1;
      if (this.counts[index] !== this.round) return;
      this.arrivals.push(performance.now() - this.roundStart);
      this.arrivedThisRound += 1;
      if (this.arrivedThisRound === targets.length) this.allArrived?.();
    };
    this.requests.push(
      ...(await Promise.all(
        targets.map((target, index) => openStream(target.url, target, this.agent, onChunk(index))),
      )),
    );
  }

  /** Fires one event (`fire`) and waits for every stream to have it. */
  async fire(fire: () => Promise<void>): Promise<void> {
    this.round += 1;
    this.arrivedThisRound = 0;
    const arrived = new Promise<void>((resolve) => {
      this.allArrived = resolve;
    });
    this.roundStart = performance.now();
    await fire();
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      arrived.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), roundTimeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (!finished) this.missed += this.counts.length - this.arrivedThisRound;
  }

  close(): void {
    for (const request of this.requests) request.destroy();
    this.agent.destroy();
  }
}

/** The streams' client addresses and people: stream `index` belongs to phone `index / per`. */
function targetsOf(
  urls: string[],
  count: number,
  phones: Phone[],
  streamsPerPerson: number,
  withCookies: boolean,
): StreamTarget[] {
  return Array.from({ length: count }, (_, index) => {
    const phone = phones[Math.floor(index / streamsPerPerson)]!;
    return {
      url: `${urls[index % urls.length]}/events`,
      localAddress: phone.localAddress,
      ...(withCookies ? { cookie: phone.cookie } : {}),
    };
  });
}

async function startFloorServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/floor-server.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`floor server exited: ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return {
    url: `http://127.0.0.1:${Number(line)}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Has every floor server write `event` to all its streams, and waits for each to have done it. */
async function fireFloor(urls: string[], event: string): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      const answer = await fetch(`${url}/fire`, { method: 'POST', body: event });
      if (!answer.ok) throw new Error(`floor fire: ${answer.status}`);
      await answer.text();
    }),
  );
}

export interface LiveResult {
  streams: number;
  processes: number;
  people: number;
  clientAddresses: number;
  likes: number;
  p50Ms: number;
  p99Ms: number;
  missed: number;
  floorP50Ms: number;
  floorP99Ms: number;
  floorMissed: number;
  /** The product's p99 over the floor's. */
  p99OverFloor: number;
  /** The largest of the servers' resident memory: idle, with the streams open, after. */
  rssIdleMb: number;
  rssOpenMb: number;
  rssAfterMb: number;
}

export async function measureLive(
  streamCount = 1_000,
  likeRounds = 30,
  options: {
    postgresUrl?: string;
    processes?: number;
    streamsPerPerson?: number;
    settleMs?: number;
    /** How long the servers rest after the sign-ins before their idle memory is read. */
    restMs?: number;
  } = {},
): Promise<LiveResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-live-'));
  const mail = await startMailCatcher();
  const servers: Array<Awaited<ReturnType<typeof startServer>>> = [];
  const floors: Array<Awaited<ReturnType<typeof startFloorServer>>> = [];
  const processes = options.postgresUrl ? (options.processes ?? 2) : 1;
  const streamsPerPerson = options.streamsPerPerson ?? 4;
  const settleMs = options.settleMs ?? Number(process.env.BENCH_LIVE_SETTLE_MS ?? 60_000);
  const marker = '"post.liked"';
  let product: Streams | null = null;
  let floor: Streams | null = null;
  try {
    for (let index = 0; index < processes; index += 1) {
      // One after the other: the first migrates the database.
      // Each process a data folder of its own, as each machine of a chain has (one folder is
      // one server's: the second refuses it).
      const data = path.join(dir, `server-${index}`);
      fs.mkdirSync(data);
      servers.push(
        await startServer({
          DATA_DIR: data,
          SMTP_URL: mail.url,
          ...(options.postgresUrl ? { DATABASE_URL: options.postgresUrl } : {}),
        }),
      );
    }
    const server = servers[0]!;
    const { cookie } = await signInInstructor(server.url, mail);
    const created = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify({ kind: 'general', text: 'Đo thời gian cập nhật trực tiếp' }),
    });
    if (!created.ok) throw new Error(`post failed: ${await created.text()}`);
    const { id: postId } = (await created.json()) as { id: string };

    const people = Math.ceil(streamCount / streamsPerPerson);
    const phones = await signInPhones(server.url, mail, cookie, people, { streamsPerPerson });
    const rss = () => Math.max(...servers.map((each) => rssMb(servingPid(each.child.pid!))));
    // Idle: at rest after the sign-ins, once each server has given back what they grew
    // (server/lib/memory-return.ts waits 15 s).
    await new Promise((resolve) => setTimeout(resolve, options.restMs ?? 25_000));
    const rssIdle = rss();

    // The product's rounds and the floor's alternate in blocks, so both meet the machine in
    // the same minutes (measured one after the other, each met it in its own). Not side by
    // side: this process may hold about 20,000 descriptors, and the chain's 10,000 streams
    // twice would pass it. The floor writes the event the product sent in its first round.
    const blocks = Math.min(3, likeRounds);
    for (let index = 0; index < processes; index += 1) floors.push(await startFloorServer());
    const apiUrls = servers.map((each) => `${each.url}/api`);
    const floorUrls = floors.map((each) => each.url);
    const liker = phones[0]!;
    const productArrivals: number[] = [];
    const floorArrivals: number[] = [];
    let productMissed = 0;
    let floorMissed = 0;
    let rssOpen = 0;
    let event: string | null = null;
    let liked = false;
    for (let block = 0; block < blocks; block += 1) {
      const rounds =
        Math.floor((likeRounds * (block + 1)) / blocks) - Math.floor((likeRounds * block) / blocks);
      product = new Streams(marker);
      await product.open(targetsOf(apiUrls, streamCount, phones, streamsPerPerson, true));
      for (let round = 0; round < rounds; round += 1) {
        liked = !liked;
        const value = liked;
        await product.fire(async () => {
          const answer = await requestFrom(`${server.url}/api/posts/${postId}/like`, {
            method: 'PUT',
            headers: { cookie: liker.cookie, origin: server.url },
            body: { liked: value },
            localAddress: liker.localAddress,
          });
          if (answer.status !== 200)
            throw new Error(`like failed: ${answer.status} ${answer.body}`);
        });
      }
      rssOpen = Math.max(rssOpen, rss());
      event ??= product.sample;
      productArrivals.push(...product.arrivals);
      productMissed += product.missed;
      product.close();
      product = null;
      if (event === null) throw new Error('no like event arrived to serve the floor');
      const sent = event;
      floor = new Streams(marker);
      await floor.open(targetsOf(floorUrls, streamCount, phones, streamsPerPerson, false));
      for (let round = 0; round < rounds; round += 1) {
        await floor.fire(() => fireFloor(floorUrls, sent));
      }
      floorArrivals.push(...floor.arrivals);
      floorMissed += floor.missed;
      floor.close();
      floor = null;
    }
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const rssAfter = rss();
    const productLatency = percentiles(productArrivals);
    const floorLatency = percentiles(floorArrivals);
    return {
      streams: streamCount,
      processes,
      people,
      clientAddresses: new Set(phones.map((phone) => phone.localAddress)).size,
      likes: likeRounds,
      p50Ms: productLatency.p50Ms,
      p99Ms: productLatency.p99Ms,
      missed: productMissed,
      floorP50Ms: floorLatency.p50Ms,
      floorP99Ms: floorLatency.p99Ms,
      floorMissed,
      p99OverFloor: Math.round((productLatency.p99Ms / floorLatency.p99Ms) * 100) / 100,
      rssIdleMb: rssIdle,
      rssOpenMb: rssOpen,
      rssAfterMb: rssAfter,
    };
  } finally {
    product?.close();
    floor?.close();
    for (const each of floors) await each.stop();
    for (const each of servers) await stopServer(each.child);
    await mail.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The same on PostgreSQL with two processes sharing a fresh database. */
export function measureLiveOnPostgres(
  streamCount = 1_000,
  likeRounds = 30,
  options: { streamsPerPerson?: number; settleMs?: number } = {},
) {
  return onPostgres('live', (postgresUrl) =>
    measureLive(streamCount, likeRounds, { ...options, postgresUrl, processes: 2 }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const streams = Number(process.env.BENCH_LIVE_STREAMS ?? 1_000);
  const rounds = Number(process.env.BENCH_LIVE_ROUNDS ?? 30);
  if (process.env.BENCH_LIVE_ENGINE !== 'postgres') {
    console.dir(await measureLive(streams, rounds), { depth: 3 });
  }
  if (process.env.BENCH_LIVE_ENGINE !== 'sqlite') {
    console.dir(await measureLiveOnPostgres(streams, rounds), { depth: 3 });
  }
}
