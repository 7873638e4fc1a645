import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { vi } from '#shared/locales/vi';
import type { MediaUse, UploadResult } from '#shared/schemas/media';
import { apiRequest } from '../../../lib/api-client.ts';
import { sendImage, shrinkForUpload, UploadError, type UploadTarget } from './upload.ts';
import { uploadTargetQueryKey } from './upload-target-key.ts';

export type UploadState =
  | { status: 'idle' }
  | { status: 'working'; progress: number; preview: string }
  | { status: 'done'; preview: string; result: UploadResult }
  | { status: 'failed'; preview: string | null; message: string };

const uploadTargetQuery = queryOptions({
  queryKey: uploadTargetQueryKey,
  queryFn: ({ signal }) => apiRequest<UploadTarget>('/upload-target', { signal }),
  staleTime: 5 * 60_000,
});

/** Where photos go (the server or Cloudinary), loaded as soon as a photo picker shows. */
export function useUploadTarget() {
  return useQuery(uploadTargetQuery);
}

/**
 * Where photos go, for a photo just chosen: the loaded settings, or the answer on its way. A
 * photo chosen as the screen opens waits for it instead of being refused.
 */
function useTargetForUpload() {
  const queryClient = useQueryClient();
  useUploadTarget();
  return useCallback(() => queryClient.ensureQueryData(uploadTargetQuery), [queryClient]);
}

/**
 * Uploads one file, reporting each state (progress, done, the spec's failure messages); a
 * cancelled upload ends as idle. Shared by the one-photo and the several-photos hooks.
 */
async function runUpload(
  file: File,
  uploadTarget: () => Promise<UploadTarget>,
  use: MediaUse,
  report: (state: UploadState) => void,
  signal: AbortSignal,
): Promise<UploadResult | null> {
  const preview = URL.createObjectURL(file);
  report({ status: 'working', progress: 0, preview });
  const target = await uploadTarget().catch(() => null);
  if (signal.aborted) {
    report({ status: 'idle' });
    return null;
  }
  // The settings could not be loaded (offline, the server busy): the spec's "try again shortly".
  if (!target) {
    report({ status: 'failed', preview, message: vi.toasts.settingsLoading });
    return null;
  }
  try {
    const blob = await shrinkForUpload(file);
    const result = await sendImage(
      blob,
      target,
      use,
      (progress) => report({ status: 'working', progress, preview }),
      signal,
    );
    report({ status: 'done', preview, result });
    return result;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      report({ status: 'idle' });
      return null;
    }
    report({
      status: 'failed',
      preview,
      message: error instanceof UploadError ? error.message : vi.toasts.uploadFailed,
    });
    return null;
  }
}

/** One photo upload: preview, shrink, progress, cancel, and the spec's messages on failure. */
export function useImageUpload(use: MediaUse) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const uploadTarget = useTargetForUpload();

  const upload = useCallback(
    (file: File) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      return runUpload(file, uploadTarget, use, setState, current.signal);
    },
    [uploadTarget, use],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, upload, cancel };
}

export interface UploadItem {
  id: string;
  state: UploadState;
}

/**
 * Several photos at once (a post's photos): each uploads on its own with its own progress and
 * can be removed (which cancels it while it uploads). `results` are the finished ones, in the
 * order they were chosen.
 */
export function useImageUploads(use: MediaUse) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  // The chosen files, kept so a photo that failed (offline, a dropped connection) can be sent again.
  const files = useRef(new Map<string, File>());
  const uploadTarget = useTargetForUpload();

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const start = useCallback(
    (id: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(id, controller);
      const report = (state: UploadState) =>
        setItems((list) => list.map((item) => (item.id === id ? { id, state } : item)));
      void runUpload(file, uploadTarget, use, report, controller.signal).finally(() => {
        if (controllers.current.get(id) === controller) controllers.current.delete(id);
      });
    },
    [uploadTarget, use],
  );

  const add = useCallback(
    (chosen: File[]) => {
      for (const file of chosen) {
        const id = crypto.randomUUID();
        files.current.set(id, file);
        setItems((list) => [...list, { id, state: { status: 'idle' } }]);
        start(id, file);
      }
    },
    [start],
  );

  /** Sends a photo that failed again, with the same file. */
  const retry = useCallback(
    (id: string) => {
      const file = files.current.get(id);
      if (file && !controllers.current.has(id)) start(id, file);
    },
    [start],
  );

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    files.current.delete(id);
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const results = items.flatMap((item) =>
    item.state.status === 'done' ? [item.state.result] : [],
  );
  const busy = items.some((item) => item.state.status === 'working');
  const failed = items.some((item) => item.state.status === 'failed');
  return { items, results, busy, failed, add, retry, remove };
}
