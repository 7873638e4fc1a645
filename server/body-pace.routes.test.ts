import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '#shared/errors';
import { setUpAcademy } from './test/academy.ts';
import { instructorForm } from './test/sessions.ts';

/*
 * Every request body keeps a pace and ends in time; a body refused or out of time closes its
 * connection instead of being read on to its declared length. The pace is shortened here
 * (bytes per window, windows of 400 ms, 1.2 s for a whole body) so a test takes seconds.
 */

const pace = { bytes: 64, windowMs: 400, totalMs: 1200, uploadTotalMs: 2000 };
const logs: string[] = [];
const academy = setUpAcademy(
  { admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') } },
  { bodyPace: pace, logStream: { write: (line) => logs.push(line) }, env: { LOG_LEVEL: 'info' } },
);
const { t, cookie } = academy;
let port = 0;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

interface Trickle {
  /** The answer's status line and body, once it came. */
  answer: Promise<{ status: number; text: string; at: number }>;
  /** When the server closed the connection (ms after the start). */
  closed: Promise<number>;
  stop(): void;
}

/** Sends a request's head, then its body `chunk` by `chunk` every `everyMs`, until told to stop. */
function trickle(options: {
  path: string;
  declaredLength: number;
  chunk: string;
  everyMs: number;
  contentType?: string;
}): Trickle {
  const started = performance.now();
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  const head = [
    `POST ${options.path} HTTP/1.1`,
    'Host: academy.test',
    `Cookie: ${cookie.admin}`,
    `Content-Type: ${options.contentType ?? 'application/json'}`,
    `Content-Length: ${options.declaredLength}`,
    '',
    '',
  ].join('\r\n');
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(options.chunk);
  }, options.everyMs);
  let received = '';
  socket.on('data', (data) => {
    received += String(data);
  });
  const answer = new Promise<{ status: number; text: string; at: number }>((resolve) => {
    const check = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', check);
      resolve({
        status: Number(received.slice(9, 12)),
        text: received,
        at: performance.now() - started,
      });
    };
    socket.on('data', check);
  });
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve(performance.now() - started);
    }),
  );
  return {
    answer,
    closed,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

const open: Trickle[] = [];
afterAll(() => {
  for (const request of open) request.stop();
});

describe('a body that keeps no pace', () => {
  it('a post sent a byte at a time is answered 408 in Vietnamese, and its connection closed', async () => {
    const request = trickle({ path: '/api/posts', declaredLength: 5000, chunk: 'x', everyMs: 50 });
    open.push(request);
    const answer = await request.answer;
    expect(answer.status).toBe(408);
    expect(answer.text).toMatch(/connection: close/i);
    expect(answer.text).toContain(JSON.stringify(errorMessage('body_too_slow')).slice(1, -1));
    // Within the first windows, not the request timeout's minutes.
    expect(answer.at).toBeLessThan(pace.windowMs * 3);
    // The client keeps sending; the server does not read on.
    expect(await request.closed).toBeLessThan(answer.at + 1000);
  });

  it('a body with a fair pace but no end is cut at its deadline', async () => {
    // 100 bytes every 100 ms keeps the pace (250 bytes a window) but never ends.
    const request = trickle({
      path: '/api/posts',
      declaredLength: 200_000,
      chunk: ' '.repeat(100),
      everyMs: 100,
    });
    open.push(request);
    const answer = await request.answer;
    expect(answer.status).toBe(408);
    expect(answer.at).toBeGreaterThanOrEqual(pace.totalMs);
    expect(answer.at).toBeLessThan(pace.totalMs + 1000);
    await request.closed;
  });

  it('sixty of them at once leave no connection open', async () => {
    const requests = Array.from({ length: 60 }, () =>
      trickle({ path: '/api/posts', declaredLength: 5000, chunk: 'x', everyMs: 100 }),
    );
    open.push(...requests);
    const answers = await Promise.all(requests.map((request) => request.answer));
    expect(answers.every((answer) => answer.status === 408)).toBe(true);
    await Promise.all(requests.map((request) => request.closed));
    const connections = await new Promise<number>((resolve, reject) =>
      t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    expect(connections).toBe(0);
  });

  it('a photo upload that stalls is answered 408 and closed, not kept open', async () => {
    const boundary = 'hocvienboundary';
    const request = trickle({
      path: '/api/uploads?use=post',
      declaredLength: 1_000_000,
      chunk: `--${boundary}\r\n`,
      everyMs: 1000,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    open.push(request);
    const answer = await request.answer;
    expect(answer.status).toBe(408);
    expect(await request.closed).toBeLessThan(answer.at + 1000);
  });
});

describe('a phone that goes away while its photo is on the way', () => {
  it('is logged as a person leaving, not as the database out of reach', async () => {
    const before = logs.length;
    const boundary = 'hocvienboundary';
    const request = trickle({
      path: '/api/uploads?use=post',
      declaredLength: 100_000,
      chunk: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'x'.repeat(60)}`,
      everyMs: 20,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    request.stop();
    const said = () =>
      logs
        .slice(before)
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.msg !== 'request completed' && line.msg !== 'incoming request');
    await expect.poll(() => said().length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(said()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'the client went away before its request arrived',
      }),
    ]);
  });
});

describe('a body refused before it arrived', () => {
  it('closes the connection instead of reading on to its declared length', async () => {
    // Refused at the door (an escaped path): its body need never be read.
    const request = trickle({
      path: '/%61pi/posts',
      declaredLength: 10_000_000,
      chunk: 'x',
      everyMs: 20,
    });
    open.push(request);
    const answer = await request.answer;
    expect(answer.status).toBe(404);
    expect(answer.text).toMatch(/connection: close/i);
    expect(await request.closed).toBeLessThan(answer.at + 1000);
  });
});

describe('a body sent at once', () => {
  it('is answered as usual, the connection kept for the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (text: string) =>
      new Promise<{ status: number; connection: string | undefined; port: number }>(
        (resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/api/posts',
              agent,
              headers: { cookie: cookie.admin, 'content-type': 'application/json' },
            },
            (response) => {
              response.resume();
              response.on('end', () =>
                resolve({
                  status: response.statusCode ?? 0,
                  connection: response.headers.connection,
                  port: request.socket?.localPort ?? 0,
                }),
              );
            },
          );
          request.on('error', reject);
          request.end(JSON.stringify({ kind: 'general', text }));
        },
      );
    const first = await send('Lịch học tuần sau');
    const second = await send('Lịch học tuần sau nữa');
    agent.destroy();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.connection).toBe('keep-alive');
    // One connection carried both.
    expect(second.port).toBe(first.port);
  });
});
