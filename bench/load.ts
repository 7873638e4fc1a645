/**
 * Runs autocannon in its own process (bench/served.ts spawns it), so the load generator does not
 * share an event loop with the measurement. Arguments come as one JSON object in argv[2]:
 * { url, cookie, connections, duration, paths?, like?, peerLike?, headers? }. Prints the result
 * as JSON on stdout.
 */
import autocannon from 'autocannon';
import { browserAcceptEncoding } from './open-loop.ts';

export interface LoadOptions {
  url: string;
  cookie: string;
  connections: number;
  duration: number;
  /** GETs spread at random over these paths of `url`'s server instead of `url` itself. */
  paths?: string[];
  /** Like toggles on these posts instead of GETs. */
  like?: { postIds: string[] };
  /** The same toggles as Parse Server takes them: the person's id added to or removed from `likes`. */
  peerLike?: { postIds: string[]; personId: string };
  /** Sent with every request besides the cookie (Parse Server's application id and session). */
  headers?: Record<string, string>;
}

const options = JSON.parse(process.argv[2]!) as LoadOptions;

const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)]!;

/** What each connection sends: GETs of `url` unless the options name requests of their own. */
function requestsOf({ like, peerLike, paths }: LoadOptions): autocannon.Request[] | undefined {
  if (peerLike) {
    return [
      {
        method: 'PUT',
        setupRequest: (request) => ({
          ...request,
          path: `/parse/classes/Post/${pick(peerLike.postIds)}`,
          body: JSON.stringify({
            likes: {
              __op: Math.random() < 0.5 ? 'AddUnique' : 'Remove',
              objects: [peerLike.personId],
            },
          }),
        }),
      },
    ];
  }
  if (like) {
    return [
      {
        method: 'PUT',
        setupRequest: (request) => ({
          ...request,
          path: `/api/posts/${pick(like.postIds)}/like`,
          body: JSON.stringify({ liked: Math.random() < 0.5 }),
        }),
      },
    ];
  }
  if (paths) {
    return [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pick(paths) }) }];
  }
  return undefined;
}

const requests = requestsOf(options);

const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  headers: {
    cookie: options.cookie,
    'content-type': 'application/json',
    origin: new URL(options.url).origin,
    ...browserAcceptEncoding,
    ...options.headers,
  },
  ...(requests ? { requests } : {}),
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
