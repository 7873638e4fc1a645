import { actingPersonHeader } from '#shared/acting-person';
import type { ErrorBody } from '#shared/errors';
import { shell } from '#shared/locales/vi/shell';
import { livePositionHeader } from '#shared/schemas/events';
import { actingPerson, pendingSignOut } from './device-session.ts';
import { takeEarlyRead } from './early-reads.ts';
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
  /**
   * The person a write is for: the page's signed-in member unless given (the outbox names each
   * post's author; null names no one). The server refuses it under anyone else's session.
   */
  as?: string | null;
}

export const SIGN_OUT_PATH = '/auth/sign-out';

/** The headers that name who a write is for, when someone is named. */
export function actingHeaders(personId: string | null | undefined): Record<string, string> {
  return personId ? { [actingPersonHeader]: personId } : {};
}

let settling: Promise<void> | null = null;

/**
 * Carries out a sign-out made while the server could not be reached, before any other request:
 * until the server has ended that session, nothing else is asked or sent with its cookie. Its
 * answer settles it whether the session ended now (200), had already ended (401) or the cookie
 * now belongs to someone else (409): in every case she is no longer signed in here. Rejects
 * with the network error while the server stays out of reach.
 */
export async function settlePendingSignOut(
  pending: string | null = pendingSignOut.read(),
): Promise<void> {
  if (pending === null) return;
  settling ??= (async () => {
    let response: Response;
    try {
      response = await fetch(`/api${SIGN_OUT_PATH}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', ...actingHeaders(pending) },
        body: '{}',
      });
    } catch {
      serverReachable.set(false);
      throw networkError();
    }
    if (response.ok || response.status === 401 || response.status === 409) {
      await pendingSignOut.clear();
      return;
    }
    throw apiErrorOf(response.status, await response.json().catch(() => undefined));
  })().finally(() => {
    settling = null;
  });
  await settling;
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
  { method = 'GET', body, signal, as }: RequestOptions = {},
): Promise<T> {
  if (path !== SIGN_OUT_PATH) await settlePendingSignOut();
  const person = method === 'GET' ? null : as === undefined ? actingPerson.get() : as;
  const send = () =>
    fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...actingHeaders(person),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  const early = method === 'GET' ? takeEarlyRead(path) : undefined;
  let response: Response;
  try {
    response = early ? await early.catch(send) : await send();
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
