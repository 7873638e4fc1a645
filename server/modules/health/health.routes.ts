import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Health, HealthUnavailable } from '#shared/schemas/health';

/** When this process started: one value for its whole life, another after a restart. */
const PROCESS_STARTED_AT = Math.round(Date.now() - process.uptime() * 1000);

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { audience: 'public', quietWhenOk: true },
      schema: {
        summary: 'Liveness, database and disk check',
        tags: ['system'],
        response: { 200: Health, 503: HealthUnavailable },
      },
    },
    // A full disk fails the check (no write can succeed; a balancer sends writers elsewhere);
    // a nearly full one passes, and says so.
    async (_request, reply) => {
      const { database, appVersion: version } = app;
      const disk = app.storage.state().state;
      const unavailable = (reason: string) =>
        reply.status(503).send({
          status: 'unavailable' as const,
          db: database.kind,
          version,
          disk,
          reason,
        });
      try {
        await database.ping();
      } catch (error) {
        app.log.warn({ err: error }, 'health check: database unreachable');
        return unavailable('database unreachable');
      }
      if (disk === 'full') return unavailable('disk full');
      return {
        status: 'ok' as const,
        db: database.kind,
        version,
        disk,
        startedAt: PROCESS_STARTED_AT,
      };
    },
  );
};
