import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import {
  ActivityLog,
  BackupStatus,
  CleanupResult,
  Dashboard,
  DemoSummary,
  ErrorLog,
} from '#shared/schemas/admin';
import { member } from '../accounts/access.ts';
import { activityLog, errorLog } from './admin-tools.service.ts';
import { dashboard } from './dashboard.service.ts';
import { demoSummary, generateDemoData, wipeDemoData } from './demo-data.service.ts';
import { backUp, backupStatus, cleanUp } from './maintenance.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['admin'];

/** Admin tools: the logs, the dashboard, demo data and maintenance (spec 6: admins only). */
export const adminToolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/activity-log',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'The latest 100 staff actions, newest first (admins)',
        tags,
        response: { 200: ActivityLog, ...errors },
      },
    },
    async () => {
      return activityLog(app.database);
    },
  );

  app.get(
    '/admin/backup-status',
    {
      config: { audience: 'admin' },
      schema: {
        summary:
          'The nightly backups into the server’s folder and its disk: when, the last one, a warning (admins)',
        tags,
        response: { 200: BackupStatus, ...errors },
      },
    },
    async () => {
      const status = await backupStatus(app.database, app.config.dataDir, app.config.backup);
      return { ...status, disk: app.storage.state() };
    },
  );

  app.get(
    '/admin/error-log',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'The latest 100 failures, newest first (admins)',
        tags,
        response: { 200: ErrorLog, ...errors },
      },
    },
    async () => {
      return errorLog(app.database);
    },
  );

  app.get(
    '/admin/dashboard',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'People, courses and twelve weeks of activity at a glance (admins)',
        tags,
        response: { 200: Dashboard, ...errors },
      },
    },
    async (request) => dashboard(app.database, member(request)),
  );

  app.get(
    '/admin/demo-data',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'How much demo data there is (admins)',
        tags,
        response: { 200: DemoSummary, ...errors },
      },
    },
    async () => {
      return demoSummary(app.database);
    },
  );

  app.post(
    '/admin/demo-data',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Generate a demo nail-art academy, every row flagged as demo (admins)',
        tags,
        response: { 201: DemoSummary, ...errors },
      },
    },
    async (request, reply) => {
      const admin = member(request);
      return reply.status(201).send(await generateDemoData(app.database, admin, app.mediaStore));
    },
  );

  app.delete(
    '/admin/demo-data',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Remove exactly the demo data, in one transaction (admins)',
        tags,
        response: { 200: DemoSummary, ...errors },
      },
    },
    async (request) => wipeDemoData(app.database, member(request), app.mediaStore),
  );

  app.post(
    '/admin/maintenance/cleanup',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Remove stale sign-in mappings and photos nothing uses (admins)',
        tags,
        response: { 200: CleanupResult, ...errors },
      },
    },
    async (request) => cleanUp(app.database, member(request), app.mediaStore),
  );

  app.get(
    '/admin/backup',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Download a consistent backup of the database and photos as .tar.gz (admins)',
        tags,
        response: { 200: z.any().describe('application/gzip: a .tar.gz file'), ...errors },
      },
    },
    async (request, reply) => {
      const backup = await backUp(app.database, member(request), app.config, app.mediaStore);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${backup.fileName}"`)
        .send(backup.stream);
    },
  );
};
