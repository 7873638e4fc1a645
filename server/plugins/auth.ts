import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { BusEvent } from '../db/event-bus.ts';
import { AppError } from '../lib/app-error.ts';
import { requestPath } from '../lib/request-path.ts';
import { resolveRedirects } from '../lib/safe-redirect.ts';
import { getViewer, memberOrRefusal } from '../modules/accounts/access.ts';
import {
  acceptInvitation,
  applyVerifiedEmail,
  chargeMail,
  logStaffSignIn,
  refuseTakenEmail,
  type SessionRow,
  sessionRows,
} from '../modules/accounts/accounts.service.ts';
import { type Auth, createAuth } from '../modules/auth/auth.ts';
import { authHeaders } from '../modules/auth/client-address.ts';
import {
  createMailer,
  type MailCharge,
  type Mailer,
  withMailCharge,
} from '../modules/auth/mailer.ts';
import { SessionLookup } from '../modules/auth/session-lookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    sessions: SessionLookup<SessionRow>;
    mailer: Mailer;
  }
}

/** Checks a request before better-auth sees it; a guard of a route that mails charges for it. */
type Guard = (request: FastifyRequest) => Promise<MailCharge | undefined>;

/*
 * better-auth's endpoints that the browser reaches over HTTP, and nothing else: every other one
 * (sign-in links, link verification, password-reset requests, user updates, session lists…)
 * answers 404, whatever the path's spelling. The app calls the ones it needs through
 * `auth.api` after its own checks. A guard runs before better-auth sees the request.
 */
const OPEN_AUTH_ENDPOINTS: Record<string, Record<string, Guard | null>> = {
  GET: {
    // The confirmation link of an e-mail change, and Google coming back.
    '/api/auth/verify-email': null,
    '/api/auth/callback/google': null,
    '/api/auth/error': null,
  },
  POST: {
    '/api/auth/sign-in/email': null,
    '/api/auth/sign-in/social': null,
    '/api/auth/sign-out': null,
    '/api/auth/reset-password': null,
    // Mails the new address: only a person the academy lets in, within the mail limits.
    '/api/auth/change-email': async (request) => {
      const person = memberOrRefusal(await getViewer(request));
      const body = request.body as { newEmail?: unknown } | undefined;
      const email = typeof body?.newEmail === 'string' ? body.newEmail : '';
      await refuseTakenEmail(request.server.database, email);
      return chargeMail(request.server.database, {
        email,
        clientAddress: request.ip,
        personId: person.id,
      });
    },
  },
};

function toFetchRequest(
  request: FastifyRequest,
  path: string,
  query: Record<string, unknown>,
  body: unknown,
): Request {
  const url = new URL(path, `${request.protocol}://${request.host}`);
  for (const [name, value] of Object.entries(query)) {
    for (const item of [value].flat()) url.searchParams.append(name, String(item));
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined;
  return new Request(url, {
    method: request.method,
    headers: authHeaders(request),
    ...(hasBody ? { body: JSON.stringify(body) } : {}),
  });
}

async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding') {
      reply.header(name, value);
    }
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/** better-auth, mounted under /api/auth, with the mailer and the app's hooks into sign-in. */
export async function registerAuth(app: FastifyInstance, config: Config): Promise<void> {
  const mailer = createMailer(config, app.log);
  const auth = await createAuth({
    config,
    database: app.database,
    mailer,
    log: app.log,
    hooks: {
      onSessionCreated: async (authUserId, method) => {
        await acceptInvitation(app.database, authUserId);
        await logStaffSignIn(app.database, authUserId, method);
      },
      onEmailChanged: (authUserId, email) => applyVerifiedEmail(app.database, authUserId, email),
      onSessionDeleted: () =>
        app.database.events.publish({ type: 'sessions.deleted' }, { kind: 'people', ids: [] }),
    },
  });
  const sessions = await SessionLookup.create(auth, sessionRows(app.database));
  // What may change who a session is or whether it may still come in, on any process.
  const forgetting = new Set<BusEvent['type']>([
    'sessions.deleted',
    'person.updated',
    'config.updated',
    'notifications.read',
    'resync',
  ]);
  const forgetOn = (event: BusEvent) => {
    if (forgetting.has(event.type)) sessions.forgetRows();
  };
  app.database.events.subscribe({
    published: forgetOn,
    message: ({ event }) => forgetOn(event),
    gap: () => sessions.forgetRows(),
  });
  app.decorate('auth', auth);
  app.decorate('sessions', sessions);
  app.decorate('mailer', mailer);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Each endpoint's own guard (OPEN_AUTH_ENDPOINTS) says who may use it.
    config: { audience: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = requestPath(request.url);
      const endpoints = OPEN_AUTH_ENDPOINTS[request.method] ?? {};
      if (path === undefined || !Object.hasOwn(endpoints, path)) {
        throw new AppError('route_not_found', 404);
      }
      // better-auth redirects to some of these unchecked (verify-email with a bad token, the
      // link of change-email): only paths on this app pass, in the form that was checked.
      const redirects = resolveRedirects(request.query as Record<string, unknown>, request.body);
      if (redirects.unsafe !== undefined) {
        throw new AppError('validation_failed', 400, {
          details: [{ path: [redirects.unsafe], message: 'not a path on this app' }],
        });
      }
      const charge = await endpoints[path]?.(request);
      const handle = () =>
        auth.handler(toFetchRequest(request, path, redirects.query, redirects.body));
      const response = await (charge ? withMailCharge(charge, handle) : handle());
      return sendFetchResponse(reply, response);
    },
  });
}
