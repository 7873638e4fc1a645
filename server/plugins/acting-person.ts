import type { FastifyInstance } from 'fastify';
import { actingPersonHeader } from '#shared/acting-person';
import { AppError } from '../lib/app-error.ts';
import { isApiRequest } from '../lib/request-path.ts';
import { getViewer } from '../modules/accounts/access.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write that names the person it is sent for (`x-acting-person`) goes through only under that
 * person's session: with no session it is 401, under another person's 409 `person_changed`, and
 * nothing is done. The page names its signed-in person on every write and the outbox names each
 * post's author, so a write that outlives a sign-out, or a sender started before another person
 * signed in on the same phone, can never act as the new person. Requests that name no one
 * (scripts, the sign-in screens) are judged by their session alone, as before.
 */
export function registerActingPersonGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const named = request.headers[actingPersonHeader];
    if (named === undefined || !isApiRequest(request)) return;
    const viewer = await getViewer(request);
    if (viewer.kind !== 'member') throw new AppError('unauthenticated', 401);
    if (typeof named !== 'string' || named.toLowerCase() !== viewer.person.id) {
      throw new AppError('person_changed', 409);
    }
  });
}
