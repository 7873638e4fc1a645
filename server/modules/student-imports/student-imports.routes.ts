import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import { limits } from '#shared/limits';
import { studentImport } from '#shared/locales/vi/student-import';
import {
  ImportChoices,
  ImportIdParams,
  ImportList,
  ImportPreview,
  ImportSummary,
} from '#shared/schemas/student-imports';
import { AppError } from '../../lib/app-error.ts';
import { requireAdmin } from '../accounts/access.ts';
import { asUploadError } from '../media/media.service.ts';
import {
  commitImport,
  listStudentImports,
  previewImport,
  undoImport,
  uploadSheet,
} from './student-imports.service.ts';
import { courseTemplateWorkbook, studentsWorkbook, templateWorkbook } from './students-workbook.ts';

const tags = ['admin'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const text = studentImport.screen;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** An admin's import of students from a spreadsheet, its undo, the template and the export. */
export const studentImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/student-imports',
    {
      schema: {
        summary: 'The latest imports of students, and whether each can be undone (admins)',
        tags,
        response: { 200: ImportList, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listStudentImports(app.database);
    },
  );

  app.post(
    '/admin/student-imports',
    {
      schema: {
        summary: 'Read a sheet of students (.xlsx or .csv, multipart field "file") (admins)',
        tags,
        consumes: ['multipart/form-data'],
        // Read from the stream below, not parsed here: named so the typed client may send a form.
        body: z.unknown().describe('multipart/form-data with one field "file"'),
        response: {
          200: ImportPreview,
          ...errors,
          413: ErrorBody,
          415: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      if (!request.isMultipart()) throw new AppError('upload_missing', 400);
      const file = await request
        .file({ limits: { fileSize: limits.importBytes } })
        .catch(asUploadError);
      if (!file) throw new AppError('upload_missing', 400);
      const bytes = await file.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('import_too_large', 413);
        }
        return asUploadError(error);
      });
      return uploadSheet(app.database, admin, { bytes, fileName: file.filename || 'sheet.csv' });
    },
  );

  app.post(
    '/admin/student-imports/:importId/preview',
    {
      schema: {
        summary: "A sheet's rows read through the chosen columns, with what each does (admins)",
        tags,
        params: ImportIdParams,
        body: ImportChoices,
        response: { 200: ImportPreview, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return previewImport(app.database, request.params.importId, request.body);
    },
  );

  app.post(
    '/admin/student-imports/:importId/commit',
    {
      schema: {
        summary: "Import a sheet's rows in one transaction (admins)",
        tags,
        params: ImportIdParams,
        body: ImportChoices,
        response: { 200: ImportSummary, ...errors, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) =>
      commitImport(
        app.database,
        await requireAdmin(request),
        request.params.importId,
        request.body,
      ),
  );

  app.post(
    '/admin/student-imports/:importId/undo',
    {
      schema: {
        summary: 'Undo an import while nobody has edited what it added or changed (admins)',
        tags,
        params: ImportIdParams,
        response: { 200: ImportSummary, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) =>
      undoImport(app.database, await requireAdmin(request), request.params.importId),
  );

  app.get(
    '/admin/student-imports/template.xlsx',
    {
      schema: {
        summary: 'The import template: the columns of the export, with one example row (admins)',
        tags,
        response: { 200: z.any().describe(XLSX), ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="${text.templateFileName}.xlsx"`)
        .send(await templateWorkbook());
    },
  );

  app.get(
    '/admin/student-imports/course-template.xlsx',
    {
      schema: {
        summary: 'The template of a sheet of courses: a course and one lesson a row (admins)',
        tags,
        response: { 200: z.any().describe(XLSX), ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply
        .type(XLSX)
        .header('content-disposition', `attachment; filename="${text.courseTemplateFileName}.xlsx"`)
        .send(await courseTemplateWorkbook());
    },
  );

  app.get(
    '/admin/students.xlsx',
    {
      schema: {
        summary: 'Every student with her courses and progress, as Excel (admins)',
        tags,
        response: { 200: z.any().describe(XLSX), ...errors },
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      return reply
        .type(XLSX)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${text.fileName}-${today()}.xlsx"`)
        .send(await studentsWorkbook(app.database));
    },
  );
};
