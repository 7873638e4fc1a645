import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import {
  Course,
  CourseIdParams,
  CourseInput,
  CourseList,
  CourseProgress,
  CourseStatistics,
  CourseStudents,
  CourseUpdate,
  InstructorChoices,
} from '#shared/schemas/courses';
import { CoursePostsQuery, PostPage } from '#shared/schemas/posts';
import { requireAdmin, requireMember, requireReader, requireStaff } from '../accounts/access.ts';
import { listPostPage } from '../posts/posts.service.ts';
import {
  getCourseProgress,
  getCourseStatistics,
  getCourseStudents,
} from './course-progress.service.ts';
import {
  approveCourse,
  createCourse,
  deleteCourse,
  findVisibleCourse,
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
        body: CourseUpdate,
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

  app.get(
    '/courses/:courseId/progress',
    {
      schema: {
        summary: "Per lesson: students who completed it, latest activity; a student's own ticks",
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: CourseProgress, ...errors },
      },
    },
    async (request) => {
      const { person } = await requireReader(request);
      return getCourseProgress(app.database, person, request.params.courseId);
    },
  );

  app.get(
    '/courses/:courseId/students',
    {
      schema: {
        summary: 'Enrolled students with progress and latest evaluation (staff only)',
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: CourseStudents, ...errors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return getCourseStudents(app.database, staff, request.params.courseId);
    },
  );

  app.get(
    '/courses/:courseId/statistics',
    {
      schema: {
        summary: 'Completion per lesson, progress spread, evaluations and ratings per week (staff)',
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: CourseStatistics, ...errors },
      },
    },
    async (request) => {
      const staff = await requireStaff(request);
      return getCourseStatistics(app.database, staff, request.params.courseId);
    },
  );

  app.get(
    '/courses/:courseId/posts',
    {
      schema: {
        summary: "The course's posts I may see, newest first, 10 a page (optionally one lesson's)",
        tags: ['courses'],
        params: CourseIdParams,
        querystring: CoursePostsQuery,
        response: { 200: PostPage, ...errors },
      },
    },
    async (request) => {
      const { person } = await requireReader(request);
      await findVisibleCourse(app.database, person, request.params.courseId);
      return listPostPage(app.database, person, {
        courseId: request.params.courseId,
        lessonId: request.query.lessonId,
        cursor: request.query.cursor,
      });
    },
  );
};
