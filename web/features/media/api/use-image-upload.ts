import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { vi } from '#shared/locales/vi';
import type { MediaUse, UploadResult } from '#shared/schemas/media';
import { apiRequest } from '../../../lib/api-client.ts';
import { sendImage, shrinkForUpload, UploadError, type UploadTarget } from './upload.ts';

export type UploadState =
  | { status: 'idle' }
  | { status: 'working'; progress: number; preview: string }
  | { status: 'done'; preview: string; result: UploadResult }
  | { status: 'failed'; preview: string | null; message: string };

export function useUploadTarget() {
  return useQuery({
    queryKey: ['upload-target'],
    queryFn: ({ signal }) => apiRequest<UploadTarget>('/upload-target', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** One photo upload: preview, shrink, progress, cancel, and the spec's messages on failure. */
export function useImageUpload(use: MediaUse) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const { data: target, isPending } = useUploadTarget();

  const upload = useCallback(
    async (file: File): Promise<UploadResult | null> => {
      const preview = URL.createObjectURL(file);
      if (isPending || !target) {
        setState({ status: 'failed', preview, message: vi.toasts.settingsLoading });
        return null;
      }
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ status: 'working', progress: 0, preview });
      try {
        const blob = await shrinkForUpload(file);
        const result = await sendImage(
          blob,
          target,
          use,
          (progress) => {
            setState({ status: 'working', progress, preview });
          },
          current.signal,
        );
        setState({ status: 'done', preview, result });
        return result;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          setState({ status: 'idle' });
          return null;
        }
        setState({
          status: 'failed',
          preview,
          message: error instanceof UploadError ? error.message : vi.toasts.uploadFailed,
        });
        return null;
      }
    },
    [isPending, target, use],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, upload, cancel, reset };
}
