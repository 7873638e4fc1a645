import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import { PublicConfig } from '#shared/schemas/accounts';
import { PublicConfigPatch, UploadSettingsPatch, UploadTarget } from '#shared/schemas/config';
import { member } from '../accounts/access.ts';
import { changePublicConfig, changeUploadSettings, getUploadTarget } from './config.service.ts';

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/admin/public-config',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Switch student access, guest mode or the public showcase (admins)',
        tags: ['admin'],
        body: PublicConfigPatch,
        response: { 200: PublicConfig, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const admin = member(request);
      return changePublicConfig(app.database, admin, request.body, Boolean(app.config.google));
    },
  );

  app.get(
    '/upload-target',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Where this app sends photos (built-in or Cloudinary)',
        tags: ['media'],
        response: { 200: UploadTarget, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => {
      return getUploadTarget(app.database);
    },
  );

  app.put(
    '/admin/upload-settings',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Choose the upload service (admins)',
        tags: ['admin'],
        body: UploadSettingsPatch,
        response: { 200: UploadTarget, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const admin = member(request);
      return changeUploadSettings(app.database, admin, request.body);
    },
  );
};
