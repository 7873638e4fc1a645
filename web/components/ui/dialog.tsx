import type { ReactNode } from 'react';
import { lazyModule, lazyOverlay } from '../../lib/lazy-module.ts';
import { Button } from './form.tsx';

/*
 * The app's dialogs. Their code (React Aria's modal, focus trap and overlay, dialog-frames.tsx)
 * is fetched when a dialog first opens, so that a screen with dialogs shows without it.
 */

export interface SheetDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Actions kept in view at the bottom (sticky on a phone). */
  footer?: ReactNode;
  /** A line kept in view above the actions: what they will act on. */
  footerNote?: ReactNode;
  isDismissable?: boolean;
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
}

const frames = lazyModule(() => import('./dialog-frames.tsx'));

/** A modal form or panel with a title, a close button and content that scrolls. */
export const SheetDialog = lazyOverlay(frames, (module) => module.SheetDialogFrame);

/** Asks before something that cannot be undone; says what will happen. */
export const ConfirmDialog = lazyOverlay(frames, (module) => module.ConfirmDialogFrame);

/** A form dialog's footer: cancel, and the submit button of the form with that id. */
export function FormDialogActions({
  formId,
  submitLabel,
  cancelLabel,
  onCancel,
  busy,
  submitBusy = busy,
}: {
  formId: string;
  submitLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  /** While saving: cancel waits, submit shows progress. */
  busy: boolean;
  /** When submit must also wait for something else (e.g. photos still uploading). */
  submitBusy?: boolean;
}) {
  return (
    <>
      <Button
        variant="secondary"
        className="flex-1 sm:flex-none"
        onClick={onCancel}
        disabled={busy}
      >
        {cancelLabel}
      </Button>
      <Button type="submit" form={formId} busy={submitBusy} className="flex-1">
        {submitLabel}
      </Button>
    </>
  );
}
