import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import { liveEventIdPattern, livePositionPattern } from '#shared/schemas/events';
import { z } from '#shared/zod';
import { AppError } from '../../lib/app-error.ts';
import { reader, whyStreamEnds } from '../accounts/access.ts';
import { StreamQuota } from './stream-quota.ts';

const EventsQuery = z.object({
  /** For clients that cannot set the header when they reconnect by hand. */
  lastEventId: z.string().max(200).optional(),
  /** The earliest `x-live-position` the page's reads were answered with. */
  since: z.string().max(200).optional(),
});

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const quota = new StreamQuota();
  app.get(
    '/events',
    {
      config: { audience: 'reader' },
      schema: {
        summary:
          'Server-sent events: what changed that I may see (ids only); reconnect with Last-Event-ID',
        tags: ['live'],
        querystring: EventsQuery,
        response: { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const lastEventId = (Array.isArray(header) ? header[0] : header) ?? request.query.lastEventId;
      if (lastEventId !== undefined && !liveEventIdPattern.test(lastEventId)) {
        throw new AppError('bad_event_id', 400);
      }
      const { since } = request.query;
      if (since !== undefined && !livePositionPattern.test(since)) {
        throw new AppError('bad_event_id', 400);
      }
      const person = reader(request);
      const sessionHeaders = { cookie: request.headers.cookie };
      const release = quota.admit(person?.id ?? null, request.ip);

      reply.hijack();
      const response = reply.raw;
      response.on('close', release);
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // Proxies such as nginx would otherwise hold events back to fill a buffer.
        'x-accel-buffering': 'no',
        // When the stream ends (the server stopping, a session ended) the connection goes too,
        // rather than lingering as an idle keep-alive that would hold the server's shutdown.
        connection: 'close',
        'x-request-id': request.id,
      });
      await app.liveHub.open(
        {
          personId: person?.id ?? null,
          role: person?.role ?? null,
          response,
          whyEnds: () => whyStreamEnds(app, sessionHeaders, person),
        },
        { lastEventId, since },
      );
      // The first bytes go out only now, with the stream registered: the browser's `open`
      // then means no event can fall between what the page read and what the stream sends.
      // A browser waits this long before reconnecting after the stream drops.
      if (!response.writableEnded) response.write('retry: 3000\n\n');
    },
  );
};
