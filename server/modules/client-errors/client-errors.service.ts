import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limits } from '#shared/limits';
import type { ClientErrorReport } from '#shared/schemas/client-errors';
import { AppError } from '../../lib/app-error.ts';
import { recordError } from '../error-logs/error-logs.service.ts';

/** Stores a failure the browser reports about itself, with whoever was signed in. */
export async function reportClientError(
  app: FastifyInstance,
  request: FastifyRequest,
  report: ClientErrorReport,
): Promise<void> {
  const extra = report.extra ? JSON.stringify(report.extra) : undefined;
  if (extra && extra.length > limits.clientErrorExtraChars) {
    throw new AppError('payload_too_large', 413);
  }
  await recordError(app.database.db, request.log, {
    context: `client: ${report.context}`,
    message: report.message,
    user: request.person ? { id: request.person.id, name: request.person.name } : null,
    extra: { ...(report.extra ?? {}), userAgent: request.headers['user-agent'] ?? null },
  });
}
