import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limits } from '#shared/limits';
import { AppError } from '../lib/app-error.ts';

/** How fast and how soon a request body must arrive (shared/limits.ts; tests shorten them). */
export interface BodyPace {
  /** Fewer bytes than this in any window ends the body. */
  bytes: number;
  windowMs: number;
  /** The longest a body other than a photo's may take, whatever its pace. */
  totalMs: number;
  /** The longest a photo's body (multipart) may take. */
  uploadTotalMs: number;
}

export const defaultBodyPace: BodyPace = {
  bytes: limits.slowBodyBytes,
  windowMs: limits.slowBodyWindowMs,
  totalMs: limits.bodyTotalMs,
  uploadTotalMs: limits.uploadBodyTotalMs,
};

function expectsBody(request: FastifyRequest): boolean {
  const { headers } = request.raw;
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = Number(headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

/**
 * Every request body keeps a pace and ends in time, or the request is answered 408 and its
 * connection closed: a phone whose Wi-Fi died sends nothing, and a script can trickle a byte a
 * second to hold a socket, a file descriptor and a parser for as long as it likes. The pace is
 * read from the socket's own count of bytes, so no stream is touched before Fastify's parser
 * (or the photo upload's) reads it.
 *
 * An answer given before its body has fully arrived (this one, a 404 at the door, a 403, a 413)
 * closes the connection as it leaves: Node would otherwise read on to the declared length,
 * however slowly it comes, to keep the connection for another request.
 */
export function registerBodyPace(app: FastifyInstance, pace: BodyPace = defaultBodyPace): void {
  const tickMs = Math.max(50, Math.min(1000, pace.windowMs / 4));
  const watching = new WeakMap<FastifyRequest, () => void>();

  const watch = (request: FastifyRequest, reply: FastifyReply) => {
    const { raw } = request;
    const socket = raw.socket;
    const multipart = /^multipart\//i.test(raw.headers['content-type'] ?? '');
    const total = multipart ? pace.uploadTotalMs : pace.totalMs;
    const started = performance.now();
    let windowStart = started;
    let windowBytes = socket.bytesRead;
    const stop = () => clearInterval(timer);
    const refuse = () => {
      stop();
      if (!reply.sent) {
        request.log.info({ bytesRead: socket.bytesRead }, 'request body too slow');
        reply.header('connection', 'close').send(new AppError('body_too_slow', 408));
      } else {
        socket.destroy();
      }
    };
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return stop();
      const now = performance.now();
      if (now - started > total) return refuse();
      if (now - windowStart < pace.windowMs) return;
      if (socket.bytesRead - windowBytes < pace.bytes) return refuse();
      windowStart = now;
      windowBytes = socket.bytesRead;
    }, tickMs);
    timer.unref();
    raw.once('end', stop);
    raw.once('close', stop);
    watching.set(request, stop);
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (expectsBody(request) && !request.raw.complete) watch(request, reply);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    watching.get(request)?.();
    done();
  });
}
