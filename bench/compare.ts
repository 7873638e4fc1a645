/**
 * Builds of the app against each other on the same data, interleaved in one run: the feed's first
 * page and like toggles at 50 connections, on each engine. A figure on these shared two-core
 * machines moves by several per cent from one minute to the next; comparing builds round by round,
 * in a rotating order, is what makes a difference between them mean something.
 *
 *   npx tsx bench/compare.ts name=dir [name=dir …]   (BENCH_ROUNDS, default 3)
 *
 * Each `dir` is a checkout that `npm start` can run (its node_modules and build in place). The
 * academy is the feed benchmark's (bench/feed.ts), seeded once per engine by this checkout's
 * code; every build's server is started on that database in turn, one at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppDatabase } from '../server/db/database.ts';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { onEachEngine } from './engines.ts';
import { likeCountsOff, seedFeedAcademy } from './feed.ts';
import { load, signInStaff, startServer } from './served.ts';

const builds = process.argv.slice(2).map((argument) => {
  const [name, dir] = argument.split('=');
  if (!name || !dir || !fs.existsSync(path.join(dir, 'scripts/start.mjs')))
    throw new Error(`expected name=dir of a checkout, got ${argument}`);
  return { name, dir: path.resolve(dir) };
});
if (builds.length < 2) throw new Error('name two builds or more: name=dir name=dir');
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = 10;

type Figures = Record<string, { feed: number[]; likes: number[] }>;

async function compareOn(
  database: AppDatabase,
  env: NodeJS.ProcessEnv,
): Promise<{ figures: Figures; countsOff: number }> {
  const postIds = await seedFeedAcademy(database);
  const mail = await startMailCatcher();
  const figures: Figures = Object.fromEntries(
    builds.map((build) => [build.name, { feed: [], likes: [] }]),
  );
  let cookie: string | undefined;
  try {
    for (let round = 0; round < rounds; round += 1) {
      const order = builds.map((_, index) => builds[(index + round) % builds.length]!);
      for (const build of order) {
        // Like toggles leave dead rows behind; without this, PostgreSQL's figures fall from one
        // build to the next for that reason alone.
        if (database.kind === 'postgres') await sql`vacuum analyze`.execute(database.db);
        const server = await startServer({ ...env, SMTP_URL: mail.url }, build.dir);
        try {
          cookie ??= await signInStaff(server.url, mail, database.db, 'instructor');
          const common = { cookie, connections: 50, duration: seconds };
          const feedUrl = `${server.url}/api/posts`;
          await load({ ...common, url: feedUrl, duration: 3 }); // warm-up
          const feed = await load({ ...common, url: feedUrl });
          const likes = await load({ ...common, url: feedUrl, like: { postIds } });
          if (feed.non2xx + feed.errors + likes.non2xx + likes.errors > 0)
            throw new Error(`${build.name}: failed requests ${JSON.stringify({ feed, likes })}`);
          figures[build.name]!.feed.push(feed.requestsPerSecond);
          figures[build.name]!.likes.push(likes.requestsPerSecond);
          console.info(
            `${env.DATABASE_URL ? 'postgres' : 'sqlite'} round ${round + 1} ${build.name}: feed ${feed.requestsPerSecond} req/s, likes ${likes.requestsPerSecond} /s`,
          );
        } finally {
          server.child.kill('SIGTERM');
          await new Promise((r) => server.child.once('exit', r));
        }
      }
    }
    return { figures, countsOff: await likeCountsOff(database.db) };
  } finally {
    await mail.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function report(engine: string, { figures, countsOff }: { figures: Figures; countsOff: number }) {
  const base = figures[builds[0]!.name]!;
  console.info(`\n${engine}: median of ${rounds} rounds (like counts off after: ${countsOff})`);
  console.info('| build | feed first page, req/s | vs first | like toggles /s | vs first |');
  console.info('|---|---|---|---|---|');
  for (const build of builds) {
    const { feed, likes } = figures[build.name]!;
    const ratio = (mine: number[], theirs: number[]) =>
      `${Math.round((median(mine) / median(theirs)) * 100)} %`;
    console.info(
      `| ${build.name} | ${median(feed)} (${feed.join(', ')}) | ${ratio(feed, base.feed)} | ${median(likes)} (${likes.join(', ')}) | ${ratio(likes, base.likes)} |`,
    );
  }
}

const results = await onEachEngine('compare', compareOn);
report('SQLite', results.sqlite);
report('PostgreSQL', results.postgres);
