/**
 * Live updates at scale: N event streams open on the production server, then likes toggled one
 * after another; for each like, the time from sending it until each stream received its event,
 * and the servers' resident memory with the streams open. On SQLite one process; on PostgreSQL
 * (`postgresUrl`) several processes on one database, the streams spread over them and every like
 * sent to the first, so most events cross processes through LISTEN/NOTIFY.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { signInInstructor } from '../server/test/sessions.ts';
import { onPostgres, percentiles, rssMb, servingPid } from './engines.ts';
import { startServer } from './served.ts';

interface Stream {
  likes: number;
  request: http.ClientRequest;
}

export async function measureLive(
  streamCount = 1_000,
  likeRounds = 30,
  options: { postgresUrl?: string; processes?: number } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-live-'));
  const mail = await startMailCatcher();
  const servers: Array<Awaited<ReturnType<typeof startServer>>> = [];
  const processes = options.postgresUrl ? (options.processes ?? 2) : 1;
  for (let index = 0; index < processes; index += 1) {
    // One after the other: the first migrates the database.
    servers.push(
      await startServer({
        DATA_DIR: dir,
        SMTP_URL: mail.url,
        ...(options.postgresUrl ? { DATABASE_URL: options.postgresUrl } : {}),
      }),
    );
  }
  const server = servers[0]!;
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const streams: Stream[] = [];
  try {
    const { cookie } = await signInInstructor(server.url, mail);
    const created = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.url },
      body: JSON.stringify({ kind: 'general', text: 'Đo thời gian cập nhật trực tiếp' }),
    });
    if (!created.ok) throw new Error(`post failed: ${await created.text()}`);
    const { id: postId } = (await created.json()) as { id: string };

    let roundStart = 0;
    let round = 0;
    const arrivals: number[] = [];
    let waiting: (() => void) | null = null;
    let arrivedThisRound = 0;
    const opened = Array.from(
      { length: streamCount },
      (_, index) =>
        new Promise<void>((resolve, reject) => {
          const stream: Stream = { likes: 0, request: undefined as never };
          stream.request = http.get(
            `${servers[index % servers.length]!.url}/api/events`,
            { agent, headers: { cookie } },
            (response) => {
              if (response.statusCode !== 200) reject(new Error(`stream ${response.statusCode}`));
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => {
                if (!chunk.includes('"post.liked"')) return;
                stream.likes += 1;
                if (stream.likes !== round) return;
                arrivals.push(performance.now() - roundStart);
                arrivedThisRound += 1;
                if (arrivedThisRound === streamCount) waiting?.();
              });
              resolve();
            },
          );
          stream.request.on('error', reject);
          streams.push(stream);
        }),
    );
    await Promise.all(opened);
    const rss = () => Math.max(...servers.map((each) => rssMb(servingPid(each.child.pid!))));
    const rssIdle = rss();

    for (round = 1; round <= likeRounds; round += 1) {
      arrivedThisRound = 0;
      const allArrived = new Promise<void>((resolve) => {
        waiting = resolve;
      });
      roundStart = performance.now();
      const liked = await fetch(`${server.url}/api/posts/${postId}/like`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie, origin: server.url },
        body: JSON.stringify({ liked: round % 2 === 1 }),
      });
      if (!liked.ok) throw new Error(`like failed: ${await liked.text()}`);
      await Promise.race([
        allArrived,
        new Promise((_, reject) =>
          setTimeout(
            () => reject(new Error(`round ${round}: ${arrivedThisRound} arrived`)),
            10_000,
          ),
        ),
      ]);
    }
    const latency = percentiles(arrivals);
    return {
      streams: streamCount,
      processes,
      likes: likeRounds,
      p50Ms: latency.p50Ms,
      p99Ms: latency.p99Ms,
      rssMb: Math.max(rssIdle, rss()),
    };
  } finally {
    for (const stream of streams) stream.request.destroy();
    agent.destroy();
    for (const each of servers) {
      each.child.kill('SIGTERM');
      await new Promise((r) => each.child.once('exit', r));
    }
    await mail.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The same on PostgreSQL with two processes sharing a fresh database. */
export function measureLiveOnPostgres(streamCount = 1_000, likeRounds = 30) {
  return onPostgres('live', (postgresUrl) =>
    measureLive(streamCount, likeRounds, { postgresUrl, processes: 2 }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.dir(await measureLive(), { depth: 3 });
  console.dir(await measureLiveOnPostgres(), { depth: 3 });
}
