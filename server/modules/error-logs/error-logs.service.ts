import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertErrorLog } from './error-logs.repository.ts';

export interface ErrorLogEntry {
  context: string;
  message: string;
  user?: { id: string; name: string } | null;
  extra?: Record<string, unknown>;
}

/**
 * Writes a failure to the error log table (spec 8: context, message, user). Never throws:
 * a failure to log must not turn into a second failure for the caller.
 */
export async function recordError(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  entry: ErrorLogEntry,
): Promise<void> {
  try {
    await insertErrorLog(db, {
      context: entry.context,
      message: entry.message,
      userId: entry.user?.id ?? null,
      userName: entry.user?.name ?? null,
      extra: entry.extra ?? null,
      createdAt: Date.now(),
    });
  } catch (error) {
    log.error({ err: error, context: entry.context }, 'could not write the error log');
  }
}
