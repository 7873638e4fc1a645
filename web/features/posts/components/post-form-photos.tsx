import { type RefObject, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FieldErrorText } from '../../../components/ui/form.tsx';
import { t } from '../../../lib/text.ts';
import { type KeptPhoto, MultiImagePicker } from '../../media/index.ts';
import { type PostDraft, type PostPhoto, photoOf } from '../post-draft.ts';
import { labelClass } from './form-classes.ts';

/** Where the post's new photos stand, as the picker tells it. */
export interface PhotoStatus {
  uploading: boolean;
  /** A photo still being shrunk would be left out of a post queued now: the post waits for it. */
  preparing: boolean;
  failed: boolean;
  waiting: boolean;
  /** A photo being sent or failed is something put in, though not yet among the photos. */
  chosen: boolean;
}

export function usePhotoStatus() {
  const [status, setStatus] = useState<PhotoStatus>({
    uploading: false,
    preparing: false,
    failed: false,
    waiting: false,
    chosen: false,
  });
  const tell = (change: Partial<Omit<PhotoStatus, 'chosen'>>) =>
    setStatus((now) => ({
      ...now,
      ...change,
      chosen: now.chosen || Boolean(change.uploading || change.failed || change.waiting),
    }));
  return [status, tell] as const;
}

/** A photo not yet sent counts as a photo of the post: the outbox sends it before the post. */
export const photosOfKept = (photos: KeptPhoto[]): PostPhoto[] =>
  photos.map((photo) =>
    photo.sent ? photoOf(photo.sent) : { url: `kept:${photo.id}`, width: null, height: null },
  );

/**
 * The post's photos, first in the form: they are what an evaluation is about, taken at the
 * table. An edited post shows the photos it has, and new ones are added after them; a new
 * post's photos are kept on the device with its draft until the outbox sends them.
 */
export function PhotosField({
  form,
  existing,
  keptPhotos,
  initial,
  added,
  onStatus,
}: {
  form: UseFormReturn<PostDraft>;
  /** The photos of the post being edited; undefined for a new post. */
  existing: PostPhoto[] | undefined;
  keptPhotos: RefObject<KeptPhoto[]>;
  initial: KeptPhoto[] | undefined;
  added: File[] | undefined;
  onStatus: (change: Partial<Omit<PhotoStatus, 'chosen'>>) => void;
}) {
  const error = form.formState.errors.photos;
  return (
    <div>
      <p className={labelClass}>{t('posts.form.photos')}</p>
      {existing && existing.length > 0 ? (
        <div className="mb-2 flex gap-2">
          {existing.map((photo, index) => (
            <img
              // biome-ignore lint/suspicious/noArrayIndexKey: the same photo may appear twice
              key={index}
              src={photo.url}
              alt={t('posts.photo', { number: index + 1 })}
              width={64}
              height={64}
              className="size-16 rounded-lg object-cover"
            />
          ))}
        </div>
      ) : null}
      <MultiImagePicker
        use="post"
        capture="environment"
        initial={initial}
        added={added}
        onBusyChange={(uploading) => onStatus({ uploading })}
        onPreparingChange={(preparing) => onStatus({ preparing })}
        onFailedChange={(failed) => {
          onStatus({ failed });
          if (!failed) form.clearErrors('photos');
        }}
        onWaitingChange={(waiting) => onStatus({ waiting })}
        onKeptChange={(photos) => {
          if (existing) return;
          keptPhotos.current = photos;
          form.setValue('photos', photosOfKept(photos), { shouldDirty: true });
        }}
        onChange={(results) => {
          if (!existing) return;
          form.setValue('photos', [...existing, ...results.map(photoOf)], { shouldDirty: true });
        }}
      />
      <FieldErrorText message={error?.message} />
    </div>
  );
}
