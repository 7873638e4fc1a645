import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { mayManageAcademy } from '../../policies/admin-tools.ts';
import { isStaff } from '../../policies/who.ts';
import { streamEndReason, type Viewer, viewerOfRequest } from './accounts.service.ts';

/**
 * Who may call a route at all, declared in its options (`config: { audience }`) and checked
 * once, at the edge, before its handler runs:
 * - `public`: anyone; the viewer is not looked up (health, photos, the public showcase).
 * - `visitor`: anyone; the handler reads who it is (`/me`).
 * - `newcomer`: a sign-in that has no profile yet (onboarding).
 * - `reader`: a member, or any visitor while guest mode is on (spec 6).
 * - `member`, `staff`, `admin`: a person allowed to use the app, of that kind.
 * What a viewer may do with one thing is decided by the services, which ask `server/policies/`.
 */
export type Audience = 'public' | 'visitor' | 'newcomer' | 'reader' | 'member' | 'staff' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    audience?: Audience;
  }
}

/** Whether an open event stream may go on: its cookie's viewer now, against the rules. */
export async function whyStreamEnds(
  server: FastifyInstance,
  headers: IncomingHttpHeaders,
  person: Pick<PersonRow, 'id' | 'role'> | null,
): Promise<{ message: string | null } | null> {
  return streamEndReason(server.database, await viewerOfRequest(server, headers), person);
}

const viewers = new WeakMap<FastifyRequest, Promise<Viewer>>();
const admitted = new WeakMap<FastifyRequest, Viewer>();

/** The viewer of a request, resolved once from its session cookie. */
export function getViewer(request: FastifyRequest): Promise<Viewer> {
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = (async () => {
      const resolved = await viewerOfRequest(request.server, request.headers);
      if (resolved.kind === 'member') {
        const { id, name, role, status } = resolved.person;
        request.person = { id, name, role, status };
      }
      return resolved;
    })();
    viewers.set(request, viewer);
  }
  return viewer;
}

function refuse(viewer: Viewer): never {
  if (viewer.kind === 'anonymous') throw new AppError('unauthenticated', 401);
  if (viewer.kind === 'refused') {
    throw new AppError(viewer.refusal.code, 403, { values: viewer.refusal.values });
  }
  throw new AppError('forbidden', 403);
}

/** A person allowed to use the app now, or the 401/403 that says why not. */
export function memberOrRefusal(viewer: Viewer): PersonRow {
  if (viewer.kind !== 'member') refuse(viewer);
  return viewer.person;
}

/** Lets the viewer through to a route of this audience, or throws its refusal. */
function admit(audience: Exclude<Audience, 'public'>, viewer: Viewer): void {
  switch (audience) {
    case 'visitor':
      return;
    case 'newcomer':
      if (viewer.kind === 'anonymous') throw new AppError('unauthenticated', 401);
      if (viewer.kind !== 'new') throw new AppError('already_onboarded', 409);
      return;
    case 'reader':
      if (viewer.kind === 'anonymous' && viewer.guestMode) return;
      memberOrRefusal(viewer);
      return;
    case 'member':
      memberOrRefusal(viewer);
      return;
    case 'staff':
      if (!isStaff(memberOrRefusal(viewer))) throw new AppError('forbidden', 403);
      return;
    case 'admin':
      if (!mayManageAcademy(memberOrRefusal(viewer))) throw new AppError('forbidden', 403);
      return;
  }
}

/**
 * The edge: every API route must declare its audience (the server does not start otherwise),
 * and the viewer of a route that is not public is resolved and admitted once, before its
 * handler, which then only reads who is asking (`visitor`, `newcomer`, `reader`, `member`).
 */
export function registerAudiences(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // The API's own document (its page and its JSON) is public, served by its library.
    const isDocs = route.url === '/api/docs' || route.url.startsWith('/api/docs/');
    if (route.url.startsWith('/api/') && !isDocs && route.config?.audience === undefined) {
      throw new Error(`${String(route.method)} ${route.url} declares no audience`);
    }
  });
  app.addHook('preHandler', async (request) => {
    const audience = request.routeOptions.config.audience;
    if (audience === undefined || audience === 'public') return;
    const viewer = await getViewer(request);
    admit(audience, viewer);
    admitted.set(request, viewer);
  });
}

/** Who is asking, on a route of any audience but `public`. */
export function visitor(request: FastifyRequest): Viewer {
  const viewer = admitted.get(request);
  // A handler reading a viewer its route did not ask the edge for is a programming error.
  if (viewer === undefined) throw new Error(`${request.url}: its route resolves no viewer`);
  return viewer;
}

/** The sign-in without a profile, on a `newcomer` route. */
export function newcomer(request: FastifyRequest): Extract<Viewer, { kind: 'new' }> {
  const viewer = visitor(request);
  if (viewer.kind !== 'new') throw new Error(`${request.url}: not a newcomer's route`);
  return viewer;
}

/** The member asking, or null for a guest, on a `reader` route. */
export function reader(request: FastifyRequest): PersonRow | null {
  const viewer = visitor(request);
  return viewer.kind === 'member' ? viewer.person : null;
}

/** The person asking, on a `member`, `staff` or `admin` route. */
export function member(request: FastifyRequest): PersonRow {
  const viewer = visitor(request);
  if (viewer.kind !== 'member') throw new Error(`${request.url}: not a member's route`);
  return viewer.person;
}
