import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessage } from '#shared/errors';
import type { Config } from '../config.ts';
import { findUnsafeRedirect } from '../lib/safe-redirect.ts';
import { updatePersonEmailByAuthUser } from '../modules/accounts/accounts.repository.ts';
import { logStaffSignIn } from '../modules/accounts/accounts.service.ts';
import { type Auth, createAuth } from '../modules/auth/auth.ts';
import { createMailer, type Mailer } from '../modules/auth/mailer.ts';
import { SessionLookup } from '../modules/auth/session-lookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    sessions: SessionLookup;
    mailer: Mailer;
  }
}

/*
 * better-auth's own endpoints that stay closed over HTTP: the app calls them through
 * `auth.api` after its own checks (rate limits, the e-mail of the link, link building).
 */
const CLOSED_AUTH_PATHS = new Set([
  '/api/auth/sign-in/magic-link',
  '/api/auth/magic-link/verify',
  '/api/auth/request-password-reset',
]);

function toFetchRequest(request: FastifyRequest): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
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
      onSessionCreated: (authUserId, method) => logStaffSignIn(app.database, authUserId, method),
      onEmailChanged: (authUserId, email) =>
        updatePersonEmailByAuthUser(app.database.db, authUserId, email, Date.now()),
    },
  });
  app.decorate('auth', auth);
  app.decorate('sessions', await SessionLookup.create(auth));
  app.decorate('mailer', mailer);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (CLOSED_AUTH_PATHS.has(path)) {
        return reply.status(404).send({
          error: {
            code: 'route_not_found',
            message: errorMessage('route_not_found'),
            requestId: request.id,
          },
        });
      }
      // better-auth redirects to some of these unchecked (verify-email with a bad token, the
      // link of change-email): only paths on this app pass.
      const unsafe = findUnsafeRedirect(request.query as Record<string, unknown>, request.body);
      if (unsafe) {
        return reply.status(400).send({
          error: {
            code: 'validation_failed',
            message: errorMessage('validation_failed'),
            details: [{ path: [unsafe], message: 'not a path on this app' }],
            requestId: request.id,
          },
        });
      }
      const response = await auth.handler(toFetchRequest(request));
      return sendFetchResponse(reply, response);
    },
  });
}
