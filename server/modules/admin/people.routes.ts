import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import {
  AdminPeople,
  AdminPeopleQuery,
  AdminPerson,
  InstructorInvite,
  InstructorInvited,
  MergeInput,
  PersonIdParams,
  RoleInput,
} from '#shared/schemas/admin';
import { BlockInput } from '#shared/schemas/students';
import { member } from '../accounts/access.ts';
import { linkOrigin } from '../auth/auth.ts';
import { inviteInstructor } from './invitations.service.ts';
import {
  approvePerson,
  blockPerson,
  changeRole,
  deletePerson,
  getAdminPerson,
  listPeople,
  mergeStudent,
  rejectPerson,
  unblockPerson,
} from './people.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];
const Removed = z.object({ deleted: z.literal(true) });

/** User management (admins): every change is one transaction, logged and announced. */
export const peopleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/people',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Pending, blocked or all people, searchable by name or e-mail (admins)',
        tags,
        querystring: AdminPeopleQuery,
        response: { 200: AdminPeople, ...errors },
      },
    },
    async (request) => {
      return listPeople(app.database, member(request), request.query);
    },
  );

  app.post(
    '/admin/people/instructors',
    {
      config: { audience: 'admin' },
      schema: {
        summary:
          'Invite an instructor by e-mail (admins): an active profile her first sign-in with it leads to',
        tags,
        body: InstructorInvite,
        response: { 201: InstructorInvited, ...errors },
      },
    },
    async (request, reply) => {
      const admin = member(request);
      const appUrl = linkOrigin(app.config, undefined, new Headers({ host: request.host }));
      return reply
        .status(201)
        .send(await inviteInstructor(app.database, app.mailer, admin, request.body, appUrl));
    },
  );

  app.post(
    '/admin/people/:personId/approve',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Approve a pending student or instructor (a proposed course becomes active)',
        tags,
        params: PersonIdParams,
        response: { 200: AdminPerson, ...errors },
      },
    },
    async (request) => approvePerson(app.database, member(request), request.params.personId),
  );

  app.post(
    '/admin/people/:personId/reject',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Reject a pending student or instructor: the record is deleted',
        tags,
        params: PersonIdParams,
        response: { 200: Removed, ...errors },
      },
    },
    async (request) => {
      await rejectPerson(app.database, member(request), request.params.personId);
      return { deleted: true as const };
    },
  );

  app.post(
    '/admin/people/:personId/block',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Block someone with a reason, or change the reason of someone blocked',
        tags,
        params: PersonIdParams,
        body: BlockInput,
        response: { 200: AdminPerson, ...errors },
      },
    },
    async (request) => {
      const admin = member(request);
      await blockPerson(app.database, admin, request.params.personId, request.body.reason);
      return getAdminPerson(app.database, admin, request.params.personId);
    },
  );

  app.post(
    '/admin/people/:personId/unblock',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Unblock someone: active again, the ban info removed',
        tags,
        params: PersonIdParams,
        response: { 200: AdminPerson, ...errors },
      },
    },
    async (request) => {
      const admin = member(request);
      await unblockPerson(app.database, admin, request.params.personId);
      return getAdminPerson(app.database, admin, request.params.personId);
    },
  );

  app.put(
    '/admin/people/:personId/role',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Make an instructor an admin or an admin an instructor (never the last admin)',
        tags,
        params: PersonIdParams,
        body: RoleInput,
        response: { 200: AdminPerson, ...errors },
      },
    },
    async (request) =>
      changeRole(app.database, member(request), request.params.personId, request.body.role),
  );

  app.delete(
    '/admin/people/:personId',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Delete a person and what is theirs (not oneself, not the last admin)',
        tags,
        params: PersonIdParams,
        response: { 200: Removed, ...errors },
      },
    },
    async (request) => {
      await deletePerson(app.database, member(request), request.params.personId);
      return { deleted: true as const };
    },
  );

  app.post(
    '/admin/people/:personId/merge',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Merge a pending student into an existing student profile',
        tags,
        params: PersonIdParams,
        body: MergeInput,
        response: { 200: AdminPerson, ...errors },
      },
    },
    async (request) =>
      mergeStudent(app.database, member(request), request.params.personId, request.body.targetId),
  );
};
