import http from 'node:http';

/**
 * What a browser says it can decompress (Chrome's Accept-Encoding): answers over 1 KB are then
 * compressed by the server, as they are for the people using the app.
 */
export const browserAcceptEncoding = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface LoopRequest {
  method: 'GET' | 'PUT' | 'POST';
  path: () => string;
  body?: string;
}

/**
 * An open-loop load (as wrk2 does): requests start at random (Poisson) moments averaging
 * `perSecond`, whether or not earlier ones have answered, each on a pooled keep-alive
 * connection. Latency counts from the moment a request was due, so a server that falls behind
 * is charged for the wait (no coordinated omission). autocannon's fixed rate is not used for
 * this: its per-connection timers fire together (50 connections at 5/s send 50 requests at once
 * every 200 ms), so it measured its own bursts — bench/README.md, "Load".
 */
export async function openLoop(options: {
  base: string;
  cookie: string;
  seconds: number;
  perSecond: number;
  next: (index: number) => LoopRequest;
}) {
  const { base, cookie } = options;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const timings: number[] = [];
  const statuses = new Map<number, number>();
  let failures = 0;
  const inflight = new Set<Promise<void>>();
  const send = (request: LoopRequest, due: number) =>
    new Promise<void>((resolve) => {
      const outgoing = http.request(
        `${base}${request.path()}`,
        {
          method: request.method,
          agent,
          timeout: 10_000,
          headers: {
            cookie,
            origin: base,
            ...browserAcceptEncoding,
            ...(request.body
              ? {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(request.body),
                }
              : {}),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            timings.push(performance.now() - due);
            const status = response.statusCode ?? 0;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            resolve();
          });
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', () => {
        failures += 1;
        resolve();
      });
      outgoing.end(request.body);
    });
  const end = performance.now() + options.seconds * 1000;
  let due = performance.now();
  for (let index = 0; due < end; index += 1) {
    due += -Math.log(1 - Math.random()) * (1000 / options.perSecond);
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = send(options.next(index), due);
    inflight.add(sent);
    void sent.finally(() => inflight.delete(sent));
  }
  await Promise.all(inflight);
  agent.destroy();
  return { timings, statuses, failures };
}
