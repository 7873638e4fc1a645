import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import { PostIdParams } from '#shared/schemas/posts';
import {
  FeaturedWork,
  FeatureWorkInput,
  ShareTokenParams,
  Showcase,
  ShowcaseConsents,
} from '#shared/schemas/showcase';
import { AppError } from '../../lib/app-error.ts';
import { PUBLIC_PAGE_CSP, publicBase } from '../../lib/public-page.ts';
import { member } from '../accounts/access.ts';
import { readIdentity } from '../identity/identity.service.ts';
import { goneSharePageHtml, sharePageHtml } from './share-page.ts';
import {
  featureWork,
  localPhotoName,
  readShowcase,
  sharedWork,
  sharedWorkPreview,
  showcaseConsents,
} from './showcase.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The showcase's API, under /api. */
export const showcaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/showcase',
    {
      config: { audience: 'public' },
      schema: {
        summary: "Students' featured work, shown publicly while an admin has it on",
        tags: ['showcase'],
        response: { 200: Showcase, 404: ErrorBody },
      },
    },
    // Public on purpose: what it answers is what the academy chose to show, with consent.
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return readShowcase(app.database);
    },
  );

  app.put(
    '/posts/:postId/featured',
    {
      config: { audience: 'staff' },
      schema: {
        summary: 'Choose a photo of an evaluation as featured work, or take it back (staff)',
        tags: ['showcase'],
        params: PostIdParams,
        body: FeatureWorkInput,
        response: { 200: FeaturedWork, 409: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const staff = member(request);
      return featureWork(app.database, staff, request.params.postId, request.body);
    },
  );

  app.get(
    '/admin/showcase',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Students who agreed to show their work publicly (admins)',
        tags: ['admin'],
        response: { 200: ShowcaseConsents, ...errors },
      },
    },
    async () => {
      return showcaseConsents(app.database);
    },
  );
};

/**
 * A featured work's share link, outside /api: `/s/<token>` answers the page with its preview
 * tags, `/s/<token>/anh.jpg` the preview photo; both 404 once the work may no longer be shown.
 * Nothing here is kept by caches for long, so a withdrawn consent shows at once.
 */
export const sharePageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/s/:token',
    { config: { audience: 'public' }, schema: { hide: true, params: ShareTokenParams } },
    async (request, reply) => {
      const base = publicBase(app.config.publicUrl, request);
      const [work, identity] = await Promise.all([
        sharedWork(app.database, request.params.token),
        readIdentity(app.database),
      ]);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', PUBLIC_PAGE_CSP);
      if (!work) return reply.status(404).send(goneSharePageHtml(base, identity));
      const imageUrl = localPhotoName(work.photo.url)
        ? `${base}/s/${work.token}/anh.jpg`
        : work.photo.url;
      return reply.send(sharePageHtml(work, base, imageUrl, identity));
    },
  );

  app.get(
    '/s/:token/anh.jpg',
    { config: { audience: 'public' }, schema: { hide: true, params: ShareTokenParams } },
    async (request, reply) => {
      const jpeg = await sharedWorkPreview(app.database, app.mediaStore, request.params.token);
      if (!jpeg) throw new AppError('media_not_found', 404);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(jpeg);
    },
  );
};
