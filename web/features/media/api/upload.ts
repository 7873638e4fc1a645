import { limits } from '#shared/limits';
import { vi } from '#shared/locales/vi';
import type { MediaUse } from '#shared/schemas/media';
import { actingPerson } from '../../../lib/device-session.ts';
import {
  UploadError,
  type UploadedPhoto,
  type UploadTarget,
  uploadAnswer,
  uploadRefusal,
  uploadRequest,
} from '../../../lib/upload-request.ts';

export { UploadError, type UploadedPhoto, type UploadTarget, uploadRequest };

/** An upload that sends nothing for this long has stalled (a dead Wi-Fi): it fails, to be sent again. */
const STALL_MS = 45_000;

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

/** Sends a photo with upload progress (0–1); see `uploadRequest` for where it goes. */
export function sendImage(
  blob: Blob,
  target: UploadTarget,
  use: MediaUse,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
  personId: string | null = actingPerson.get(),
): Promise<UploadedPhoto> {
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
          resolve(uploadAnswer(xhr.responseText));
        } catch (error) {
          reject(error);
        }
      } else {
        reject(uploadRefusal(xhr.status, xhr.responseText));
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
