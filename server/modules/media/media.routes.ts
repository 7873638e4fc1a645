import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import { Me } from '#shared/schemas/accounts';
import { MEDIA_NAME, SetAvatar, UploadQuery, UploadResult } from '#shared/schemas/media';
import { AppError } from '../../lib/app-error.ts';
import { member, visitor } from '../accounts/access.ts';
import { viewerOfSignIn } from '../accounts/accounts.service.ts';
import { describeMe } from '../accounts/me.ts';
import { setOwnAvatar } from './avatar.service.ts';
import { avatarSvg } from './avatar.ts';
import { asUploadError, guardUploadRate, uploadImage } from './media.service.ts';
import { byteRange, storedMedia, storedMediaSize } from './media.storage.ts';
import type { ByteRange } from './media.store.ts';

/** POST /api/uploads and GET /api/avatars/:name.svg (registered under /api). */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/uploads',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Upload a photo (multipart field "file"); answers like Cloudinary',
        tags: ['media'],
        consumes: ['multipart/form-data'],
        querystring: UploadQuery,
        response: {
          201: UploadResult,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          422: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const owner = member(request);
      if (!request.isMultipart()) throw new AppError('upload_missing', 400);
      await guardUploadRate(app.database, owner.id);
      const result = await uploadImage({
        database: app.database,
        dataDir: app.config.dataDir,
        store: app.mediaStore,
        owner,
        use: request.query.use,
        file: await request.file().catch(asUploadError),
      });
      return reply.status(201).send(result);
    },
  );

  app.put(
    '/me/avatar',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Set or remove my photo (an image I uploaded with use=avatar)',
        tags: ['media'],
        body: SetAvatar,
        response: { 200: Me, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const person = member(request);
      await setOwnAvatar(app.database, person, request.body);
      const viewer = visitor(request);
      return describeMe(
        await viewerOfSignIn(app.database, viewer.kind === 'member' ? viewer.authUserId : null),
      );
    },
  );

  app.get(
    '/avatars/:file',
    {
      config: { audience: 'public' },
      schema: {
        summary: 'The generated avatar (initials on a colour) of a name',
        tags: ['media'],
        params: z.strictObject({
          file: z
            .string()
            .min(5)
            .max(300)
            .regex(/\.svg$/),
        }),
      },
    },
    async (request, reply) => {
      const name = request.params.file.slice(0, -4).slice(0, 120);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=604800')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(avatarSvg(name));
    },
  );
};

/** GET /media/:name — stored photos, by content-hash name only, never as a page. */
export const mediaFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:name',
    {
      config: { audience: 'public' },
      schema: {
        summary: 'A stored photo',
        tags: ['media'],
        params: z.strictObject({ name: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!MEDIA_NAME.test(name)) throw new AppError('media_not_found', 404);
      // A range is read from the store as asked (its size first); a whole file in one request.
      let range: ByteRange | undefined;
      if (request.headers.range) {
        const size = await storedMediaSize(app.mediaStore, name);
        if (size === undefined) throw new AppError('media_not_found', 404);
        const wanted = byteRange(request.headers.range, size);
        if (wanted === 'unsatisfiable') {
          reply.header('content-range', `bytes */${size}`);
          throw new AppError('range_not_satisfiable', 416);
        }
        range = wanted;
      }
      const stored = await storedMedia(app.mediaStore, name, range);
      if (!stored) throw new AppError('media_not_found', 404);
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`);
      }
      return reply
        .type('image/webp')
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('content-length', range ? range.end - range.start + 1 : stored.size)
        .send(stored.body);
    },
  );
};
