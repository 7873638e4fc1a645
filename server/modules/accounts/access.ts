import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorMessage } from '#shared/errors';
import { isStaff } from '#shared/roles';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findPublicConfig } from '../config/config.repository.ts';
import { findPersonById } from './accounts.repository.ts';
import {
  accessRefusal,
  resolveViewer,
  resolveViewerOfSession,
  type Viewer,
} from './accounts.service.ts';

/**
 * Whether the session in `headers` may still do what it was let in for (the same member with the
 * same role, or a guest while guest mode is on): null while it may, else why not in Vietnamese
 * when the person was turned away (blocked, access turned off, deleted), for their open app to
 * say. Open event streams ask this when people or the rules change. The session itself may be
 * gone already (a block signs the person out everywhere), so the person is read by id.
 */
export async function whyStreamEnds(
  server: FastifyInstance,
  headers: IncomingHttpHeaders,
  person: Pick<PersonRow, 'id' | 'role'> | null,
): Promise<{ message: string | null } | null> {
  const viewer = await viewerOfHeaders(server, headers);
  if (person === null) {
    return viewer.kind === 'anonymous' && viewer.guestMode ? null : { message: null };
  }
  if (
    viewer.kind === 'member' &&
    viewer.person.id === person.id &&
    viewer.person.role === person.role
  )
    return null;
  const { db } = server.database;
  const [now, rules] = await Promise.all([findPersonById(db, person.id), findPublicConfig(db)]);
  if (!now) return { message: errorMessage('account_deleted') };
  const refusal = rules ? accessRefusal(now, rules) : null;
  return { message: refusal ? errorMessage(refusal.code, refusal.values) : null };
}

const viewers = new WeakMap<FastifyRequest, Promise<Viewer>>();

/** Who the session cookie in `headers` belongs to now (also asked again by open event streams). */
async function viewerOfHeaders(
  server: FastifyInstance,
  headers: IncomingHttpHeaders,
): Promise<Viewer> {
  const { sessions } = server;
  const remembered = sessions.remembered(headers);
  if (remembered) {
    const viewer = await resolveViewerOfSession(server.database, remembered.token, sessions);
    if (viewer) {
      sessions.keep(remembered);
      return viewer;
    }
    sessions.forget(remembered);
  }
  return resolveViewer(server.database, await sessions.verify(headers));
}

/** The viewer of a request, resolved once from its session cookie. */
export function getViewer(request: FastifyRequest): Promise<Viewer> {
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = (async () => {
      const resolved = await viewerOfHeaders(request.server, request.headers);
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

/** A signed-in person allowed to use the app, or a 401/403 with the reason. */
export async function requireMember(request: FastifyRequest): Promise<PersonRow> {
  const viewer = await getViewer(request);
  if (viewer.kind !== 'member') refuse(viewer);
  return viewer.person;
}

/** An admin or an instructor. */
export async function requireStaff(request: FastifyRequest): Promise<PersonRow> {
  const person = await requireMember(request);
  if (!isStaff(person)) throw new AppError('forbidden', 403);
  return person;
}

export async function requireAdmin(request: FastifyRequest): Promise<PersonRow> {
  const person = await requireMember(request);
  if (person.role !== 'admin') throw new AppError('forbidden', 403);
  return person;
}

/**
 * Someone who may read: a member, or any visitor while guest mode is on (spec 6). Guests get
 * `person: null` and must be shown no contact data.
 */
export async function requireReader(
  request: FastifyRequest,
): Promise<{ person: PersonRow | null }> {
  const viewer = await getViewer(request);
  if (viewer.kind === 'member') return { person: viewer.person };
  if (viewer.kind === 'anonymous' && viewer.guestMode) return { person: null };
  refuse(viewer);
}
