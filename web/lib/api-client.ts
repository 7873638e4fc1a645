import createClient from 'openapi-fetch';
import { actingPersonHeader } from '#shared/acting-person';
import type { ErrorBody } from '#shared/errors';
import { shell } from '#shared/locales/vi/shell';
import { livePositionHeader } from '#shared/schemas/events';
import type { paths } from './api-paths';
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

const API_PREFIX = '/api';
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
      response = await fetch(`${API_PREFIX}${SIGN_OUT_PATH}`, {
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
 * Sends one API request with the session cookie: a sign-out made offline goes first; a write
 * names the page's signed-in member unless the call names someone (the outbox names each post's
 * author); a read the page asked for early is taken instead of asking again. A request that gets
 * no answer becomes the catalogue's network error.
 */
async function send(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(API_PREFIX.length) + url.search;
  if (path !== SIGN_OUT_PATH) await settlePendingSignOut();
  if (request.method !== 'GET' && !request.headers.has(actingPersonHeader)) {
    for (const [name, value] of Object.entries(actingHeaders(actingPerson.get()))) {
      request.headers.set(name, value);
    }
  }
  const early = request.method === 'GET' ? takeEarlyRead(path) : undefined;
  const ask = () => fetch(request);
  let response: Response;
  try {
    response = early ? await early.catch(ask) : await ask();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    serverReachable.set(false);
    throw networkError();
  }
  serverReachable.set(true);
  livePosition.note(response.headers.get(livePositionHeader));
  return response;
}

/**
 * The API, typed route by route from the server's OpenAPI document (`api-paths.d.ts`, made by
 * `npm run api:paths`): a route's path, parameters, body and answer are checked where it is
 * called. Every call goes through `answer`. The address is absolute because requests are made
 * before they are sent; without a page (the unit tests) it is the local host's.
 */
const baseUrl = `${globalThis.location?.origin ?? 'http://localhost'}${API_PREFIX}`;
export const api = createClient<paths>({ baseUrl, credentials: 'same-origin', fetch: send });

/**
 * What the server answered, or the ApiError of its refusal with its Vietnamese message.
 *
 * The answer is typed by its route but not parsed: the server writes every answer from its
 * schema (only its fields, a required one never missing; decision 0007), and parsing it here too
 * would put zod on every signed-in screen. Forms still use zod, loaded with them.
 */
export async function answer<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw apiErrorOf(response.status, error);
  return data;
}

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';
/** What a route's operation takes in its address: its path and query parameters. */
type AddressParams<Operation> = Operation extends {
  parameters: { path?: infer Path; query?: infer Query };
}
  ? { path?: Path; query?: Query }
  : never;

/**
 * The address of a route for what the client does not send itself: a link that downloads a
 * file, the event stream, an upload with its progress. Typed against the routes as the client
 * is; the path's parameters are encoded.
 */
export function apiAddress<P extends keyof paths, M extends Method & keyof paths[P]>(
  path: P,
  method: M,
  params?: AddressParams<paths[P][M]>,
): string;
export function apiAddress(
  path: string,
  _method: Method,
  { path: pathParams, query }: { path?: unknown; query?: unknown } = {},
): string {
  const values = new Map(Object.entries(Object(pathParams)));
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(String(values.get(name))),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(Object(query))) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  return `${API_PREFIX}${filled}${search.size > 0 ? `?${search}` : ''}`;
}

/**
 * The sign-in library's own routes the web calls (better-auth answers them under `/api/auth`,
 * outside the OpenAPI document), with the body each takes.
 */
interface AuthRoutes {
  '/auth/sign-in/email': { email: string; password: string };
  '/auth/reset-password': { token: string; newPassword: string };
  '/auth/change-email': { newEmail: string; callbackURL: string };
  '/auth/sign-in/social': { provider: 'google'; callbackURL: string; errorCallbackURL: string };
}

/** Posts to one of the sign-in library's routes: its answer, unread, or the ApiError of a refusal. */
export async function authRequest<P extends keyof AuthRoutes>(
  path: P,
  body: AuthRoutes[P],
): Promise<unknown> {
  const response = await send(
    new Request(`${baseUrl}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorOf(response.status, payload);
  return payload;
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

/** The server's own words for a failure (or the network's), else `fallback`. */
export function reasonOr(failure: unknown, fallback: string): string {
  return failure instanceof ApiError ? failure.message : fallback;
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
