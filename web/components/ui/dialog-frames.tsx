import { X } from 'lucide-react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { t } from '../../lib/text.ts';
import { SheetMessages } from '../overlays/toast.tsx';
import type { ConfirmDialogProps, SheetDialogProps } from './dialog.tsx';
import { Button } from './form.tsx';

/*
 * Dialogs on React Aria Components: focus is trapped inside, Escape closes, focus returns to
 * what opened it, the page behind does not scroll. On a phone a dialog is a sheet rising from
 * the bottom (thumb reach); from 640 px it is a centred card. Screens show them through
 * dialog.tsx, which fetches this module when a dialog first opens; a form whose own module is
 * fetched when it opens uses these directly, so that its fields mount with it.
 */

const overlayClass =
  'fixed inset-0 z-50 flex items-end justify-center bg-stone-900/40 sm:items-center sm:p-6';

/**
 * A tap on a message above the sheet (a toast, React Aria's top layer) is not a tap outside it:
 * closing a form on it would lose what was typed.
 */
const outsideCloses = (element: Element) => !element.closest('[data-react-aria-top-layer]');

/** A modal form or panel with a title, a close button and content that scrolls. */
export function SheetDialogFrame({
  isOpen,
  onOpenChange,
  title,
  children,
  footer,
  footerNote,
  isDismissable = true,
}: SheetDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      shouldCloseOnInteractOutside={outsideCloses}
      className={overlayClass}
    >
      <Modal className="flex max-h-[92dvh] w-full flex-col overflow-hidden rounded-t-3xl bg-white shadow-xl sm:max-w-xl sm:rounded-3xl">
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <div className="flex items-center justify-between gap-3 border-b border-stone-100 px-5 py-4">
            <Heading slot="title" className="text-lg font-bold text-stone-900">
              {title}
            </Heading>
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              aria-label={t('screens.courses.form.close')}
              className="grid size-11 place-items-center rounded-full text-stone-500 hover:bg-stone-100"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          <SheetMessages />
          {footerNote ? (
            <div className="border-t border-stone-100 bg-white px-5 pt-2 text-sm break-words text-stone-700">
              {footerNote}
            </div>
          ) : null}
          {footer ? (
            <div
              className={`flex gap-3 bg-white px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] ${footerNote ? '' : 'border-t border-stone-100'}`}
            >
              {footer}
            </div>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Asks before something that cannot be undone; says what will happen. */
export function ConfirmDialogFrame({
  isOpen,
  onOpenChange,
  title,
  body,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      shouldCloseOnInteractOutside={outsideCloses}
      className={overlayClass}
    >
      <Modal className="w-full rounded-t-3xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl sm:max-w-md sm:rounded-3xl">
        <Dialog role="alertdialog" className="outline-none">
          <Heading slot="title" className="text-lg font-bold text-stone-900">
            {title}
          </Heading>
          <div className="mt-2 text-[15px] leading-6 text-stone-600">{body}</div>
          <div className="-mx-5">
            <SheetMessages />
          </div>
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button onClick={onConfirm} busy={busy} className="bg-red-700 hover:bg-red-800">
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
