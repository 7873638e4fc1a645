import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import { SearchQuery, SearchResults } from '#shared/schemas/search';
import { reader } from '../accounts/access.ts';
import { search } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      config: { audience: 'reader' },
      schema: {
        summary: 'Courses, lessons and students matching a query, ignoring case and diacritics',
        tags: ['search'],
        querystring: SearchQuery,
        response: { 200: SearchResults, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const person = reader(request);
      return search(app.database, person, request.query.q);
    },
  );
};
