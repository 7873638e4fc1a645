import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '#shared/errors';
import { AdminFeedbackList, FeedbackIdParams, FeedbackStatusInput } from '#shared/schemas/admin';
import { FeedbackInput, FeedbackList } from '#shared/schemas/profile';
import { member } from '../accounts/access.ts';
import {
  listFeedback,
  listMyFeedback,
  sendFeedback,
  setFeedbackStatus,
} from './feedback.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['feedback'];

/** Feedback to the admins: anyone signed in writes and follows their own; admins handle it. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/feedback',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'My feedback to the admins and its status',
        tags,
        response: { 200: FeedbackList, ...errors },
      },
    },
    async (request) => listMyFeedback(app.database, member(request)),
  );

  app.post(
    '/feedback',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Send feedback to the admins',
        tags,
        body: FeedbackInput,
        response: { 201: FeedbackList, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendFeedback(app.database, member(request), request.body.text)),
  );

  app.get(
    '/admin/feedback',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Everyone’s feedback, newest first, with its author and status (admins)',
        tags,
        response: { 200: AdminFeedbackList, ...errors },
      },
    },
    async () => {
      return listFeedback(app.database);
    },
  );

  app.put(
    '/admin/feedback/:feedbackId/status',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Mark feedback viewed or resolved; its author is notified (admins)',
        tags,
        params: FeedbackIdParams,
        body: FeedbackStatusInput,
        response: { 200: AdminFeedbackList, ...errors },
      },
    },
    async (request) =>
      setFeedbackStatus(app.database, member(request), request.params.feedbackId, request.body),
  );
};
