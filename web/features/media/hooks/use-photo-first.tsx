import { type ReactNode, useRef, useState } from 'react';

/** Whether the device is held in the hand (a touch screen): where the camera is. */
const onPhone = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * Photo first: a button that starts a post about work at the table opens the phone's camera or
 * gallery before the form (the form opens behind it), and the photos chosen arrive in the form.
 * The system's own chooser offers both (no `capture`, which would allow the camera only). On a
 * computer the form opens alone: there the photo is added from the form.
 *
 * `input` goes in the screen that owns the button, outside any lazily loaded code, so that the
 * chooser opens within the tap.
 */
export function usePhotoFirst(): {
  input: ReactNode;
  /** Call in the tap's handler. */
  choose: () => void;
  /** The photos chosen for the form opened last; a new array each time. */
  photos: File[] | undefined;
  /** Photos that came another way (shared from the gallery), for the form as if chosen. */
  offer: (files: File[]) => void;
} {
  const field = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<File[]>();
  return {
    input: (
      <input
        ref={field}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="photo-first"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) setPhotos(files);
        }}
      />
    ),
    choose: () => {
      setPhotos(undefined);
      if (onPhone()) field.current?.click();
    },
    photos,
    offer: setPhotos,
  };
}
