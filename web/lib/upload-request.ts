import { vi } from '#shared/locales/vi';
import type { MediaUse, UploadResult } from '#shared/schemas/media';
import { fillPlaceholders } from '#shared/text';
import { actingHeaders, apiAddress } from './api-client.ts';
import { actingPerson } from './device-session.ts';

/*
 * Where a photo goes and what its refusal says: shared by the page's uploads (with progress,
 * features/media) and the service worker's (Background Sync), which must not carry the
 * page's components.
 */

/**
 * An upload that did not succeed, with the Vietnamese message to show and the answer's status
 * (0: no answer came, the connection dropped or stalled).
 */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    message: string,
    readonly status = 0,
    /** The server's error code, when it gave one (`person_changed`, …). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface UploadTarget {
  service: 'builtin' | 'cloudinary';
  cloudName?: string | null;
  uploadPreset?: string | null;
}

/**
 * Where a photo is sent and the form that carries it: the built-in service or, when the admin
 * chose it, straight to Cloudinary (fields `file` and `upload_preset`); both answer
 * `secure_url`. Shared by the page (with progress) and the service worker (Background Sync).
 */
export function uploadRequest(
  blob: Blob,
  target: UploadTarget,
  use: MediaUse,
  personId: string | null = actingPerson.get(),
): { url: string; form: FormData; headers: Record<string, string> } {
  const form = new FormData();
  form.append('file', blob, 'photo.jpg');
  // Our server is told whose photo it is; Cloudinary takes no cookie and no such header.
  if (target.service !== 'cloudinary')
    return {
      url: apiAddress('/uploads', 'post', { query: { use } }),
      form,
      headers: actingHeaders(personId),
    };
  if (!target.cloudName || !target.uploadPreset)
    // A setting only the admin can mend: refused like a 4xx, not tried again by itself.
    throw new UploadError(vi.toasts.cloudinaryMissing, 400);
  form.append('upload_preset', target.uploadPreset);
  return {
    url: `https://api.cloudinary.com/v1_1/${encodeURIComponent(target.cloudName)}/image/upload`,
    form,
    headers: {},
  };
}

/** The JSON object an answer's body holds, or undefined (not JSON, or not an object). */
function jsonObject(body: string): object | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null ? value : undefined;
}

/** One field of an answer, read without assuming its type. */
const field = (object: object | undefined, name: string): unknown =>
  object === undefined ? undefined : Reflect.get(object, name);

/**
 * A refused upload: the server's (or Cloudinary's) Vietnamese reason and the server's error code
 * (`person_changed`, …) when it gave them, else a message naming the status.
 */
export function uploadRefusal(status: number, body: string): UploadError {
  // The API's error shape, or Cloudinary's (a message and no code).
  const error = field(jsonObject(body), 'error');
  const errorObject = typeof error === 'object' && error !== null ? error : undefined;
  const message = field(errorObject, 'message');
  const code = field(errorObject, 'code');
  return new UploadError(
    typeof message === 'string'
      ? message
      : fillPlaceholders(vi.toasts.uploadFailedStatus, { status }),
    status,
    typeof code === 'string' ? code : undefined,
  );
}

/**
 * What the app keeps of an upload's answer: the fields the built-in service and Cloudinary both
 * give (Cloudinary keeps the format it was sent and has no thumbnail of ours).
 */
export type UploadedPhoto = Pick<UploadResult, 'public_id' | 'secure_url' | 'width' | 'height'>;

const isSize = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * The photo a successful upload's answer describes. An answer that does not describe one (a
 * proxy's page, a cut-off body) is refused as a failed upload, to be sent again, rather than
 * becoming a post with a broken photo.
 */
export function uploadAnswer(body: string): UploadedPhoto {
  const answer = jsonObject(body);
  const public_id = field(answer, 'public_id');
  const secure_url = field(answer, 'secure_url');
  const width = field(answer, 'width');
  const height = field(answer, 'height');
  if (
    typeof public_id !== 'string' ||
    public_id === '' ||
    typeof secure_url !== 'string' ||
    secure_url === '' ||
    !isSize(width) ||
    !isSize(height)
  ) {
    throw new UploadError(vi.toasts.uploadFailed);
  }
  return { public_id, secure_url, width, height };
}
