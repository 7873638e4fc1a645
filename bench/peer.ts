/**
 * The PostgreSQL engine measured against Parse Server 9.10 (issue #35), `npm run bench:peer`:
 * - installs Parse Server into bench/peer/ (its own package.json and lock file) when it is not
 *   there, never into the product's dependencies;
 * - generates one academy (bench/feed.ts's seeding, with the issue's ten likes and two and a half
 *   comments a post on average, and Vietnamese names) into the product's PostgreSQL database,
 *   then copies it with SQL into Parse Server's own database on the same cluster (1M likes over
 *   Parse's REST API would take hours), with the indexes a team using Parse would add;
 * - starts both servers, checks that they answer the same first and later feed pages, field for
 *   field; and the same academy seeded again on the product's embedded SQLite, for its column
 *   (BENCH_PEER_SQLITE=0 leaves it out);
 * - measures the feed's first and later page, like toggles, name search and health in
 *   interleaved rounds (the order rotating each round), counting each database's transactions
 *   (`pg_stat_database`) per request, and prints the ratios;
 * - reads each server's memory at rest, at its peak through the rounds and a minute after.
 * BENCH_PEER_POSTS, BENCH_PEER_ROUNDS and BENCH_PEER_SECONDS shrink it for a quick look.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type AppDatabase, migrateToLatest, openDatabase } from '../server/db/database.ts';
import { nameSearchColumns } from '../server/db/search-columns.ts';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { createPostgresDatabase } from '../server/test/test-database.ts';
import { freePort, startPostgresCluster } from '../support/provision.ts';
import { machine, rssMb, servingPid } from './engines.ts';
import { countRows, feedBenchSize, likeCountsOff, seedFeedAcademy } from './feed.ts';
import { load, signInStaff, startServer } from './served.ts';

const peerDir = path.resolve('bench/peer');
const posts = Number(process.env.BENCH_PEER_POSTS ?? feedBenchSize.posts);
const rounds = Number(process.env.BENCH_PEER_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_PEER_SECONDS ?? 10);
const connections = 50;
const withSqlite = process.env.BENCH_PEER_SQLITE !== '0';
const appId = 'hoc-vien-peer';
const masterKey = randomBytes(16).toString('hex');

function installParse() {
  if (fs.existsSync(path.join(peerDir, 'node_modules/parse-server/package.json'))) return;
  console.info('installing Parse Server into bench/peer/ …');
  // Its dependencies' install scripts are not needed to serve the REST API.
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: peerDir,
    stdio: 'inherit',
  });
}

const families = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Phan', 'Vũ', 'Đặng', 'Bùi', 'Đỗ'];
const middles = ['Văn', 'Thị', 'Đức', 'Minh', 'Ngọc', 'Thu', 'Quốc', 'Hữu', 'Thanh', 'Xuân'];
const givens = ['Hoà', 'Anh', 'Lan', 'Bảo', 'Hà', 'Đức', 'Hương', 'Tuấn', 'Linh', 'Phúc'];
const vietnameseName = (index: number) =>
  `${families[index % 10]} ${middles[Math.floor(index / 10) % 10]} ${givens[Math.floor(index / 100) % 10]}`;

/** What the product searches for, and Parse's prefix query for it. */
const searches = ['đức hoà', 'nguyễn văn', 'trần thị lan', 'phạm minh', 'lê ngọc hương'];
/** Parse's client-side folding: lower case, marks stripped (đ stays đ). */
const peerFold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().normalize('NFC');

async function transactions(client: pg.Client, database: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
    [database],
  );
  return Number(rows[0]!.n);
}

function startParse(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'serve.ts'], {
    cwd: peerDir,
    env: {
      ...process.env,
      PEER_DATABASE_URL: url,
      PEER_PORT: String(port),
      PEER_MASTER_KEY: masterKey,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`Parse Server exited (${code})`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
  });
}

