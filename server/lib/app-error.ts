import { type ErrorCode, type ErrorDetail, errorMessage } from '#shared/errors';

/**
 * An error meant for the caller: a stable code, an HTTP status and the catalogue's Vietnamese
 * message. Services throw it; the error handler turns it into the one error shape.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    options: { values?: Record<string, string>; details?: ErrorDetail[]; cause?: unknown } = {},
  ) {
    super(errorMessage(code, options.values), { cause: options.cause });
    this.details = options.details;
  }
  readonly details: ErrorDetail[] | undefined;
}
