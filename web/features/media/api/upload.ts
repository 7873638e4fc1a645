import { limits } from '#shared/limits';
import { vi } from '#shared/locales/vi';
import type { MediaUse, UploadResult } from '#shared/schemas/media';
import { actingHeaders } from '../../../lib/api-client.ts';
import { actingPerson } from '../../../lib/device-session.ts';

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

/** The error code of a refused upload's answer, when the answer is the API's error shape. */
export function uploadErrorCode(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** An upload that sends nothing for this long has stalled (a dead Wi-Fi): it fails, to be sent again. */
const STALL_MS = 45_000;

export interface UploadTarget {
  service: 'builtin' | 'cloudinary';
  cloudName?: string | null;
  uploadPreset?: string | null;
}

/**
 * Shrinks a large photo in the browser before sending it (long side 2560 px, JPEG), so a 12 MP
 * phone photo costs seconds less on a slow connection. Files the browser cannot decode (HEIC
 * on most browsers) are sent as they are; the server decodes what it can.
 */
export async function shrinkForUpload(file: Blob): Promise<Blob> {
  if (file.size < 1024 * 1024 || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const scale = Math.min(1, limits.clientShrinkLongSide / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.type === 'image/jpeg') {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.9),
  );
  return blob && blob.size < file.size ? blob : file;
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
    return { url: `/api/uploads?use=${use}`, form, headers: actingHeaders(personId) };
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

/** The Vietnamese reason of a refused upload: the server's message, or its status. */
export function uploadRefusal(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // not JSON
  }
  return vi.toasts.uploadFailedStatus.replace('{{status}}', String(status));
}

/** Sends a photo with upload progress (0–1); see `uploadRequest` for where it goes. */
export function sendImage(
  blob: Blob,
  target: UploadTarget,
  use: MediaUse,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
  personId: string | null = actingPerson.get(),
): Promise<UploadResult> {
  let url: string;
  let form: FormData;
  let headers: Record<string, string>;
  try {
    ({ url, form, headers } = uploadRequest(blob, target, use, personId));
  } catch (error) {
    return Promise.reject(error);
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, STALL_MS);
    };
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      watch();
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onloadend = () => clearTimeout(watchdog);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        try {
          resolve(JSON.parse(xhr.responseText) as UploadResult);
        } catch {
          reject(new UploadError(vi.toasts.uploadFailed));
        }
      } else {
        reject(
          new UploadError(
            uploadRefusal(xhr.status, xhr.responseText),
            xhr.status,
            uploadErrorCode(xhr.responseText),
          ),
        );
      }
    };
    xhr.onerror = () => reject(new UploadError(vi.toasts.networkError));
    xhr.onabort = () =>
      reject(
        stalled
          ? new UploadError(vi.toasts.networkError)
          : new DOMException('cancelled', 'AbortError'),
      );
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    watch();
    xhr.send(form);
  });
}
