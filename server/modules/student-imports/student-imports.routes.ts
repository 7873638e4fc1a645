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
import { member } from '../accounts/access.ts';
import { readOneFile } from '../media/one-file.ts';
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
      config: { audience: 'admin' },
      schema: {
        summary: 'The latest imports of students, and whether each can be undone (admins)',
        tags,
        response: { 200: ImportList, ...errors },
      },
    },
    async () => {
      return listStudentImports(app.database);
    },
  );

  app.post(
    '/admin/student-imports',
    {
      config: { audience: 'admin' },
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
      const admin = member(request);
      const file = await readOneFile(request, limits.importBytes, 'import_too_large');
      return uploadSheet(app.database, admin, {
        bytes: file.bytes,
        fileName: file.fileName || 'sheet.csv',
      });
    },
  );

  app.post(
    '/admin/student-imports/:importId/preview',
    {
      config: { audience: 'admin' },
      schema: {
        summary: "A sheet's rows read through the chosen columns, with what each does (admins)",
        tags,
        params: ImportIdParams,
        body: ImportChoices,
        response: { 200: ImportPreview, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      return previewImport(app.database, request.params.importId, request.body);
    },
  );

  app.post(
    '/admin/student-imports/:importId/commit',
    {
      config: { audience: 'admin' },
      schema: {
        summary: "Import a sheet's rows in one transaction (admins)",
        tags,
        params: ImportIdParams,
        body: ImportChoices,
        response: { 200: ImportSummary, ...errors, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) =>
      commitImport(app.database, member(request), request.params.importId, request.body),
  );

  app.post(
    '/admin/student-imports/:importId/undo',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Undo an import while nobody has edited what it added or changed (admins)',
        tags,
        params: ImportIdParams,
        response: { 200: ImportSummary, ...errors, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => undoImport(app.database, member(request), request.params.importId),
  );

  // The workbooks an admin downloads: each built when asked, never cached (the export holds
  // personal data as it stands now).
  const workbooks = [
    {
      url: '/admin/student-imports/template.xlsx',
      summary: 'The import template: the columns of the export, with one example row (admins)',
      fileName: () => text.templateFileName,
      build: templateWorkbook,
    },
    {
      url: '/admin/student-imports/course-template.xlsx',
      summary: 'The template of a sheet of courses: a course and one lesson a row (admins)',
      fileName: () => text.courseTemplateFileName,
      build: courseTemplateWorkbook,
    },
    {
      url: '/admin/students.xlsx',
      summary: 'Every student with her courses and progress, as Excel (admins)',
      fileName: () => `${text.fileName}-${today()}`,
      build: () => studentsWorkbook(app.database),
    },
  ];
  for (const workbook of workbooks) {
    app.get(
      workbook.url,
      {
        config: { audience: 'admin' },
        schema: {
          summary: workbook.summary,
          tags,
          response: { 200: z.any().describe(XLSX), ...errors },
        },
      },
      async (_request, reply) => {
        return reply
          .type(XLSX)
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${workbook.fileName()}.xlsx"`)
          .send(await workbook.build());
      },
    );
  }
};
