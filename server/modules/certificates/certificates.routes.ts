import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import { certificateText } from '#shared/locales/vi/certificate';
import { CertificateCodeParams, CertificateList } from '#shared/schemas/certificates';
import { StudentIdParams } from '#shared/schemas/students';
import { fileNamePart, fillPlaceholders } from '#shared/text';
import { AppError } from '../../lib/app-error.ts';
import { PUBLIC_PAGE_CSP, publicBase } from '../../lib/public-page.ts';
import { member } from '../accounts/access.ts';
import { readIdentity } from '../identity/identity.service.ts';
import { normaliseCode } from './certificate-issue.ts';
import { certificatePageHtml } from './certificate-page.ts';
import {
  certificateDocument,
  revokeCertificate,
  studentCertificates,
  verifyCertificate,
} from './certificates.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Certificates under /api: hers, as PDF, and an admin's revocation. */
export const certificateRoutes: FastifyPluginAsyncZod<{ webRoot?: string }> = async (
  app,
  options,
) => {
  // The academy's mark on the paper, from the built app when it is served.
  const logoFile = options.webRoot && path.join(options.webRoot, 'icons', 'icon-256.png');
  const logo = logoFile && fs.existsSync(logoFile) ? fs.readFileSync(logoFile) : undefined;

  app.get(
    '/students/:studentId/certificates',
    {
      // Certificates are hers to show, not for guests browsing the academy.
      config: { audience: 'member' },
      schema: {
        summary: "A student's certificates, revoked ones too (herself and staff)",
        tags: ['certificates'],
        params: StudentIdParams,
        response: { 200: CertificateList, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      return studentCertificates(app.database, person, request.params.studentId);
    },
  );

  app.get(
    '/certificates/:code/pdf',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'A certificate that stands, as PDF (its student and staff)',
        tags: ['certificates'],
        params: CertificateCodeParams,
        response: { 200: z.any(), 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const person = member(request);
      const code = normaliseCode(request.params.code);
      if (!code) throw new AppError('certificate_not_found', 404);
      const base = publicBase(app.config.publicUrl, request);
      const { pdf, studentName } = await certificateDocument(
        app.database,
        app.mediaStore,
        person,
        code,
        { verifyUrl: `${base}/c/${code}`, logo },
      );
      const file = fillPlaceholders(certificateText.file, { name: fileNamePart(studentName) });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${file}"`)
        .header('cache-control', 'private, no-cache')
        .send(pdf);
    },
  );

  app.post(
    '/certificates/:code/revoke',
    {
      config: { audience: 'admin' },
      schema: {
        summary: 'Revoke a certificate (admins); its page says so from then on',
        tags: ['certificates'],
        params: CertificateCodeParams,
        response: { 200: z.object({ revoked: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const admin = member(request);
      const code = normaliseCode(request.params.code);
      if (!code) throw new AppError('certificate_not_found', 404);
      await revokeCertificate(app.database, admin, code);
      return { revoked: true as const };
    },
  );
};

/** `/c/<code>`: the page a certificate's QR code opens, outside /api, open to anyone. */
export const certificatePageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/c/:code',
    { config: { audience: 'public' }, schema: { hide: true, params: CertificateCodeParams } },
    async (request, reply) => {
      const content = await verifyCertificate(app.database, request.params.code);
      return reply
        .status(content ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', PUBLIC_PAGE_CSP)
        .send(certificatePageHtml(content, await readIdentity(app.database)));
    },
  );
};
