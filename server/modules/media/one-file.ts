import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '#shared/errors';
import { AppError } from '../../lib/app-error.ts';
import { asUploadError } from './media.service.ts';

/**
 * The one file of a small multipart upload (a logo, a spreadsheet), whole in memory: refused
 * with `tooLarge` (413) past `maxBytes`, and with the upload's own refusals when it is missing
 * or broken.
 */
export async function readOneFile(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: ErrorCode,
): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError('upload_missing', 400);
  const file = await request.file({ limits: { fileSize: maxBytes } }).catch(asUploadError);
  if (!file) throw new AppError('upload_missing', 400);
  const bytes = await file.toBuffer().catch((error: unknown) => {
    // @fastify/multipart raises this when the file passes the size limit.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(tooLarge, 413);
    }
    return asUploadError(error);
  });
  return { bytes, fileName: file.filename };
}
