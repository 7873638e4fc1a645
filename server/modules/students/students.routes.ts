import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import { PostPage, PostPageQuery } from '#shared/schemas/posts';
import {
  BlockInput,
  ClassRoster,
  CourseFinishedInput,
  ProgressInput,
  ProgressParams,
  StudentCourseParams,
  StudentDetail,
  StudentIdParams,
  StudentInput,
  StudentList,
  StudentPortfolio,
  StudentsQuery,
  StudentUpdate,
} from '#shared/schemas/students';
import { fileNamePart } from '#shared/text';
import { member, reader } from '../accounts/access.ts';
import { listPostPage } from '../posts/posts.service.ts';
import { classRoster } from './class-roster.service.ts';
import { studentPortfolio } from './portfolio.service.ts';
import { portfolioArchive } from './portfolio-archive.ts';
import {
  blockStudent,
  createStudent,
  deleteStudent,
  getStudent,
  listStudents,
  markCourseFinished,
  studentProgressFile,
  unblockStudent,
  updateProgress,
  updateStudent,
} from './students.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students',
    {
      config: { audience: 'reader' },
      schema: {
        summary:
          'Students by name, courses and order, 30 a page (staff; guests without contact data)',
        tags: ['students'],
        querystring: StudentsQuery,
        response: { 200: StudentList, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      return listStudents(app.database, person, request.query);
    },
  );

  app.get(
    '/students/roster',
    {
      config: { audience: 'staff' },
      schema: {
        summary:
          'Every student with her courses and current lessons, whom I am likely teaching now, and the active courses (staff; the post form keeps it for class offline)',
        tags: ['students'],
        response: { 200: ClassRoster, ...errors },
      },
    },
    async (request) => classRoster(app.database, member(request)),
  );

  app.post(
    '/students',
    {
      config: { audience: 'staff' },
      schema: {
        summary: 'Add a student (staff): active, enrolled in the chosen courses',
        tags: ['students'],
        body: StudentInput,
        response: { 201: StudentDetail, ...errors },
      },
    },
    async (request, reply) => {
      const staff = member(request);
      return reply.status(201).send(await createStudent(app.database, staff, request.body));
    },
  );

  app.get(
    '/students/:studentId',
    {
      config: { audience: 'reader' },
      schema: {
        summary: 'A student with courses and lesson progress (staff, or the student themself)',
        tags: ['students'],
        params: StudentIdParams,
        response: { 200: StudentDetail, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      return getStudent(app.database, person, request.params.studentId);
    },
  );

  app.get(
    '/students/:studentId/evaluations',
    {
      config: { audience: 'reader' },
      schema: {
        summary: 'Evaluations of a student I may see, newest first, 10 a page',
        tags: ['students'],
        params: StudentIdParams,
        querystring: PostPageQuery,
        response: { 200: PostPage, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      // The same door as the student's page: staff, the student, guests.
      await getStudent(app.database, person, request.params.studentId);
      return listPostPage(app.database, person, {
        studentId: request.params.studentId,
        cursor: request.query.cursor,
      });
    },
  );

  app.get(
    '/students/:studentId/portfolio',
    {
      config: { audience: 'reader' },
      schema: {
        summary: "Every photo of a student's evaluations I may see, newest first",
        tags: ['students'],
        params: StudentIdParams,
        response: { 200: StudentPortfolio, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      return studentPortfolio(app.database, person, request.params.studentId);
    },
  );

  app.get(
    '/students/:studentId/portfolio.zip',
    {
      config: { audience: 'member' },
      schema: {
        summary:
          "A student's portfolio to keep: photos, evaluations and progress (herself, admins)",
        tags: ['students'],
        params: StudentIdParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const person = member(request);
      const { stream, studentName } = await portfolioArchive(
        app.database,
        app.mediaStore,
        person,
        request.params.studentId,
      );
      const file = `tac-pham-${fileNamePart(studentName)}.zip`;
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(stream);
    },
  );

  app.get(
    '/students/:studentId/progress.csv',
    {
      config: { audience: 'reader' },
      schema: {
        summary: "A student's progress as CSV (staff, or the student themself)",
        tags: ['students'],
        params: StudentIdParams,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const person = reader(request);
      const { studentName, csv } = await studentProgressFile(
        app.database,
        person,
        request.params.studentId,
      );
      const file = `tien-do-${fileNamePart(studentName)}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(csv);
    },
  );

  app.put(
    '/students/:studentId',
    {
      config: { audience: 'staff' },
      schema: {
        summary: "Edit a student's details and courses (staff)",
        tags: ['students'],
        params: StudentIdParams,
        body: StudentUpdate,
        response: { 200: StudentDetail, ...errors },
      },
    },
    async (request) => {
      const staff = member(request);
      return updateStudent(app.database, staff, request.params.studentId, request.body);
    },
  );

  app.delete(
    '/students/:studentId',
    {
      config: { audience: 'staff' },
      schema: {
        summary: 'Delete a student with their enrolments and progress (staff)',
        tags: ['students'],
        params: StudentIdParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const staff = member(request);
      await deleteStudent(app.database, staff, request.params.studentId);
      return { deleted: true as const };
    },
  );

  app.post(
    '/students/:studentId/block',
    {
      config: { audience: 'staff' },
      schema: {
        summary: 'Block ("Bảo lưu") with a reason, or change the reason (staff)',
        tags: ['students'],
        params: StudentIdParams,
        body: BlockInput,
        response: { 200: StudentDetail, ...errors },
      },
    },
    async (request) => {
      const staff = member(request);
      return blockStudent(app.database, staff, request.params.studentId, request.body.reason);
    },
  );

  app.post(
    '/students/:studentId/unblock',
    {
      config: { audience: 'staff' },
      schema: {
        summary: 'Unblock: "Đang học", ban info removed (staff)',
        tags: ['students'],
        params: StudentIdParams,
        response: { 200: StudentDetail, ...errors },
      },
    },
    async (request) => {
      const staff = member(request);
      return unblockStudent(app.database, staff, request.params.studentId);
    },
  );

  app.put(
    '/students/:studentId/progress/:lessonId',
    {
      config: { audience: 'staff' },
      schema: {
        summary: 'Tick a lesson or write its summary (staff; a stale summary edit is refused)',
        tags: ['students'],
        params: ProgressParams,
        body: ProgressInput,
        response: { 200: StudentDetail, ...errors },
      },
    },
    async (request) => {
      const staff = member(request);
      const { studentId, lessonId } = request.params;
      return updateProgress(app.database, staff, studentId, lessonId, request.body);
    },
  );

  app.put(
    '/students/:studentId/courses/:courseId/finished',
    {
      config: { audience: 'staff' },
      schema: {
        summary:
          'Mark a student’s course finished after its last lesson, or not (staff); once all are, she is "Đã hoàn thành"',
        tags: ['students'],
        params: StudentCourseParams,
        body: CourseFinishedInput,
        response: { 200: StudentDetail, ...errors },
      },
    },
    async (request) => {
      const staff = member(request);
      const { studentId, courseId } = request.params;
      return markCourseFinished(app.database, staff, studentId, courseId, request.body.finished);
    },
  );
};