async function parseCall(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  { master = true } = {},
) {
  const response = await fetch(`${base}/parse${route}`, {
    method,
    headers: {
      'x-parse-application-id': appId,
      ...(master ? { 'x-parse-master-key': masterKey } : {}),
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`Parse ${method} ${route}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Parse's classes, made through its schema API, then filled from the product's tables. */
async function loadParse(base: string, productUrl: string, parseUrl: string) {
  const pointer = (targetClass: string) => ({ type: 'Pointer', targetClass });
  await parseCall(base, 'POST', '/schemas/Person', {
    className: 'Person',
    fields: { name: { type: 'String' }, searchName: { type: 'String' }, role: { type: 'String' } },
  });
  await parseCall(base, 'POST', '/schemas/Post', {
    className: 'Post',
    fields: {
      kind: { type: 'String' },
      author: pointer('Person'),
      student: pointer('Person'),
      text: { type: 'String' },
      rating: { type: 'Number' },
      date: { type: 'Date' },
      likes: { type: 'Array' },
      commentCount: { type: 'Number' },
    },
  });
  await parseCall(base, 'POST', '/schemas/Comment', {
    className: 'Comment',
    fields: { post: pointer('Post'), author: pointer('Person'), text: { type: 'String' } },
  });

  const from = new pg.Client({ connectionString: productUrl });
  const to = new pg.Client({ connectionString: parseUrl });
  await from.connect();
  await to.connect();
  try {
    const copy = async (select: string, insert: string, columns: number, batch = 5_000) => {
      const cursor = await from.query({ text: select, rowMode: 'array' });
      for (let start = 0; start < cursor.rows.length; start += batch) {
        const rows = cursor.rows.slice(start, start + batch);
        const arrays = Array.from({ length: columns }, (_, column) =>
          rows.map((row: unknown[]) => row[column]),
        );
        await to.query(insert, arrays);
      }
    };
    await copy(
      'select id, name, role from people',
      `insert into "Person" ("objectId", "createdAt", "updatedAt", name, "searchName", role)
       select id, now(), now(), name, null, role
       from unnest($1::text[], $2::text[], $3::text[]) as t(id, name, role)`,
      3,
    );
    // Parse's stored, folded name for its prefix search (as a Parse app writes it in a hook).
    const { rows: people } = await to.query<{ objectId: string; name: string }>(
      'select "objectId", name from "Person"',
    );
    await to.query(
      `update "Person" set "searchName" = t.folded
       from unnest($1::text[], $2::text[]) as t(id, folded) where "objectId" = t.id`,
      [people.map((person) => person.objectId), people.map((person) => peerFold(person.name))],
    );
    await copy(
      `select p.id, p.kind, p.author_id, p.student_id, p.text, p.rating, p.created_at,
              p.comment_count,
              coalesce((select json_agg(person_id)::text from post_likes where post_id = p.id), '[]')
       from posts p`,
      `insert into "Post" ("objectId", "createdAt", "updatedAt", kind, author, student, text, rating,
                           date, "commentCount", likes)
       select id, to_timestamp(created / 1000.0), to_timestamp(created / 1000.0), kind, author,
              student, text, rating, to_timestamp(created / 1000.0), comments, likes::jsonb
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[],
                   $7::float8[], $8::float8[], $9::text[])
         as t(id, kind, author, student, text, rating, created, comments, likes)`,
      9,
    );
    await copy(
      'select id, post_id, author_id, text from comments',
      `insert into "Comment" ("objectId", "createdAt", "updatedAt", post, author, text)
       select id, now(), now(), post, author, text
       from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as t(id, post, author, text)`,
      4,
    );
    // The indexes a team would add for these queries (Parse makes only the object ids').
    await to.query('create index on "Post" (date desc)');
    await to.query('create index on "Person" ("searchName" text_pattern_ops)');
    await to.query('vacuum analyze');
  } finally {
    await from.end();
    await to.end();
  }
}

interface FeedPost {
  id: string;
  text: string;
  author: string;
  student: string | null;
  likes: number;
  comments: number;
}

interface ProductPage {
  posts: Array<{
    id: string;
    text: string;
    createdAt: number;
    author: { name: string };
    student: { name: string } | null;
    likeCount: number;
    commentCount: number;
  }>;
  nextCursor: string;
}

/**
 * The product's first feed page, then twenty pages on: the page 21 the later-page requests ask
 * for, and the page before it (whose cursor asks for it, whose last date Parse is asked before).
 */
async function productPages(url: string, cookie: string) {
  const read = async (cursor?: string) => {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await fetch(`${url}/api/posts${query}`, { headers: { cookie } });
    return (await response.json()) as ProductPage;
  };
  const first = await read();
  let previous = first;
  let later = first;
  for (let i = 0; i < 20; i += 1) {
    previous = later;
    later = await read(later.nextCursor);
  }
  return {
    first,
    later,
    laterQuery: `?cursor=${encodeURIComponent(previous.nextCursor)}`,
    before: new Date(previous.posts.at(-1)!.createdAt).toISOString(),
  };
}

/** Parse's feed request: the newest ten, or the ten before a date (the later page). */
const peerFeedPath = (before?: string) =>
  `/parse/classes/Post?order=-date&limit=10&include=author,student${
    before
      ? `&where=${encodeURIComponent(JSON.stringify({ date: { $lt: { __type: 'Date', iso: before } } }))}`
      : ''
  }`;

/** What Parse Server needs with every request of a signed-in app. */
const peerHeaders = (session: string) => ({
  'x-parse-application-id': appId,
  'x-parse-session-token': session,
});

/** Both servers' first page and page 21, reduced to the fields both show, must be the same. */
async function checkSamePages(
  pages: Awaited<ReturnType<typeof productPages>>,
  parse: string,
  session: string,
) {
  const parsePage = async (before?: string) => {
    const response = await fetch(`${parse}${peerFeedPath(before)}`, {
      headers: peerHeaders(session),
    });
    const answer = (await response.json()) as {
      results?: Array<{
        objectId: string;
        text: string;
        author: { name: string };
        student?: { name: string };
        likes: string[];
        commentCount: number;
      }>;
    };
    if (!answer.results) throw new Error(`Parse's feed answered ${JSON.stringify(answer)}`);
    return answer.results.map(
      (post): FeedPost => ({
        id: post.objectId,
        text: post.text,
        author: post.author.name,
        student: post.student?.name ?? null,
        likes: post.likes.length,
        comments: post.commentCount,
      }),
    );
  };
  const shown = (page: ProductPage) =>
    page.posts.map(
      (post): FeedPost => ({
        id: post.id,
        text: post.text,
        author: post.author.name,
        student: post.student?.name ?? null,
        likes: post.likeCount,
        comments: post.commentCount,
      }),
    );
  const pairs: Array<[string, FeedPost[], FeedPost[]]> = [
    ['first page', shown(pages.first), await parsePage()],
    ['a later page', shown(pages.later), await parsePage(pages.before)],
  ];
  for (const [name, ours, theirs] of pairs) {
    if (ours.length !== 10 || JSON.stringify(ours) !== JSON.stringify(theirs)) {
      throw new Error(
        `the ${name} differs:\nproduct ${JSON.stringify(ours)}\nparse ${JSON.stringify(theirs)}`,
      );
    }
  }
}

/** The academy both products measure: the feed bench's, denser, with Vietnamese names. */
async function seedProduct(database: AppDatabase): Promise<string[]> {
  const postIds = await seedFeedAcademy(database, {
    ...feedBenchSize,
    posts,
    likesPerPost: 10,
    commentsPerPost: 2.5,
  });
  const people = await database.db.selectFrom('people').select('id').orderBy('id').execute();
  for (const [index, person] of people.entries()) {
    const name = vietnameseName(index);
    await database.db
      .updateTable('people')
      .set({ name, ...nameSearchColumns(name) })
      .where('id', '=', person.id)
      .execute();
  }
  if (database.kind === 'postgres') await sql`vacuum analyze`.execute(database.db);
  return postIds;
}

/** The like counts off on the SQLite academy, read after its server's storm. */
async function sqliteLikeCountsOff(dir: string): Promise<number> {
  const sqlite = openDatabase({ kind: 'sqlite', file: path.join(dir, 'academy.sqlite') });
  try {
    return await likeCountsOff(sqlite.db);
  } finally {
    await sqlite.close();
  }
}

interface Measured {
  requestsPerSecond: number;
  transactionsPerRequest: number;
  non2xx: number;
}

export async function measurePeer() {
  installParse();
  const cluster = process.env.TEST_DATABASE_URL ? null : await startPostgresCluster();
  const adminUrl = process.env.TEST_DATABASE_URL ?? cluster!.url;
  const productDb = await createPostgresDatabase(adminUrl, 'hv_bench_peer_product');
  const parseDb = await createPostgresDatabase(adminUrl, 'hv_bench_peer_parse');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-peer-'));
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-peer-sqlite-'));
  const mail = await startMailCatcher();
  const stats = new pg.Client({ connectionString: adminUrl });
  const children: ChildProcess[] = [];
  const database = openDatabase({ kind: 'postgres', url: productDb.url });
  try {
    const seedStart = performance.now();
    await migrateToLatest(database.db);
    const postIds = await seedProduct(database);
    const product = await startServer({
      DATABASE_URL: productDb.url,
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
    });
    children.push(product.child);
    const pids: Partial<Record<'product' | 'parse' | 'sqlite', number>> = {
      product: servingPid(product.child.pid!),
    };
    const cookie = await signInStaff(product.url, mail, database.db, 'instructor');

    const parsePort = await freePort();
    const parse = `http://127.0.0.1:${parsePort}`;
    const parseChild = await startParse(parseDb.url, parsePort);
    children.push(parseChild);
    pids.parse = parseChild.pid!;
    await loadParse(parse, productDb.url, parseDb.url);
    // The same academy on the embedded SQLite, unless BENCH_PEER_SQLITE=0.
    let onSqlite: { url: string; cookie: string; postIds: string[]; laterQuery: string } | null =
      null;
    if (withSqlite) {
      const sqlite = openDatabase({ kind: 'sqlite', file: path.join(sqliteDir, 'academy.sqlite') });
      try {
        await migrateToLatest(sqlite.db);
        const sqlitePostIds = await seedProduct(sqlite);
        const server = await startServer({ DATA_DIR: sqliteDir, SMTP_URL: mail.url });
        children.push(server.child);
        pids.sqlite = servingPid(server.child.pid!);
        const sqliteCookie = await signInStaff(server.url, mail, sqlite.db, 'instructor');
        onSqlite = {
          url: server.url,
          cookie: sqliteCookie,
          postIds: sqlitePostIds,
          laterQuery: (await productPages(server.url, sqliteCookie)).laterQuery,
        };
      } finally {
        await sqlite.close();
      }
    }
    const seedSeconds = Math.round((performance.now() - seedStart) / 1000);
    // Signed up as an app does, without the master key: the answer carries a session.
    const user = await parseCall(
      parse,
      'POST',
      '/users',
      { username: 'giang-vien', password: randomBytes(12).toString('hex') },
      { master: false },
    );
    const session = String(user.sessionToken);
    const personId = String(user.objectId);
    const pages = await productPages(product.url, cookie);
    await checkSamePages(pages, parse, session);
    const headers = peerHeaders(session);
    const peerSearch = (query: string) =>
      `/parse/classes/Person?limit=10&where=${encodeURIComponent(
        JSON.stringify({ searchName: { $regex: `^${peerFold(query)}` } }),
      )}`;

    type Target = {
      request: string;
      system: 'parse' | 'product' | 'sqlite';
      options: Parameters<typeof load>[0];
    };
    const common = { cookie, connections, duration: seconds };
    const targets: Target[] = [
      {
        request: 'feed, first page',
        system: 'product',
        options: { ...common, url: `${product.url}/api/posts` },
      },
      {
        request: 'feed, first page',
        system: 'parse',
        options: { ...common, url: `${parse}${peerFeedPath()}`, headers },
      },
      {
        request: 'feed, a later page',
        system: 'product',
        options: { ...common, url: `${product.url}/api/posts${pages.laterQuery}` },
      },
      {
        request: 'feed, a later page',
        system: 'parse',
        options: {
          ...common,
          url: `${parse}${peerFeedPath(pages.before)}`,
          headers,
        },
      },
      {
        request: 'like toggle',
        system: 'product',
        options: { ...common, url: `${product.url}/api/posts`, like: { postIds } },
      },
      {
        request: 'like toggle',
        system: 'parse',
        options: { ...common, url: parse, headers, peerLike: { postIds, personId } },
      },
      {
        request: 'name search',
        system: 'product',
        options: {
          ...common,
          url: product.url,
          paths: searches.map((q) => `/api/search?q=${encodeURIComponent(q)}`),
        },
      },
      {
        request: 'name search',
        system: 'parse',
        options: { ...common, url: parse, headers, paths: searches.map(peerSearch) },
      },
      {
        request: 'health',
        system: 'product',
        options: { ...common, url: `${product.url}/api/health` },
      },
      {
        request: 'health',
        system: 'parse',
        options: { ...common, url: `${parse}/parse/health`, headers },
      },
    ];
    if (onSqlite) {
      const own = { ...common, cookie: onSqlite.cookie };
      targets.push(
        {
          request: 'feed, first page',
          system: 'sqlite',
          options: { ...own, url: `${onSqlite.url}/api/posts` },
        },
        {
          request: 'feed, a later page',
          system: 'sqlite',
          options: { ...own, url: `${onSqlite.url}/api/posts${onSqlite.laterQuery}` },
        },
        {
          request: 'like toggle',
          system: 'sqlite',
          options: {
            ...own,
            url: `${onSqlite.url}/api/posts`,
            like: { postIds: onSqlite.postIds },
          },
        },
        {
          request: 'name search',
          system: 'sqlite',
          options: {
            ...own,
            url: onSqlite.url,
            paths: searches.map((q) => `/api/search?q=${encodeURIComponent(q)}`),
          },
        },
        {
          request: 'health',
          system: 'sqlite',
          options: { ...own, url: `${onSqlite.url}/api/health` },
        },
      );
    }

    await stats.connect();
    const databaseOf = (system: Target['system']) =>
      new URL(system === 'parse' ? parseDb.url : productDb.url).pathname.slice(1);
    // Warm both up: their caches and the kernel's pages, so round one is not the cold one.
    for (const target of targets) await load({ ...target.options, duration: 2 });
    // What the like storm set off (notifications, push) is done before the first count.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    // Memory: each server at rest (after a rest longer than the product's wait before it gives
    // back a load's memory, server/lib/memory-return.ts), its peak sampled every second through
    // the rounds, and a minute after the last.
    const systems = Object.keys(pids) as Array<keyof typeof pids>;
    const rssOf = (system: keyof typeof pids) => rssMb(pids[system]!);
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    const memory = Object.fromEntries(
      systems.map((system) => [system, { idleMb: rssOf(system), peakMb: 0, minuteAfterMb: 0 }]),
    ) as Record<keyof typeof pids, { idleMb: number; peakMb: number; minuteAfterMb: number }>;
    const sampler = setInterval(() => {
      for (const system of systems) {
        memory[system].peakMb = Math.max(memory[system].peakMb, rssOf(system));
      }
    }, 1_000);
    const results = new Map<Target, Measured[]>(targets.map((target) => [target, []]));
    for (let round = 0; round < rounds; round += 1) {
      const order = targets.map((_, index) => targets[(index + round * 3) % targets.length]!);
      for (const target of order) {
        const counted = target.system !== 'sqlite';
        const start = counted ? await transactions(stats, databaseOf(target.system)) : 0;
        const result = await load(target.options);
        // The statistics reach pg_stat_database within a second of each transaction.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const end = counted ? await transactions(stats, databaseOf(target.system)) : 0;
        results.get(target)!.push({
          requestsPerSecond: Math.round(result.requestsPerSecond),
          transactionsPerRequest: (end - start) / Math.max(1, result.total),
          non2xx: result.non2xx,
        });
      }
      console.info(`round ${round + 1} of ${rounds} done`);
    }
    clearInterval(sampler);
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    for (const system of systems) memory[system].minuteAfterMb = rssOf(system);
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const rows = [...new Set(targets.map((target) => target.request))].map((request) => {
      const of = (system: Target['system']) =>
        results.get(targets.find((t) => t.request === request && t.system === system)!)!;
      const ours = of('product');
      const theirs = of('parse');
      const oursRps = median(ours.map((r) => r.requestsPerSecond));
      const theirsRps = median(theirs.map((r) => r.requestsPerSecond));
      const sqlite = onSqlite ? median(of('sqlite').map((r) => r.requestsPerSecond)) : null;
      const ratio = (value: number) => Math.round((value / theirsRps) * 100) / 100;
      return {
        request,
        'Parse Server req/s': theirsRps,
        'PostgreSQL req/s': oursRps,
        'PostgreSQL ratio': ratio(oursRps),
        'SQLite req/s': sqlite ?? '—',
        'SQLite ratio': sqlite === null ? '—' : ratio(sqlite),
        'transactions per request: Parse / product': `${median(theirs.map((r) => r.transactionsPerRequest)).toFixed(2)} / ${median(ours.map((r) => r.transactionsPerRequest)).toFixed(2)}`,
        'non-2xx: Parse / product': `${theirs.reduce((n, r) => n + r.non2xx, 0)} / ${ours.reduce((n, r) => n + r.non2xx, 0)}`,
      };
    });
    return {
      machine,
      seedSeconds,
      people: await countRows(database.db, 'people'),
      likes: await countRows(database.db, 'post_likes'),
      comments: await countRows(database.db, 'comments'),
      posts,
      rounds,
      seconds,
      rows,
      memory,
      likeCountsOff: await likeCountsOff(database.db),
      sqliteLikeCountsOff: onSqlite ? await sqliteLikeCountsOff(sqliteDir) : null,
    };
  } finally {
    await database.close();
    for (const child of children) child.kill('SIGTERM');
    await stats.end().catch(() => undefined);
    await mail.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await productDb.drop().catch(() => undefined);
    await parseDb.drop().catch(() => undefined);
    await cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(sqliteDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measurePeer();
  console.info(
    `${result.machine}; ${result.people} people, ${result.posts} posts, ${result.likes} likes, ${result.comments} comments; ${result.rounds} interleaved rounds of ${result.seconds} s, ${connections} connections; seeded in ${result.seedSeconds} s`,
  );
  console.table(result.rows);
  console.info('server RSS, MB: at rest / peak through the rounds / a minute after');
  console.table(result.memory);
  console.info(
    `like counts off after the storms: PostgreSQL ${result.likeCountsOff}, SQLite ${result.sqliteLikeCountsOff ?? '—'}`,
  );
}
