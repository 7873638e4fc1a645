/**
 * Runs autocannon in its own process (bench/feed.ts spawns it), so the load generator does not
 * share an event loop with the measurement. Arguments come as one JSON object in argv[2]:
 * { url, cookie, connections, duration, like?: { postIds } }. Prints the result
 * as JSON on stdout.
 */
import autocannon from 'autocannon';
import { browserAcceptEncoding } from './open-loop.ts';

const options = JSON.parse(process.argv[2]!) as {
  url: string;
  cookie: string;
  connections: number;
  duration: number;
  like?: { postIds: string[] };
};

const likeRequests = options.like
  ? [
      {
        method: 'PUT' as const,
        setupRequest: (request: autocannon.Request) => {
          const ids = options.like!.postIds;
          const postId = ids[Math.floor(Math.random() * ids.length)];
          return {
            ...request,
            path: `/api/posts/${postId}/like`,
            body: JSON.stringify({ liked: Math.random() < 0.5 }),
          };
        },
      },
    ]
  : undefined;

const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  headers: {
    cookie: options.cookie,
    'content-type': 'application/json',
    origin: new URL(options.url).origin,
    ...browserAcceptEncoding,
  },
  ...(likeRequests ? { requests: likeRequests } : {}),
});
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  }),
);
