import type { ErrorBody } from '#shared/errors';
import { shell } from '#shared/locales/vi/shell';
import { livePositionHeader } from '#shared/schemas/events';
import { livePosition } from './live-position.ts';
import { serverReachable } from './server-reachable.ts';

/** A failed API call, carrying the server's code and Vietnamese message. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

function isErrorBody(value: unknown): value is ErrorBody {
  const error = (value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/**
 * Calls the API with the session cookie. Error answers become an ApiError with the server's
 * Vietnamese message; a network failure becomes the catalogue's network message.
 *
 * An answer is typed with its shared schema's type (`apiRequest<Post>(…)`) but not parsed: the
 * server writes every answer from that schema (only its fields, a required one never missing;
 * decision 0007), and parsing it here too would put zod on every signed-in screen.
 * Forms still use zod, loaded with them.
 */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    serverReachable.set(false);
    throw networkError();
  }
  serverReachable.set(true);
  livePosition.note(response.headers.get(livePositionHeader));
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorOf(response.status, payload);
  return payload as T;
}

/** A request that never reached the server: the catalogue's network message. */
export const networkError = () => new ApiError(0, 'network', shell.errors.network);

/** The error of a failed answer: the server's code and Vietnamese message when it gave them. */
export function apiErrorOf(status: number, payload: unknown): ApiError {
  if (isErrorBody(payload)) {
    const { code, message, requestId } = payload.error;
    return new ApiError(status, code, message, requestId);
  }
  return new ApiError(status, 'internal_error', shell.errors.internal_error);
}

/**
 * A failure toast: the spec's message for the action, followed by the server's reason when it
 * gave one worth reading (a 4xx says what was wrong; a 5xx says nothing more than the toast).
 */
export function failureMessage(action: string, failure: unknown): string {
  return failure instanceof ApiError && failure.status < 500
    ? `${action} ${failure.message}`
    : action;
}
