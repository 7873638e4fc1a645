import { type CSSProperties, type ReactNode, useId, useLayoutEffect, useState } from 'react';
import { FocusScope } from 'react-aria';
import { createPortal } from 'react-dom';
import { Button } from '../../components/ui/form.tsx';
import { t } from '../../lib/text.ts';
import type { TourEvent, TourState } from './tour-machine.ts';
import type { TourTextKey } from './tours.ts';

/** The first visible element named `target`, or null. */
function findTarget(target: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-tour="${target}"]`)) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) return element;
  }
  return null;
}

/**
 * A step's words, one paragraph per blank-line-separated part of its text: a step that says two
 * things (what the button does, and that it works offline) reads as two short paragraphs, and a
 * first visit's largest paint stays the feed's photo rather than one block of the tour's text.
 */
function StepText({ text, className }: { text: string; className: string }) {
  return text.split('\n\n').map((paragraph) => (
    <p key={paragraph} className={className}>
      {paragraph}
    </p>
  ));
}

/** The tour's own card carries this, so it is never taken for the screen's dialog. */
const TOUR_CARD = 'data-tour-card';

/**
 * The open dialog of the screen (a form sheet), if any. A dialog makes everything outside it
 * inert, so a tour card drawn over it could not be tapped and taps would fall through to the
 * form: while one is open, the tour's card lives inside it.
 */
function useOpenDialog(): HTMLElement | null {
  const [dialog, setDialog] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const find = () => {
      const found =
        [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')].find(
          (element) => !element.hasAttribute(TOUR_CARD) && element.getClientRects().length > 0,
        ) ?? null;
      setDialog((previous) => (previous === found ? previous : found));
    };
    find();
    const observer = new MutationObserver(find);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return dialog;
}

/** A tour's card inside the screen's open dialog: first in it, in the flow, never over a field. */
function InDialog({ dialog, children }: { dialog: HTMLElement; children: ReactNode }) {
  return createPortal(
    <div
      className="order-first mx-4 mt-3 rounded-2xl bg-stone-900 px-4 py-3 text-sm text-white shadow-lg"
      data-testid="tutorial"
    >
      {children}
    </div>,
    dialog,
  );
}

/** Where the target is, and how round its corners are (px), so the lit hole takes its shape. */
interface TargetShape {
  rect: DOMRect;
  radius: number;
}

const sameShape = (a: TargetShape, b: TargetShape) =>
  a.radius === b.radius &&
  a.rect.top === b.rect.top &&
  a.rect.left === b.rect.left &&
  a.rect.width === b.rect.width &&
  a.rect.height === b.rect.height;

/**
 * The target's box and corners, followed through scrolling, resizing and layout changes: its box
 * is read every frame. The page is searched for it only when there is none yet or it has gone or
 * been hidden, and its corners read only when its size changes: doing both every frame would be
 * a large share of what an open tour costs a phone's main thread.
 */
function useTargetShape(target: string): TargetShape | null {
  const [shape, setShape] = useState<TargetShape | null>(null);
  useLayoutEffect(() => {
    let frame = 0;
    let scrolled = false;
    let element: HTMLElement | null = null;
    let radius = 0;
    let radiusFor = { width: -1, height: -1 };
    const measure = () => {
      let rect = element?.isConnected ? element.getBoundingClientRect() : null;
      if (!rect || rect.width === 0 || rect.height === 0) {
        element = findTarget(target);
        rect = element?.getBoundingClientRect() ?? null;
      }
      // Corners change with the size (the same button is round on a phone, square-ish wider).
      if (element && rect && (rect.width !== radiusFor.width || rect.height !== radiusFor.height)) {
        radiusFor = { width: rect.width, height: rect.height };
        radius = Number.parseFloat(getComputedStyle(element).borderTopLeftRadius) || 0;
      }
      if (element && !scrolled) {
        element.scrollIntoView({ block: 'center' });
        scrolled = true;
        rect = element.getBoundingClientRect();
      }
      const next = element && rect ? { rect, radius } : null;
      setShape((previous) => (previous && next && sameShape(previous, next) ? previous : next));
      frame = requestAnimationFrame(measure);
    };
    measure();
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shape;
}

const CARD_WIDTH = 320;
const GAP = 12;

/** Room the card needs beside its target; with less on both sides it sits at a screen edge. */
const CARD_ROOM = 220;

type CardPlace =
  | { top: number; left: number; width: number }
  | { bottom: number; left: number; width: number };

/**
 * Placed by transforms from a fixed corner: the card follows its target without the browser
 * counting layout shifts (a tour opens while the screen may still be settling).
 */
function cardStyle(place: CardPlace): CSSProperties {
  return 'top' in place
    ? {
        top: 0,
        left: 0,
        width: place.width,
        transform: `translate(${place.left}px, ${place.top}px)`,
      }
    : {
        bottom: 0,
        left: 0,
        width: place.width,
        transform: `translate(${place.left}px, ${-place.bottom}px)`,
      };
}

function cardPlace(
  rect: DOMRect | null,
  position: 'bottom' | 'top' | 'left' | undefined,
): CardPlace {
  const width = Math.min(CARD_WIDTH, window.innerWidth - 32);
  if (!rect) {
    return { top: window.innerHeight / 2 - 100, left: (window.innerWidth - width) / 2, width };
  }
  const clampLeft = (left: number) => Math.max(16, Math.min(left, window.innerWidth - width - 16));
  if (position === 'left' && rect.left > width + GAP + 16) {
    const top = Math.min(Math.max(16, rect.top), window.innerHeight - CARD_ROOM);
    return { top, left: rect.left - width - GAP, width };
  }
  const above = rect.top;
  const below = window.innerHeight - rect.bottom;
  // A target taller than the screen (a long list): the card keeps to the bottom edge, in reach.
  if (above < CARD_ROOM && below < CARD_ROOM) {
    return { bottom: 16, left: (window.innerWidth - width) / 2, width };
  }
  const placeAbove = position === 'top' ? above >= CARD_ROOM : below < CARD_ROOM;
  return placeAbove
    ? { bottom: window.innerHeight - rect.top + GAP, left: clampLeft(rect.left), width }
    : { top: rect.bottom + GAP, left: clampLeft(rect.left), width };
}

/**
 * The spotlight: the screen dimmed but for the step's target, and a card beside it with the
 * step and its buttons; focus stays in the card and Escape skips. While the tour waits for an
 * action, only a small note remains so the person can do it.
 */
export function Spotlight({
  state,
  dispatch,
}: {
  state: TourState;
  dispatch: (event: TourEvent) => void;
}) {
  const titleId = useId();
  const steps = state.active?.steps ?? [];
  const step = steps[state.step];
  const shape = useTargetShape(step?.target ?? '');
  const dialog = useOpenDialog();
  const rect = shape?.rect ?? null;
  if (!step) return null;

  const last = state.step === steps.length - 1;
  const primary = step.awaitsAction ? 'gotIt' : last ? 'finish' : 'next';
  const skip = (
    <button
      type="button"
      onClick={() => dispatch({ type: 'skip' })}
      className="min-h-11 rounded-lg px-3 font-semibold text-accent-200 hover:bg-white/10"
    >
      {t('tutorial.skip')}
    </button>
  );

  if (dialog) {
    // The step's words and a way out, inside the dialog the person is working in. A step that
    // waits for something done in the dialog (saving the form) only says so.
    return (
      <InDialog dialog={dialog}>
        <p className="font-semibold">{t(step.title as TourTextKey)}</p>
        <StepText className="mt-0.5 text-stone-200" text={t(step.content as TourTextKey)} />
        <div className="mt-1 flex justify-end gap-2">
          {skip}
          {step.awaitsAction || state.waiting ? null : (
            <button
              type="button"
              onClick={() => dispatch({ type: 'next' })}
              className="min-h-11 rounded-lg bg-white/10 px-3 font-semibold hover:bg-white/20"
            >
              {t(`tutorial.${primary}`)}
            </button>
          )}
        </div>
      </InDialog>
    );
  }

  if (state.waiting) {
    // The note keeps to the half of the screen away from what she is to tap: at the bottom it
    // lay over a phone's add button.
    const targetLow = rect !== null && rect.top + rect.height / 2 > window.innerHeight / 2;
    return (
      <div
        role="status"
        className={`fixed inset-x-4 z-[60] mx-auto flex max-w-md items-center gap-3 rounded-2xl bg-stone-900 px-4 py-3 text-sm text-white shadow-xl ${
          targetLow ? 'top-[calc(env(safe-area-inset-top)+4.5rem)]' : 'bottom-24 md:bottom-6'
        }`}
      >
        <span className="flex-1">
          <span className="block font-semibold">{t(step.title as TourTextKey)}</span>
          <span className="block text-stone-300">{t('tutorial.waiting')}</span>
        </span>
        {skip}
      </div>
    );
  }

  const pad = 6;
  // The hole follows the target's corners, at least 12 px; a round button gets a round hole.
  const holeRadius = shape
    ? Math.min(
        Math.max(12, shape.radius + pad),
        Math.min(shape.rect.width, shape.rect.height) / 2 + pad,
      )
    : 0;
  return (
    <div className="fixed inset-0 z-[60]" data-testid="tutorial">
      {/* Everything but the target dimmed; clicks outside the card go nowhere. */}
      <div className="absolute inset-0" aria-hidden="true" />
      <div
        aria-hidden="true"
        data-testid="tutorial-spotlight"
        className="pointer-events-none absolute top-0 left-0 transition-[transform,width,height] duration-200 motion-reduce:transition-none"
        style={
          rect
            ? {
                // A transform, not top/left: moving with its target is not a layout shift.
                transform: `translate(${rect.left - pad}px, ${rect.top - pad}px)`,
                width: rect.width + pad * 2,
                height: rect.height + pad * 2,
                borderRadius: holeRadius,
                boxShadow: '0 0 0 9999px rgb(28 25 23 / 0.55)',
              }
            : { inset: 0, background: 'rgb(28 25 23 / 0.55)' }
        }
      />
      <FocusScope contain restoreFocus>
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          {...{ [TOUR_CARD]: '' }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              dispatch({ type: 'skip' });
            }
          }}
          className="absolute rounded-2xl bg-white p-4 shadow-2xl"
          style={cardStyle(cardPlace(rect, step.position))}
        >
          <p className="text-xs font-semibold tracking-wide text-accent-700 uppercase">
            {t('tutorial.progress', { step: state.step + 1, total: steps.length })}
          </p>
          <h2 id={titleId} className="mt-1 text-lg font-bold text-stone-900">
            {t(step.title as TourTextKey)}
          </h2>
          <StepText
            className="mt-1 text-[15px] leading-6 text-stone-700"
            text={t(step.content as TourTextKey)}
          />
          <div className="mt-4 flex justify-end gap-2">
            {last && !step.awaitsAction ? null : (
              <Button
                variant="ghost"
                className="h-11 px-3"
                onClick={() => dispatch({ type: 'skip' })}
              >
                {t('tutorial.skip')}
              </Button>
            )}
            {/* The way forward has the focus: Enter goes on, Escape skips. */}
            <Button autoFocus className="h-11 px-4" onClick={() => dispatch({ type: 'next' })}>
              {t(`tutorial.${primary}`)}
            </Button>
          </div>
        </div>
      </FocusScope>
    </div>
  );
}
