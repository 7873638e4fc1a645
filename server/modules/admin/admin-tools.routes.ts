import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import {
  ActivityLog,
  AdminFeedbackList,
  Dashboard,
  ErrorLog,
  FeedbackIdParams,
  FeedbackStatusInput,
} from '#shared/schemas/admin';
import { requireAdmin } from '../accounts/access.ts';
import { activityLog, errorLog, listFeedback, setFeedbackStatus } from './admin-tools.service.ts';
import { dashboard } from './dashboard.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['admin'];

/** Admin tools: the logs and everyone's feedback (spec 6: admins only). */
export const adminToolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/activity-log',
    {
      schema: {
        summary: 'The latest 100 staff actions, newest first (admins)',
        tags,
        response: { 200: ActivityLog, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return activityLog(app.database);
    },
  );

  app.get(
    '/admin/error-log',
    {
      schema: {
        summary: 'The latest 100 failures, newest first (admins)',
        tags,
        response: { 200: ErrorLog, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return errorLog(app.database);
    },
  );

  app.get(
    '/admin/dashboard',
    {
      schema: {
        summary: 'People, courses and twelve weeks of activity at a glance (admins)',
        tags,
        response: { 200: Dashboard, ...errors },
      },
    },
    async (request) => dashboard(app.database, await requireAdmin(request)),
  );

  app.get(
    '/admin/feedback',
    {
      schema: {
        summary: 'Everyone’s feedback, newest first, with its author and status (admins)',
        tags,
        response: { 200: AdminFeedbackList, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listFeedback(app.database);
    },
  );

  app.put(
    '/admin/feedback/:feedbackId/status',
    {
      schema: {
        summary: 'Mark feedback viewed or resolved; its author is notified (admins)',
        tags,
        params: FeedbackIdParams,
        body: FeedbackStatusInput,
        response: { 200: AdminFeedbackList, ...errors },
      },
    },
    async (request) =>
      setFeedbackStatus(
        app.database,
        await requireAdmin(request),
        request.params.feedbackId,
        request.body,
      ),
  );
};
