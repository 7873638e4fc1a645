import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import { NotificationPage, NotificationsQuery, UnreadState } from '#shared/schemas/notifications';
import { member } from '../accounts/access.ts';
import { listNotifications, markRead, unreadState } from './notifications.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'My notifications, newest first, 20 a page',
        tags: ['notifications'],
        querystring: NotificationsQuery,
        response: { 200: NotificationPage, ...errors },
      },
    },
    async (request) => listNotifications(app.database, member(request), request.query.cursor),
  );

  app.get(
    '/notifications/unread',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'How many notifications are newer than my last-read time',
        tags: ['notifications'],
        response: { 200: UnreadState, ...errors },
      },
    },
    async (request) => unreadState(app.database, member(request)),
  );

  app.post(
    '/notifications/read',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Mark my notifications read up to now',
        tags: ['notifications'],
        response: { 200: UnreadState, ...errors },
      },
    },
    async (request) => markRead(app.database, member(request)),
  );
};
