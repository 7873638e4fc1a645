import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import type { Post } from '#shared/schemas/posts';
import { photoSources } from '../../lib/photo-sources.ts';
import { t } from '../../lib/text.ts';

/** How far a finger must travel (px) to count as a swipe rather than a tap. */
const SWIPE = 60;

/**
 * Photos full screen, one at a time (a post's, a student's portfolio): arrow keys or a sideways
 * swipe move between them, Escape or a swipe down closes. The photo itself allows the browser's
 * pinch zoom. `details` adds what is said of each photo under it (the portfolio's work and the
 * evaluation it came from).
 */
export function StoryViewer({
  photos,
  startAt,
  onClose,
  details,
  alt,
  label = t('posts.viewer.label'),
}: {
  photos: Post['media'];
  startAt: number;
  onClose: () => void;
  details?: (index: number) => ReactNode;
  /** Each photo's text alternative; its position by default. */
  alt?: (index: number) => string;
  /** The dialog's name. */
  label?: string;
}) {
  const [index, setIndex] = useState(startAt);
  const start = useRef<{ x: number; y: number; pointers: number } | null>(null);
  const go = (step: number) =>
    setIndex((current) => Math.min(photos.length - 1, Math.max(0, current + step)));

  const onPointerDown = (event: PointerEvent) => {
    start.current = {
      x: event.clientX,
      y: event.clientY,
      pointers: (start.current?.pointers ?? 0) + 1,
    };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    // Two fingers are a pinch, not a swipe.
    if (!from || from.pointers > 1) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (dy > SWIPE && Math.abs(dy) > Math.abs(dx)) onClose();
    else if (Math.abs(dx) > SWIPE) go(dx < 0 ? 1 : -1);
  };

  // Arrow keys anywhere while the viewer is open; the buttons do the same for pointers.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') go(1);
      if (event.key === 'ArrowLeft') go(-1);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const photo = photos[index]!;
  const arrow =
    'absolute top-1/2 grid size-12 -translate-y-1/2 place-items-center rounded-full bg-black/40 text-white hover:bg-black/60 disabled:opacity-30';
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      className="fixed inset-0 z-50 bg-black"
    >
      <Modal className="size-full">
        <Dialog
          aria-label={label}
          className="relative flex size-full items-center justify-center outline-none"
        >
          <div className="flex size-full items-center justify-center">
            <img
              {...photoSources(photo)}
              sizes="100vw"
              alt={
                alt?.(index) ??
                t('posts.viewer.position', { number: index + 1, total: photos.length })
              }
              width={photo.width ?? 1200}
              height={photo.height ?? 900}
              className="max-h-full max-w-full touch-pinch-zoom object-contain select-none"
              draggable={false}
              onPointerDown={onPointerDown}
              onPointerUp={onPointerUp}
              onPointerCancel={() => {
                start.current = null;
              }}
              data-testid="story-photo"
            />
            <p
              className="absolute top-4 left-4 rounded-full bg-black/40 px-3 py-1 text-sm text-white"
              aria-live="polite"
            >
              {t('posts.viewer.position', { number: index + 1, total: photos.length })}
            </p>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('posts.viewer.close')}
              className="absolute top-3 right-3 grid size-12 place-items-center rounded-full bg-black/40 text-white hover:bg-black/60"
            >
              <X className="size-6" aria-hidden="true" />
            </button>
            {details ? (
              <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-4 pt-10 pb-[max(1rem,env(safe-area-inset-bottom))] text-white">
                {details(index)}
              </div>
            ) : null}
            {photos.length > 1 ? (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  disabled={index === 0}
                  aria-label={t('posts.viewer.previous')}
                  className={`${arrow} left-3`}
                >
                  <ChevronLeft className="size-7" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  disabled={index === photos.length - 1}
                  aria-label={t('posts.viewer.next')}
                  className={`${arrow} right-3`}
                >
                  <ChevronRight className="size-7" aria-hidden="true" />
                </button>
              </>
            ) : null}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
