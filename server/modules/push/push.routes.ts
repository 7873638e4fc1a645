import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import { Ok } from '#shared/schemas/accounts';
import { PushEndpointInput, PushPublicKey, PushSubscriptionInput } from '#shared/schemas/push';
import { member } from '../accounts/access.ts';
import { removePushSubscription, savePushSubscription, vapidKeys } from './push.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/public-key',
    {
      config: { audience: 'member' },
      schema: {
        summary: "The server's VAPID public key, for PushManager.subscribe",
        tags: ['push'],
        response: { 200: PushPublicKey, ...errors },
      },
    },
    async () => {
      const { publicKey } = await vapidKeys(app.database);
      return { publicKey };
    },
  );

  app.put(
    '/push/subscription',
    {
      config: { audience: 'member' },
      schema: {
        summary: "Keep this device's push subscription for me (added or refreshed)",
        tags: ['push'],
        body: PushSubscriptionInput,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      await savePushSubscription(
        app.database,
        app.config,
        person,
        request.body,
        request.headers['user-agent'],
      );
      return { ok: true as const };
    },
  );

  app.delete(
    '/push/subscription',
    {
      config: { audience: 'member' },
      schema: {
        summary: "Forget this device's push subscription (sign-out)",
        tags: ['push'],
        body: PushEndpointInput,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      await removePushSubscription(app.database, person, request.body.endpoint);
      return { ok: true as const };
    },
  );
};
