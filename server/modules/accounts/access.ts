import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { mayManageAcademy } from '../../policies/admin-tools.ts';
import { isStaff } from '../../policies/who.ts';
import { streamEndReason, type Viewer, viewerOfRequest } from './accounts.service.ts';

/** Whether an open event stream may go on: its cookie's viewer now, against the rules. */
export async function whyStreamEnds(
  server: FastifyInstance,
  headers: IncomingHttpHeaders,
  person: Pick<PersonRow, 'id' | 'role'> | null,
): Promise<{ message: string | null } | null> {
  return streamEndReason(server.database, await viewerOfRequest(server, headers), person);
}

const viewers = new WeakMap<FastifyRequest, Promise<Viewer>>();

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
  if (!mayManageAcademy(person)) throw new AppError('forbidden', 403);
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
