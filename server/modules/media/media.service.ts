import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { limits } from '#shared/limits';
import type { MediaUse, UploadResult } from '#shared/schemas/media';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { pruneAttempts, recordAttempt } from '../accounts/accounts.repository.ts';
import { processImage } from './image-processing.ts';
import { insertMedia } from './media.repository.ts';
import { storeImage } from './media.storage.ts';
import type { MediaStore } from './media.store.ts';

/** busboy's words for a multipart body that breaks off or is malformed (a phone losing its signal). */
const BROKEN_MULTIPART =
  /^(Unexpected end of (form|multipart data)|Malformed part header|Part terminated early|Multipart: Boundary not found|Malformed content type)/;

/** Uploads one person may start in an hour: ten evaluations of ten photos, twice over. */
export const UPLOADS_PER_HOUR = 200;
const HOUR = 60 * 60 * 1000;

/**
 * Counts an upload about to be read against the person's hourly limit (attempts count, so a
 * script sending broken files is limited too), refusing with 429 past it.
 */
export async function guardUploadRate(database: AppDatabase, personId: string): Promise<void> {
  const now = Date.now();
  await pruneAttempts(database.db, now - HOUR);
  const count = await recordAttempt(database.db, {
    kind: 'upload_person',
    key: personId,
    now,
    windowMs: HOUR,
  });
  if (count > UPLOADS_PER_HOUR) throw new AppError('upload_rate_limited', 429);
}

/** An upload that did not arrive whole is the sender's problem (400), not the server's. */
export function asUploadError(error: unknown): never {
  if (error instanceof AppError) throw error;
  // @fastify/multipart raises this when the file passes the size limit.
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    throw new AppError('upload_too_large', 413);
  }
  if (error instanceof Error && BROKEN_MULTIPART.test(error.message)) {
    throw new AppError('upload_corrupt', 400);
  }
  throw error;
}

/**
 * Passes a body through while it keeps a pace: fewer than `limits.slowBodyBytes` in a window of
 * `limits.slowBodyWindowMs` ends it with 408. A phone whose Wi-Fi died sends nothing, and a
 * script can trickle a byte a second to hold a temporary file and a socket for hours; neither
 * is waited for. The photo waits in the phone's outbox and goes again later.
 */
export function paceGuard(
  bytes = limits.slowBodyBytes,
  windowMs = limits.slowBodyWindowMs,
): Transform {
  let received = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(null, chunk);
    },
  });
  const timer = setInterval(() => {
    if (received < bytes) guard.destroy(new AppError('body_too_slow', 408));
    received = 0;
  }, windowMs);
  timer.unref();
  const stop = () => clearInterval(timer);
  guard.on('close', stop);
  guard.on('finish', stop);
  return guard;
}

/**
 * Writes the uploaded file to a temporary file as it arrives, so waiting uploads hold no memory.
 * Returns its path; the caller removes it.
 */
async function receiveUpload(file: MultipartFile | undefined, dataDir: string): Promise<string> {
  if (file?.fieldname !== 'file') throw new AppError('upload_missing', 400);
  const dir = path.join(dataDir, 'tmp');
  await fs.mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `${randomUUID()}.upload`);
  try {
    await pipeline(file.file, paceGuard(), createWriteStream(temporary));
    if (file.file.truncated) throw new AppError('upload_too_large', 413);
    if ((await fs.stat(temporary)).size === 0) throw new AppError('upload_missing', 400);
    return temporary;
  } catch (error) {
    await fs.rm(temporary, { force: true });
    asUploadError(error);
  }
}

/**
 * Receives one photo: checked by content, re-encoded, stored by content hash, recorded with its
 * owner and use. Nothing is stored when any check fails.
 */
export async function uploadImage(options: {
  database: AppDatabase;
  dataDir: string;
  store: MediaStore;
  owner: PersonRow;
  use: MediaUse;
  file: MultipartFile | undefined;
}): Promise<UploadResult> {
  const temporary = await receiveUpload(options.file, options.dataDir);
  const image = await processImage(temporary).finally(() => fs.rm(temporary, { force: true }));
  const stored = await storeImage(options.store, image);
  await insertMedia(options.database.db, {
    id: stored.id,
    ownerId: options.owner.id,
    use: options.use,
    width: image.width,
    height: image.height,
    bytes: image.main.length,
    now: Date.now(),
  });
  return {
    public_id: stored.id,
    secure_url: `/media/${stored.mainName}`,
    thumbnail_url: `/media/${stored.smallName}`,
    width: image.width,
    height: image.height,
    bytes: image.main.length,
    format: 'webp',
  };
}
