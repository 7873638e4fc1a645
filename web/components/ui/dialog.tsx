import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { t } from '../../lib/text.ts';
import { Button } from './form.tsx';

/*
 * Dialogs on React Aria Components: focus is trapped inside, Escape closes, focus returns to
 * what opened it, the page behind does not scroll. On a phone a dialog is a sheet rising from
 * the bottom (thumb reach); from 640 px it is a centred card.
 */

const overlayClass =
  'fixed inset-0 z-50 flex items-end justify-center bg-stone-900/40 sm:items-center sm:p-6';

/** A modal form or panel with a title, a close button and content that scrolls. */
export function SheetDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  footer,
  isDismissable = true,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Actions kept in view at the bottom (sticky on a phone). */
  footer?: ReactNode;
  isDismissable?: boolean;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
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
          {footer ? (
            <div className="flex gap-3 border-t border-stone-100 bg-white px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              {footer}
            </div>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** Asks before something that cannot be undone; says what will happen. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  body,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!busy}
      className={overlayClass}
    >
      <Modal className="w-full rounded-t-3xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl sm:max-w-md sm:rounded-3xl">
        <Dialog role="alertdialog" className="outline-none">
          <Heading slot="title" className="text-lg font-bold text-stone-900">
            {title}
          </Heading>
          <div className="mt-2 text-[15px] leading-6 text-stone-600">{body}</div>
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
