import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health, HealthUnavailable } from '#shared/schemas/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['system'],
        response: { 200: Health, 503: HealthUnavailable },
      },
    },
    async (_request, reply) => {
      const { database, appVersion: version } = app;
      try {
        await database.ping();
        return { status: 'ok' as const, db: database.kind, version };
      } catch (error) {
        app.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({
          status: 'unavailable' as const,
          db: database.kind,
          version,
          reason: 'database unreachable',
        });
      }
    },
  );
};
