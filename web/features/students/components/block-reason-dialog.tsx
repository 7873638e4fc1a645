import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { BlockInput } from '#shared/schemas/students';
import { FormDialogActions } from '../../../components/ui/dialog.tsx';
import { SheetDialogFrame } from '../../../components/ui/dialog-frames.tsx';
import { FieldErrorText } from '../../../components/ui/form.tsx';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { t } from '../../../lib/text.ts';

const checkBlock = lazyZodResolver(() =>
  import('#shared/schemas/students').then((schemas) => schemas.BlockInput),
);

/**
 * Asks for the reason of a block ("Bảo lưu" for students), or a new one for someone already
 * blocked; the reason is checked by the same rule the server applies.
 */
export function BlockReasonDialog({
  isOpen,
  onOpenChange,
  title,
  label,
  submitLabel,
  initialReason = '',
  busy,
  onSubmit,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  label: string;
  submitLabel: string;
  initialReason?: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
}) {
  const formId = useId();
  const form = useForm<z.input<typeof BlockInput>, unknown, z.output<typeof BlockInput>>({
    resolver: checkBlock,
    defaultValues: { reason: initialReason },
  });
  const { reset } = form;
  useEffect(() => {
    if (isOpen) reset({ reason: initialReason });
  }, [isOpen, initialReason, reset]);
  const error = form.formState.errors.reason?.message;
  const submit = form.handleSubmit((values) => onSubmit(values.reason));

  return (
    <SheetDialogFrame
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      isDismissable={!busy}
      footer={
        <FormDialogActions
          formId={formId}
          submitLabel={submitLabel}
          cancelLabel={t('screens.students.cancel')}
          onCancel={() => onOpenChange(false)}
          busy={busy}
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <label
          htmlFor={`${formId}-reason`}
          className="mb-1.5 block text-sm font-medium text-stone-700"
        >
          {label}
        </label>
        <textarea
          id={`${formId}-reason`}
          {...form.register('reason')}
          rows={3}
          maxLength={300}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${formId}-error` : undefined}
          className="w-full rounded-xl border border-stone-300 bg-white px-3.5 py-3 text-base focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100"
        />
        <FieldErrorText id={`${formId}-error`} message={error} />
      </form>
    </SheetDialogFrame>
  );
}
