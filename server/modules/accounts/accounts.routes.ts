import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import {
  Me,
  Ok,
  Onboarding,
  PublicConfig,
  RedeemSignInLink,
  RequestPasswordReset,
  SendSignInLink,
} from '#shared/schemas/accounts';
import { readPublicConfig } from '../config/config.service.ts';
import { newcomer, visitor } from './access.ts';
import { onboard, viewerOfSignIn } from './accounts.service.ts';
import { describeMe } from './me.ts';
import { redeemSignInLink, sendPasswordReset, sendSignInLink } from './sign-in.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      config: { audience: 'visitor' },
      schema: {
        summary: 'Who the browser is signed in as, and what they may do',
        tags: ['accounts'],
        response: { 200: Me },
      },
    },
    async (request) => describeMe(visitor(request)),
  );

  app.get(
    '/public-config',
    {
      config: { audience: 'public' },
      schema: {
        summary: 'Settings every visitor needs before signing in',
        tags: ['accounts'],
        response: { 200: PublicConfig },
      },
    },
    async () => readPublicConfig(app.database, Boolean(app.config.google)),
  );

  app.post(
    '/sign-in/email-link',
    {
      config: { audience: 'public' },
      schema: {
        summary: 'Send a sign-in link (same answer for known and unknown addresses)',
        tags: ['accounts'],
        body: SendSignInLink,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await sendSignInLink(request, request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/sign-in/email-link/redeem',
    {
      config: { audience: 'public' },
      // No rate limit: a link's token has 190 bits of chance, past guessing; and a limit here
      // would turn a person's retries into errors.
      schema: {
        summary: 'Redeem a sign-in link with the e-mail it was sent to',
        tags: ['accounts'],
        body: RedeemSignInLink,
        response: { 200: Ok, ...errors },
      },
    },
    async (request, reply) => {
      const cookies = await redeemSignInLink(request, request.body);
      reply.header('set-cookie', cookies);
      return { ok: true as const };
    },
  );

  app.post(
    '/sign-in/password-reset',
    {
      config: { audience: 'public' },
      schema: {
        summary: 'Send a password-reset e-mail',
        tags: ['accounts'],
        body: RequestPasswordReset,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await sendPasswordReset(request, request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/onboarding',
    {
      config: { audience: 'newcomer' },
      schema: {
        summary: 'Create the profile of a new sign-in (student or instructor)',
        tags: ['accounts'],
        body: Onboarding,
        response: { 200: Me, ...errors },
      },
    },
    async (request) => {
      const { authUserId } = newcomer(request);
      await onboard(app.database, authUserId, request.body);
      return describeMe(await viewerOfSignIn(app.database, authUserId));
    },
  );
};
