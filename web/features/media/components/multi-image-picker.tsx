import { ImagePlus, RotateCcw, WifiOff, X } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef } from 'react';
import type { MediaUse } from '#shared/schemas/media';
import { t } from '../../../lib/text.ts';
import type { UploadedPhoto } from '../api/upload.ts';
import { type KeptPhoto, useImageUploads } from '../api/use-image-upload.ts';
import { UploadProgressBar } from './upload-progress-bar.tsx';

/**
 * Several photos at once, e.g. a student's work for an evaluation: a grid of previews, each with
 * its own progress and a remove button. Calls `onChange` with the uploaded photos in order.
 */
export function MultiImagePicker({
  use,
  initial,
  added,
  onChange,
  onKeptChange,
  onBusyChange,
  onPreparingChange,
  onFailedChange,
  onWaitingChange,
  capture,
}: {
  use: MediaUse;
  /** Photos kept on the device from before (a draft, a post waiting to be sent). */
  initial?: KeptPhoto[];
  /** Photos chosen before the picker showed (photo first): added once each time it changes. */
  added?: File[] | undefined;
  onChange: (results: UploadedPhoto[]) => void;
  /** Every photo with its shrunk file, whether sent or not: what a draft or the outbox keeps. */
  onKeptChange?: (kept: KeptPhoto[]) => void;
  /** Told while a photo waits for a connection to be sent. */
  onWaitingChange?: (waiting: boolean) => void;
  /** Told while photos are still uploading, so a form can wait for them. */
  onBusyChange?: (busy: boolean) => void;
  /** Told while a photo just chosen is being shrunk, before it can be kept or sent. */
  onPreparingChange?: (preparing: boolean) => void;
  /** Told while a photo failed and waits to be sent again or removed: it is not in `onChange`. */
  onFailedChange?: (failed: boolean) => void;
  capture?: 'environment';
}) {
  const inputId = useId();
  const { items, results, kept, busy, preparing, failed, waiting, add, retry, remove } =
    useImageUploads(use, initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of `busy` matters; the callback is new on every render
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of `preparing` matters; the callback is new on every render
  useEffect(() => {
    onPreparingChange?.(preparing);
  }, [preparing]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of `failed` matters; the callback is new on every render
  useEffect(() => {
    onFailedChange?.(failed);
  }, [failed]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of `waiting` matters; the callback is new on every render
  useEffect(() => {
    onWaitingChange?.(waiting);
  }, [waiting]);
  const keptKey = kept.map((photo) => `${photo.id}:${photo.sent ? 1 : 0}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the kept photos and what of them was sent are what matter
  useEffect(() => {
    onKeptChange?.(kept);
  }, [keptKey]);

  const uploadedIds = results.map((result) => result.public_id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the uploaded ids are what matter; `results` and `onChange` are new objects on every render
  useEffect(() => {
    onChange(results);
  }, [uploadedIds]);

  const addedAlready = useRef<File[] | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new array of photos is added once
  useEffect(() => {
    if (!added || addedAlready.current === added) return;
    addedAlready.current = added;
    add(added);
  }, [added]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    add(Array.from(event.target.files ?? []));
    event.target.value = '';
  };

  return (
    <div>
      <ul className="grid grid-cols-4 gap-2" aria-label={t('upload.addPhotos')}>
        {items.map((item, index) => {
          const preview = item.state.status === 'idle' ? null : item.state.preview;
          const percent =
            item.state.status === 'working' ? Math.round(item.state.progress * 100) : null;
          return (
            <li
              key={item.id}
              data-testid="photo-item"
              data-status={item.state.status}
              className="relative aspect-square overflow-hidden rounded-xl bg-stone-100"
            >
              {preview ? (
                <img
                  src={preview}
                  alt={t('upload.photo', { number: index + 1 })}
                  className="size-full object-cover"
                />
              ) : null}
              {percent !== null ? (
                <UploadProgressBar
                  percent={percent}
                  className="absolute inset-x-2 bottom-2 h-1.5 bg-white/70"
                />
              ) : null}
              {item.state.status === 'waiting' ? (
                <p className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-stone-900/75 px-1.5 py-1 text-[11px] leading-4 text-white">
                  <WifiOff className="size-3.5 shrink-0" aria-hidden="true" />
                  {t('upload.waiting')}
                </p>
              ) : null}
              {item.state.status === 'failed' ? (
                <div className="absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-red-700/90 p-1.5">
                  <p role="alert" className="text-[11px] leading-4 text-white">
                    {item.state.message}
                  </p>
                  <button
                    type="button"
                    onClick={() => retry(item.id)}
                    aria-label={t('upload.retryPhoto', {
                      photo: t('upload.photo', { number: index + 1 }),
                    })}
                    className="inline-flex min-h-9 items-center justify-center gap-1 rounded-lg bg-white text-xs font-semibold text-red-800"
                  >
                    <RotateCcw className="size-3.5" aria-hidden="true" />
                    {t('upload.retry')}
                  </button>
                </div>
              ) : null}
              <button
                type="button"
                onClick={() => remove(item.id)}
                aria-label={`${t('upload.remove')} (${t('upload.photo', { number: index + 1 })})`}
                className="absolute top-1 right-1 grid size-9 place-items-center rounded-full bg-stone-900/60 text-white hover:bg-stone-900/80"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          );
        })}
        <li className="aspect-square">
          <label
            htmlFor={inputId}
            className="flex size-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-stone-300 px-1 text-center text-sm leading-tight font-medium text-stone-600 hover:border-accent-600 hover:text-accent-700"
          >
            <ImagePlus className="size-6" aria-hidden="true" />
            {t('upload.addPhotos')}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            {...(capture ? { capture } : {})}
            onChange={choose}
            className="sr-only"
            aria-label={t('upload.addPhotos')}
          />
        </li>
      </ul>
    </div>
  );
}
