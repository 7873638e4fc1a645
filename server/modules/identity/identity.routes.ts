import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import { limits } from '#shared/limits';
import { AcademyIdentity, AcademyIdentityPatch, LOGO_VARIANTS } from '#shared/schemas/identity';
import { AppError } from '../../lib/app-error.ts';
import { member } from '../accounts/access.ts';
import { readOneFile } from '../media/one-file.ts';
import { changeIdentity, logoImage, removeLogo, setLogo } from './identity.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody } as const;

/** The admin's routes for the academy's name, colour and logo (registered under /api). */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/academy',
    {
      config: { audience: 'admin' },
      schema: {
        summary: "Set the academy's name, short name and theme colour (admins)",
        tags: ['admin'],
        body: AcademyIdentityPatch,
        response: { 200: AcademyIdentity, ...errors },
      },
    },
    async (request) => changeIdentity(app.database, member(request), request.body),
  );

  app.put(
    '/admin/academy/logo',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Set the academy\'s logo from one square image (multipart field "file"; admins)',
        tags: ['admin'],
        consumes: ['multipart/form-data'],
        // Read from the stream below, not parsed here: named so the typed client may send a form.
        body: z.unknown().describe('multipart/form-data with one field "file"'),
        response: {
          200: AcademyIdentity,
          ...errors,
          413: ErrorBody,
          415: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request) => {
      const admin = member(request);
      const { bytes } = await readOneFile(request, limits.logoBytes, 'logo_too_large');
      return setLogo(app.database, admin, bytes);
    },
  );

  app.delete(
    '/admin/academy/logo',
    {
      config: { audience: 'admin' },
      schema: {
        summary: "Go back to the product's mark (admins)",
        tags: ['admin'],
        response: { 200: AcademyIdentity, ...errors },
      },
    },
    async (request) => removeLogo(app.database, member(request)),
  );
};

const LogoParams = z.strictObject({
  version: z.string().regex(/^[0-9a-f]{16}$/),
  file: z.enum(
    Object.keys(LOGO_VARIANTS).map((variant) => `${variant}.png`) as [string, ...string[]],
  ),
});

/** The logo's images at /academy-logo/<version>/<variant>.png: public, never changing. */
export const logoFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/academy-logo/:version/:file',
    { config: { audience: 'public' }, schema: { hide: true, params: LogoParams } },
    async (request, reply) => {
      const { version, file } = request.params;
      const png = await logoImage(app.database, version, file.replace(/\.png$/, ''));
      if (!png) throw new AppError('media_not_found', 404);
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(png);
    },
  );
};
