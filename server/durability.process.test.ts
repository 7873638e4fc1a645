import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/provision.ts';
import { type MailCatcher, startMailCatcher } from './test/mail-catcher.ts';
import { exited, spawnServer, untilHealthy } from './test/server-process.ts';
import { signInInstructor } from './test/sessions.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './test/test-database.ts';

/*
 * Acknowledged writes survive SIGKILL (Jepsen's check, on one machine): writers post, comment
 * and like without pause, recording every write the server acknowledged, while the real server
 * process is killed with SIGKILL at random moments and started again, KILLS times. Afterwards
 * every acknowledged write is there exactly once, the like counts equal the like rows, and the
 * database passes its integrity check.
 */

const KILLS = Number(process.env.DURABILITY_KILLS ?? 20);
const WRITERS = 4;
const PUBLIC_URL = 'http://academy.test';

let database: TestDatabase | undefined;
let databaseUrl = '';
let dataDir: string;
let mail: MailCatcher;
let port: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-durable-'));
  mail = await startMailCatcher();
  port = await freePort();
  if (testDatabaseKind() === 'postgres') {
    database = await createTestDatabase({ migrate: false });
    const name = await database.db
      .selectNoFrom((eb) => eb.fn<string>('current_database').as('name'))
      .executeTakeFirstOrThrow();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name.name}`;
    databaseUrl = url.toString();
  }
});
afterAll(async () => {
  await database?.dispose();
  await mail.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer(): ChildProcess {
  return spawnServer({
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    SMTP_URL: mail.url,
    PUBLIC_URL,
  }).child;
}

const healthy = () => untilHealthy(`http://127.0.0.1:${port}`);

async function api(cookie: string, method: string, url: string, body?: unknown) {
  return fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(5_000),
  });
}

interface Acknowledged {
  posts: Map<string, string>;
  comments: Map<string, string>;
  likes: Set<string>;
}

/** One writer: posts, comments on and likes its own acknowledged posts until told to stop. */
async function writer(index: number, cookie: string, done: () => boolean, ack: Acknowledged) {
  let attempt = 0;
  const mine: string[] = [];
  while (!done()) {
    attempt += 1;
    const marker = `w${index}-${attempt}`;
    try {
      const unliked = mine.find((postId) => !ack.likes.has(postId));
      if (attempt % 3 === 0 && unliked) {
        const response = await api(cookie, 'PUT', `/api/posts/${unliked}/like`, { liked: true });
        if (response.ok) ack.likes.add(unliked);
      } else if (attempt % 3 === 1 && mine.length > 0) {
        const postId = mine[mine.length - 1]!;
        const response = await api(cookie, 'POST', `/api/posts/${postId}/comments`, {
          text: `bình luận ${marker}`,
        });
        if (response.ok) ack.comments.set((await response.json()).id, `bình luận ${marker}`);
      } else {
        const response = await api(cookie, 'POST', '/api/posts', {
          kind: 'general',
          text: `bài ${marker}`,
        });
        if (response.ok) {
          const { id } = await response.json();
          ack.posts.set(id, `bài ${marker}`);
          mine.push(id);
        }
      }
    } catch {
      // The server is down (killed): this write was not acknowledged; wait for it to return.
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }
}

describe(`kill -9 during writes, on ${testDatabaseKind()}`, () => {
  it(`keeps every acknowledged write, once, through ${KILLS} SIGKILLs`, async () => {
    let server = startServer();
    await healthy();
    // The first instructor: the academy's active admin, who can post.
    const { cookie } = await signInInstructor(`http://127.0.0.1:${port}`, mail);
    const ack: Acknowledged = { posts: new Map(), comments: new Map(), likes: new Set() };
    let stop = false;
    const writers = Array.from({ length: WRITERS }, (_, index) =>
      writer(index, cookie, () => stop, ack),
    );
    for (let kill = 0; kill < KILLS; kill += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
      server.kill('SIGKILL');
      await exited(server);
      server = startServer();
      await healthy();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop = true;
    await Promise.all(writers);
    server.kill('SIGTERM');
    await exited(server);

    console.info(
      `durability (${testDatabaseKind()}): ${KILLS} SIGKILLs; acknowledged ${ack.posts.size} posts, ${ack.comments.size} comments, ${ack.likes.size} likes`,
    );
    expect(ack.posts.size).toBeGreaterThan(KILLS);
    expect(ack.comments.size).toBeGreaterThan(0);
    expect(ack.likes.size).toBeGreaterThan(0);

    const check = await openForCheck();
    try {
      const posts = await check.all<{ id: string; text: string; like_count: number }>(
        'select id, text, like_count from posts',
      );
      const comments = await check.all<{ id: string; text: string }>(
        'select id, text from comments',
      );
      const likes = await check.all<{ post_id: string }>('select post_id from post_likes');
      const postById = new Map(posts.map((post) => [post.id, post]));
      const commentById = new Map(comments.map((comment) => [comment.id, comment]));

      const missing = [
        ...[...ack.posts].filter(([id, text]) => postById.get(id)?.text !== text),
        ...[...ack.comments].filter(([id, text]) => commentById.get(id)?.text !== text),
        ...[...ack.likes].filter((postId) => !likes.some((like) => like.post_id === postId)),
      ];
      expect(missing).toEqual([]);
      const texts = [...posts, ...comments].map((row) => row.text);
      expect(texts.length).toBe(new Set(texts).size);
      const wrongCounts = posts.filter(
        (post) => post.like_count !== likes.filter((like) => like.post_id === post.id).length,
      );
      expect(wrongCounts).toEqual([]);
      expect(await check.integrity()).toBe('ok');
    } finally {
      await check.close();
    }
  }, 240_000);
});

/** The database the server wrote, opened anew, with its engine's integrity check. */
async function openForCheck() {
  if (testDatabaseKind() === 'sqlite') {
    const connection = new SQLite(path.join(dataDir, 'academy.sqlite'), { readonly: true });
    return {
      all: async <T>(query: string) => connection.prepare(query).all() as T[],
      integrity: async () => String(connection.pragma('integrity_check', { simple: true })),
      close: async () => connection.close(),
    };
  }
  const { db } = database!;
  return {
    all: async <T>(query: string) => (await sql.raw<T>(query).execute(db)).rows,
    // PostgreSQL: every index of the app's tables agrees with its table (amcheck).
    integrity: async () => {
      await sql`create extension if not exists amcheck`.execute(db);
      const checked = await sql<{ name: string }>`
        select c.relname as name, bt_index_check(c.oid, true) from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_am a on a.oid = c.relam
        join pg_namespace n on n.oid = c.relnamespace
        where a.amname = 'btree' and n.nspname = current_schema()`.execute(db);
      return checked.rows.length > 0 ? 'ok' : 'no indexes checked';
    },
    close: async () => {},
  };
}
