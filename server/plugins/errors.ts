import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorBody, type ErrorCode, type ErrorDetail, errorMessage } from '#shared/errors';
import { AppError } from '../lib/app-error.ts';
import { isStorageFull } from '../lib/storage-watch.ts';
import { recordError } from '../modules/error-logs/error-logs.service.ts';

/** Error codes of PostgreSQL and of Node's sockets that mean "the database is not there". */
const DATABASE_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && DATABASE_UNAVAILABLE_CODES.has(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect/i.test(error.message);
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  options: { message?: string; details?: ErrorDetail[] } = {},
) {
  const body: ErrorBody = {
    error: {
      code,
      message: options.message ?? errorMessage(code),
      ...(options.details ? { details: options.details } : {}),
      requestId: request.id,
    },
  };
  // The reply may carry a serializer for the route's success schema; errors bypass it.
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}

/** Maps an error of a 4xx kind that Fastify or a plugin raised onto our codes. */
function clientErrorCode(error: FastifyError): { status: number; code: ErrorCode } | undefined {
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, code: 'payload_too_large' };
  }
  if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 415, code: 'unsupported_media_type' };
  }
  if (status === 429) return { status: 429, code: 'rate_limited' };
  if (
    error instanceof SyntaxError ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
  ) {
    return { status: 400, code: 'malformed_json' };
  }
  if (status >= 400 && status < 500) return { status, code: 'validation_failed' };
  return undefined;
}

/*
 * A write that lost a race with a deletion: on PostgreSQL the check before the write passed,
 * the row it refers to was deleted meanwhile, and the foreign key refuses the write. The
 * answer is the one the check gives when it sees the row gone. SQLite runs one writer at a time,
 * so there the check and the write never see different rows.
 */
const MISSING_ROW: Record<string, ErrorCode> = {
  posts: 'post_not_found',
  comments: 'comment_not_found',
  courses: 'course_not_found',
  lessons: 'lesson_not_found',
  people: 'person_not_found',
  media: 'media_not_found',
};
/** The table each referencing column points at (PostgreSQL names a key `<table>_<column>_fkey`). */
const REFERENCED_BY_COLUMN: Record<string, string> = {
  post_id: 'posts',
  comment_id: 'comments',
  parent_id: 'comments',
  course_id: 'courses',
  lesson_id: 'lessons',
  last_updated_by: 'people',
};

export function lostRaceToDeletion(error: unknown): ErrorCode | undefined {
  const { code, table, constraint, detail } = (error ?? {}) as Record<string, unknown>;
  if (code !== '23503') return undefined;
  // By the constraint's name first: the detail's words follow the server's language setting.
  if (typeof table === 'string' && typeof constraint === 'string' && constraint.endsWith('_fkey')) {
    const column = constraint.slice(table.length + 1, -'_fkey'.length);
    const referenced = REFERENCED_BY_COLUMN[column] ?? (column.endsWith('_id') ? 'people' : '');
    if (MISSING_ROW[referenced]) return MISSING_ROW[referenced];
  }
  const named = typeof detail === 'string' ? /table "([a-z_]+)"/.exec(detail)?.[1] : undefined;
  return named ? MISSING_ROW[named] : undefined;
}

/**
 * The one error handler: every failure leaves as `{ error: { code, message, requestId } }`.
 * Caller mistakes are 4xx with the catalogue's message; anything unexpected is a 500 with a
 * fixed message, and its full story goes to the log and the error-log table.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // The server's own passing trouble (a busy photo queue, a photo store out of reach):
      // the person is told to try again, the operator reads why.
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.code);
      return send(reply, request, error.statusCode, error.code, {
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: [
          issue.instancePath.split('/')[0] || (error.validationContext ?? 'body'),
          ...issue.instancePath
            .split('/')
            .slice(1)
            .filter(Boolean)
            .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        ],
        message: issue.message ?? 'invalid',
      }));
      return send(reply, request, 400, 'validation_failed', { details });
    }
    const clientError = clientErrorCode(error);
    if (clientError) return send(reply, request, clientError.status, clientError.code);
    const missing = lostRaceToDeletion(error);
    if (missing) return send(reply, request, 404, missing);

    // A full disk is the operator's to fix; it is not written to the error log, which is on it.
    if (isStorageFull(error)) {
      app.storage.noteFull();
      request.log.error({ err: error }, 'storage full: the write was refused');
      return send(reply, request, 507, 'storage_full');
    }

    // The phone went away while its request's body was on the way (the signal lost, the app
    // closed): Node says ECONNRESET, as a lost database connection does, but the database is
    // fine. No one is there to read the answer; the log says it at the level of a person leaving.
    if (request.raw.readableAborted && !request.raw.complete) {
      request.log.info({ code: error.code }, 'the client went away before its request arrived');
      return send(reply, request, 408, 'body_too_slow');
    }

    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(reply, request, 503, 'database_unavailable');
    }

    request.log.error({ err: error }, 'unexpected error');
    await recordError(app.database.db, request.log, {
      context: `${request.method} ${request.routeOptions.url ?? request.url}`,
      message: error.message,
      user: request.person ? { id: request.person.id, name: request.person.name } : null,
      extra: { requestId: request.id, name: error.name },
    });
    return send(reply, request, 500, 'internal_error');
  });

  app.setNotFoundHandler((request, reply) => send(reply, request, 404, 'route_not_found'));
}

/**
 * Errors Fastify's router raises before any hook runs (a path with broken percent-encoding, a
 * path parameter over the length limit): the same error shape, with Fastify's status.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void send(reply, request, status, 'malformed_url');
}
