import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import { InstructorDetail, InstructorIdParams, InstructorList } from '#shared/schemas/instructors';
import { PostPage, PostPageQuery } from '#shared/schemas/posts';
import { reader } from '../accounts/access.ts';
import { listPostPage } from '../posts/posts.service.ts';
import { getInstructor, listInstructors } from './instructors.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const instructorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/instructors',
    {
      config: { audience: 'reader' },
      schema: {
        summary: 'Instructors with the courses they teach (not for students)',
        tags: ['instructors'],
        response: { 200: InstructorList, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      return { instructors: await listInstructors(app.database, person) };
    },
  );

  app.get(
    '/instructors/:instructorId',
    {
      config: { audience: 'reader' },
      schema: {
        summary: "An instructor's profile: bio, contact (staff), courses taught",
        tags: ['instructors'],
        params: InstructorIdParams,
        response: { 200: InstructorDetail, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      return getInstructor(app.database, person, request.params.instructorId);
    },
  );

  app.get(
    '/instructors/:instructorId/posts',
    {
      config: { audience: 'reader' },
      schema: {
        summary: "An instructor's posts I may see, newest first, 10 a page",
        tags: ['instructors'],
        params: InstructorIdParams,
        querystring: PostPageQuery,
        response: { 200: PostPage, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      await getInstructor(app.database, person, request.params.instructorId);
      return listPostPage(app.database, person, {
        authorId: request.params.instructorId,
        cursor: request.query.cursor,
      });
    },
  );
};
