import { Camera, X } from 'lucide-react';
import { type ChangeEvent, useId, useRef } from 'react';
import type { MediaUse } from '#shared/schemas/media';
import { t } from '../../../lib/text.ts';
import type { UploadedPhoto } from '../api/upload.ts';
import { useImageUpload } from '../api/use-image-upload.ts';
import { UploadProgressBar } from './upload-progress-bar.tsx';

/**
 * Picks or takes one photo and uploads it, with a preview, a real progress bar and a cancel
 * button. `capture` opens the phone's camera directly where that fits (e.g. a student's work).
 */
export function ImagePicker({
  use,
  label,
  capture,
  onUploaded,
  className = '',
}: {
  use: MediaUse;
  label: string;
  capture?: 'user' | 'environment';
  onUploaded: (result: UploadedPhoto) => void;
  className?: string;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, upload, cancel } = useImageUpload(use);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const result = await upload(file);
    if (result) onUploaded(result);
  };

  const percent = state.status === 'working' ? Math.round(state.progress * 100) : 0;
  return (
    <div className={className}>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        {...(capture ? { capture } : {})}
        onChange={choose}
        className="sr-only"
        aria-label={label}
      />
      <div className="flex items-center gap-3">
        <label
          htmlFor={inputId}
          className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 hover:bg-stone-50"
        >
          <Camera className="size-5" aria-hidden="true" />
          {label}
        </label>
        {state.status === 'working' ? (
          <button
            type="button"
            onClick={cancel}
            className="inline-flex h-11 items-center gap-1 rounded-xl px-3 text-sm font-medium text-stone-600 hover:bg-stone-100"
          >
            <X className="size-4" aria-hidden="true" />
            {t('upload.cancel')}
          </button>
        ) : null}
      </div>
      {state.status === 'working' ? (
        <div className="mt-3" data-testid="upload-progress">
          <UploadProgressBar percent={percent} className="h-2 bg-stone-200" />
          <p className="mt-1 text-xs text-stone-500">{t('upload.uploading', { percent })}</p>
        </div>
      ) : null}
      {state.status === 'failed' ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
