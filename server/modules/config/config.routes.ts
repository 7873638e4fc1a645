import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import { PublicConfig } from '#shared/schemas/accounts';
import { PublicConfigPatch } from '#shared/schemas/config';
import { requireAdmin } from '../accounts/access.ts';
import { changePublicConfig } from './config.service.ts';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/admin/public-config',
    {
      schema: {
        summary: 'Switch student access or guest mode (admins)',
        tags: ['admin'],
        body: PublicConfigPatch,
        response: { 200: PublicConfig, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return changePublicConfig(app.database, admin, request.body, Boolean(app.config.google));
    },
  );
};
