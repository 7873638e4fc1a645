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
import { member, reader } from '../accounts/access.ts';
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
      config: { audience: 'reader' },
      schema: {
        summary: 'Courses I may see, with counts',
        tags: ['courses'],
        response: { 200: CourseList, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      return { courses: await listCourses(app.database, person) };
    },
  );

  app.get(
    '/courses/instructor-choices',
    {
      config: { audience: 'staff' },
      schema: {
        summary: 'Who a course form offers as default instructors (staff only)',
        tags: ['courses'],
        response: { 200: InstructorChoices, ...errors },
      },
    },
    async () => {
      return { instructors: await listInstructorChoices(app.database) };
    },
  );

  app.get(
    '/courses/:courseId',
    {
      config: { audience: 'reader' },
      schema: {
        summary: 'A course with its lessons in order',
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: Course, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      return getCourse(app.database, person, request.params.courseId);
    },
  );

  app.post(
    '/courses',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Create (admins) or propose (instructors) a course',
        tags: ['courses'],
        body: CourseInput,
        response: { 201: Course, ...errors },
      },
    },
    async (request, reply) => {
      const person = member(request);
      return reply.status(201).send(await createCourse(app.database, person, request.body));
    },
  );

  app.put(
    '/courses/:courseId',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Edit a course (admins and its instructors)',
        tags: ['courses'],
        params: CourseIdParams,
        body: CourseUpdate,
        response: { 200: Course, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      return updateCourse(app.database, person, request.params.courseId, request.body);
    },
  );

  app.delete(
    '/courses/:courseId',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Delete a course (admins and its instructors)',
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      await deleteCourse(app.database, person, request.params.courseId);
      return { deleted: true as const };
    },
  );

  app.post(
    '/courses/:courseId/approve',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Approve a proposed course (admins)',
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: Course, ...errors },
      },
    },
    async (request) => {
      const admin = member(request);
      return approveCourse(app.database, admin, request.params.courseId);
    },
  );

  app.get(
    '/courses/:courseId/progress',
    {
      config: { audience: 'reader' },
      schema: {
        summary: "Per lesson: students who completed it, latest activity; a student's own ticks",
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: CourseProgress, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      return getCourseProgress(app.database, person, request.params.courseId);
    },
  );

  app.get(
    '/courses/:courseId/students',
    {
      config: { audience: 'staff' },
      schema: {
        summary: 'Enrolled students with progress and latest evaluation (staff only)',
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: CourseStudents, ...errors },
      },
    },
    async (request) => {
      const staff = member(request);
      return getCourseStudents(app.database, staff, request.params.courseId);
    },
  );

  app.get(
    '/courses/:courseId/statistics',
    {
      config: { audience: 'staff' },
      schema: {
        summary: 'Completion per lesson, progress spread, evaluations and ratings per week (staff)',
        tags: ['courses'],
        params: CourseIdParams,
        response: { 200: CourseStatistics, ...errors },
      },
    },
    async (request) => {
      const staff = member(request);
      return getCourseStatistics(app.database, staff, request.params.courseId);
    },
  );

  app.get(
    '/courses/:courseId/posts',
    {
      config: { audience: 'reader' },
      schema: {
        summary: "The course's posts I may see, newest first, 10 a page (optionally one lesson's)",
        tags: ['courses'],
        params: CourseIdParams,
        querystring: CoursePostsQuery,
        response: { 200: PostPage, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      await findVisibleCourse(app.database, person, request.params.courseId);
      return listPostPage(app.database, person, {
        courseId: request.params.courseId,
        lessonId: request.query.lessonId,
        cursor: request.query.cursor,
      });
    },
  );
};
