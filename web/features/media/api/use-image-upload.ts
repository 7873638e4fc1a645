import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { vi } from '#shared/locales/vi';
import type { MediaUse } from '#shared/schemas/media';
import { answer, api } from '../../../lib/api-client.ts';
import {
  sendImage,
  shrinkForUpload,
  UploadError,
  type UploadedPhoto,
  type UploadTarget,
} from './upload.ts';
import { uploadTargetQueryKey } from './upload-target-key.ts';

export type UploadState =
  | { status: 'idle' }
  | { status: 'working'; progress: number; preview: string }
  | { status: 'done'; preview: string; result: UploadedPhoto }
  /** No connection: the photo is kept, and sent when the connection returns. */
  | { status: 'waiting'; preview: string }
  | { status: 'failed'; preview: string | null; message: string };

const uploadTargetQuery = queryOptions({
  queryKey: uploadTargetQueryKey,
  queryFn: ({ signal }) => answer(api.GET('/upload-target', { signal })),
  staleTime: 5 * 60_000,
});

/**
 * Where photos go, loaded or asked for now (the outbox sends photos without a picker on screen).
 * With no connection and nothing loaded it fails at once, so the photo waits for the connection
 * rather than for an answer that cannot come.
 */
export const uploadTarget = (queryClient: QueryClient): Promise<UploadTarget> => {
  const known = queryClient.getQueryData(uploadTargetQuery.queryKey);
  if (known) return Promise.resolve(known);
  if (!navigator.onLine) return Promise.reject(new UploadError(vi.toasts.networkError, 0));
  return queryClient.ensureQueryData(uploadTargetQuery);
};

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
  return useCallback(() => uploadTarget(queryClient), [queryClient]);
}

/**
 * Uploads one file, reporting each state (progress, done, the spec's failure messages); a
 * cancelled upload ends as idle. Shared by the one-photo and the several-photos hooks.
 */
async function runUpload(
  file: Blob,
  targetOf: () => Promise<UploadTarget>,
  use: MediaUse,
  report: (state: UploadState) => void,
  signal: AbortSignal,
  preview = URL.createObjectURL(file),
): Promise<UploadedPhoto | null> {
  report({ status: 'working', progress: 0, preview });
  const target = await targetOf().catch(() => null);
  if (signal.aborted) {
    report({ status: 'idle' });
    return null;
  }
  // The settings could not be loaded: with no connection the photo waits for it; otherwise
  // (the server busy) the spec's "try again shortly".
  if (!target) {
    report(
      navigator.onLine
        ? { status: 'failed', preview, message: vi.toasts.settingsLoading }
        : { status: 'waiting', preview },
    );
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
    if (error instanceof UploadError && error.status === 0) {
      report({ status: 'waiting', preview });
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
  const targetOf = useTargetForUpload();

  const upload = useCallback(
    (file: File) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      return runUpload(file, targetOf, use, setState, current.signal);
    },
    [targetOf, use],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, upload, cancel };
}

export interface UploadItem {
  id: string;
  state: UploadState;
}

/**
 * A photo chosen for a post, as kept on the device (a draft, the outbox): the shrunk file as it
 * is sent, and the server's answer once it has it.
 */
export interface KeptPhoto {
  id: string;
  blob: Blob;
  sent: UploadedPhoto | null;
}

/**
 * Several photos at once (a post's photos): each uploads on its own with its own progress and
 * can be removed (which cancels it while it uploads). `results` are the finished ones, in the
 * order they were chosen; `kept` every photo with its shrunk file. Photos kept earlier
 * (`initial`) come back as they were: sent ones are not sent again.
 */
export function useImageUploads(use: MediaUse, initial: KeptPhoto[] = []) {
  const [items, setItems] = useState<UploadItem[]>(() =>
    initial.map(({ id, blob, sent }) => {
      const preview = URL.createObjectURL(blob);
      return {
        id,
        state: sent ? { status: 'done', preview, result: sent } : { status: 'waiting', preview },
      };
    }),
  );
  const controllers = useRef(new Map<string, AbortController>());
  // The chosen photos, shrunk, kept so a photo that failed or waits for a connection can be sent
  // again, and so the form can keep them on the device.
  const files = useRef(new Map<string, Blob>(initial.map(({ id, blob }) => [id, blob])));
  const targetOf = useTargetForUpload();

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const start = useCallback(
    (id: string, preview?: string) => {
      const file = files.current.get(id);
      if (!file || controllers.current.has(id)) return;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      const report = (state: UploadState) =>
        setItems((list) => list.map((item) => (item.id === id ? { id, state } : item)));
      void runUpload(file, targetOf, use, report, controller.signal, preview).finally(() => {
        if (controllers.current.get(id) === controller) controllers.current.delete(id);
      });
    },
    [targetOf, use],
  );

  const add = useCallback(
    (chosen: File[]) => {
      for (const file of chosen) {
        const id = crypto.randomUUID();
        setItems((list) => [...list, { id, state: { status: 'idle' } }]);
        void shrinkForUpload(file)
          .catch(() => file)
          .then((blob) => {
            files.current.set(id, blob);
            start(id);
          });
      }
    },
    [start],
  );

  const previewOf = (id: string) => {
    const state = items.find((item) => item.id === id)?.state;
    return state && state.status !== 'idle' ? (state.preview ?? undefined) : undefined;
  };

  /** Sends a photo that failed or waited again, with the same file. */
  const retry = (id: string) => start(id, previewOf(id));

  // Photos waiting for a connection go as soon as there is one, and at once when the picker
  // opens online with photos kept from before.
  const waitingIds = items.flatMap((item) => (item.state.status === 'waiting' ? [item.id] : []));
  const waitingKey = waitingIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the waiting ids are what matter
  useEffect(() => {
    if (waitingIds.length === 0) return;
    const sendWaiting = () => {
      for (const id of waitingIds) retry(id);
    };
    if (navigator.onLine) sendWaiting();
    window.addEventListener('online', sendWaiting);
    return () => window.removeEventListener('online', sendWaiting);
  }, [waitingKey]);

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    files.current.delete(id);
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  const results = items.flatMap((item) =>
    item.state.status === 'done' ? [item.state.result] : [],
  );
  const kept = items.flatMap((item): KeptPhoto[] => {
    const blob = files.current.get(item.id);
    if (!blob) return [];
    return [{ id: item.id, blob, sent: item.state.status === 'done' ? item.state.result : null }];
  });
  const busy = items.some((item) => item.state.status === 'working');
  // A photo just chosen is being shrunk on the phone: not yet something that can be kept.
  const preparing = items.some((item) => !files.current.has(item.id));
  const failed = items.some((item) => item.state.status === 'failed');
  const waiting = waitingIds.length > 0;
  return { items, results, kept, busy, preparing, failed, waiting, add, retry, remove };
}
