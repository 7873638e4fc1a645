import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import { PostPage, PostPageQuery } from '#shared/schemas/posts';
import { PrivacySettings, Profile, ProfileUpdate } from '#shared/schemas/profile';
import { ShowcaseConsentInput } from '#shared/schemas/showcase';
import { member } from '../accounts/access.ts';
import { listPostPage } from '../posts/posts.service.ts';
import { changeShowcaseConsent } from '../showcase/showcase.service.ts';
import { getProfile, updatePrivacy, updateProfile } from './profile.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/profile',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'My own details and privacy settings',
        tags: ['profile'],
        response: { 200: Profile, ...errors },
      },
    },
    async (request) => getProfile(app.database, member(request)),
  );

  app.put(
    '/me/profile',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Edit my own details (not role, status or e-mail)',
        tags: ['profile'],
        body: ProfileUpdate,
        response: { 200: Profile, ...errors },
      },
    },
    async (request) => updateProfile(app.database, member(request), request.body),
  );

  app.put(
    '/me/privacy',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Hide my posts / posts I am mentioned in (instructors and admins)',
        tags: ['profile'],
        body: PrivacySettings,
        response: { 200: Profile, ...errors },
      },
    },
    async (request) => updatePrivacy(app.database, member(request), request.body),
  );

  app.put(
    '/me/showcase-consent',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Agree, or no longer agree, that my work may be shown publicly (students)',
        tags: ['profile'],
        body: ShowcaseConsentInput,
        response: { 200: Profile, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      await changeShowcaseConsent(app.database, person, request.body.consent);
      return getProfile(app.database, person);
    },
  );

  app.get(
    '/me/bookmarks',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Posts I saved that I may still see, newest first, 10 a page',
        tags: ['profile'],
        querystring: PostPageQuery,
        response: { 200: PostPage, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      return listPostPage(app.database, person, {
        bookmarked: true,
        cursor: request.query.cursor,
      });
    },
  );
};
