import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import { Accepted, ClientErrorReport } from '#shared/schemas/client-errors';
import { reportClientError } from './client-errors.service.ts';

export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/client-errors',
    {
      bodyLimit: 16 * 1024,
      config: { audience: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary: 'Report a failure of the web app to the error log',
        tags: ['system'],
        body: ClientErrorReport,
        response: { 202: Accepted, 400: ErrorBody, 413: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      await reportClientError(app, request, request.body);
      return reply.status(202).send({ accepted: true as const });
    },
  );
};
