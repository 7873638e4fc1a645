import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import {
  Course,
  CourseIdParams,
  CourseInput,
  CourseList,
  InstructorChoices,
} from '#shared/schemas/courses';
import { requireAdmin, requireMember, requireReader, requireStaff } from '../accounts/access.ts';
import {
  approveCourse,
  createCourse,
  deleteCourse,
  getCourse,
  listCourses,
  listInstructorChoices,
  updateCourse,
} from './courses.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/courses',
    {
      schema: {
        summary: 'Courses I may see, with counts',
        tags: ['courses'],
        response: { 200: CourseList, ...errors },
      },
    },
    async (request) => {
      const { person } = await requireReader(request);
      return { courses: await listCourses(app.database, person) };
    },
  );

  app.get(
    '/courses/instructor-choices',
    {
      schema: {
        summary: 'Who a course form offers as default instructors (staff only)',
        tags: ['courses'],
        response: { 200: InstructorChoices, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request);
      return { instructors: await listInstructorChoices(app.database) };
    },
  );

  app.get(
    '/courses/:courseId',
    {
      schema: {
        summary: 'A course with its lessons in order',
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: Course, ...errors },
      },
    },
    async (request) => {
      const { person } = await requireReader(request);
      return getCourse(app.database, person, request.params.courseId);
    },
  );

  app.post(
    '/courses',
    {
      schema: {
        summary: 'Create (admins) or propose (instructors) a course',
        tags: ['courses'],
        body: CourseInput,
        response: { 201: Course, ...errors },
      },
    },
    async (request, reply) => {
      const person = await requireMember(request);
      return reply.status(201).send(await createCourse(app.database, person, request.body));
    },
  );

  app.put(
    '/courses/:courseId',
    {
      schema: {
        summary: 'Edit a course (admins and its instructors)',
        tags: ['courses'],
        params: CourseIdParams,
        body: CourseInput,
        response: { 200: Course, ...errors },
      },
    },
    async (request) => {
      const person = await requireMember(request);
      return updateCourse(app.database, person, request.params.courseId, request.body);
    },
  );

  app.delete(
    '/courses/:courseId',
    {
      schema: {
        summary: 'Delete a course (admins and its instructors)',
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const person = await requireMember(request);
      await deleteCourse(app.database, person, request.params.courseId);
      return { deleted: true as const };
    },
  );

  app.post(
    '/courses/:courseId/approve',
    {
      schema: {
        summary: 'Approve a proposed course (admins)',
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: Course, ...errors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return approveCourse(app.database, admin, request.params.courseId);
    },
  );
};
