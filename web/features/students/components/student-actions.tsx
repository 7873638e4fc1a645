import { useQueryClient } from '@tanstack/react-query';
import { MoreVertical } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { PersonStatus } from '#shared/schemas/people';
import { BlockInput, StudentDetail } from '#shared/schemas/students';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ConfirmDialog, FormDialogActions, SheetDialog } from '../../../components/ui/dialog.tsx';
import { apiRequest, failureMessage } from '../../../lib/api-client.ts';
import { PostFormDialog } from '../../posts/components/post-form-dialog.tsx';
import {
  blockStudent,
  deleteStudent,
  studentQueryKey,
  studentsQueryKey,
  unblockStudent,
} from '../api/students.ts';
import { StudentFormDialog } from './student-form-dialog.tsx';

type Action = 'review' | 'edit' | 'block' | 'unblock' | 'delete';

/**
 * The quick menu of a student (on a card and on their page): review (the evaluation form with
 * this student chosen), edit, block with a reason or unblock, delete after asking.
 */
export function StudentActions({
  studentId,
  name,
  status,
  onDeleted,
}: {
  studentId: string;
  name: string;
  status: PersonStatus;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [editing, setEditing] = useState<StudentDetail | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [dialog, setDialog] = useState<'block' | 'delete' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const refresh = async (detail?: StudentDetail) => {
    if (detail) queryClient.setQueryData(studentQueryKey(studentId), detail);
    await queryClient.invalidateQueries({ queryKey: studentsQueryKey });
  };

  const run = async (work: () => Promise<void>, success: string, fallback: string) => {
    setBusy(true);
    try {
      await work();
      showToast(success, 'success');
      setDialog(null);
    } catch (failure) {
      showToast(failureMessage(fallback, failure), 'error');
    } finally {
      setBusy(false);
    }
  };

  const choose = async (action: Action) => {
    if (action === 'review') {
      setReviewing(true);
    } else if (action === 'edit') {
      try {
        setEditing(
          await queryClient.fetchQuery({
            queryKey: studentQueryKey(studentId),
            queryFn: () => apiRequest(`/students/${studentId}`, { schema: StudentDetail }),
          }),
        );
      } catch (failure) {
        showToast(failureMessage(t('toasts.updateFailed'), failure), 'error');
      }
    } else if (action === 'unblock') {
      await run(
        async () => refresh(await unblockStudent(studentId)),
        t('screens.students.unblocked'),
        t('toasts.updateFailed'),
      );
    } else {
      setReason('');
      setReasonError(undefined);
      setDialog(action);
    }
  };

  const submitBlock = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = BlockInput.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    await run(
      async () => refresh(await blockStudent(studentId, parsed.data.reason)),
      t('screens.students.blocked'),
      t('toasts.updateFailed'),
    );
  };

  const actions: Action[] = [
    'review',
    'edit',
    status === 'blocked' ? 'unblock' : 'block',
    'delete',
  ];
  return (
    <>
      <MenuTrigger>
        <AriaButton
          aria-label={t('screens.students.menu', { name })}
          className="grid size-11 shrink-0 place-items-center rounded-full text-stone-500 outline-none hover:bg-stone-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300"
        >
          <MoreVertical className="size-5" aria-hidden="true" />
        </AriaButton>
        <Popover
          placement="bottom end"
          className="min-w-44 rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-stone-200"
        >
          <Menu onAction={(key) => void choose(key as Action)} className="outline-none">
            {actions.map((action) => (
              <MenuItem
                key={action}
                id={action}
                className={`flex min-h-11 cursor-pointer items-center rounded-xl px-3 text-[15px] outline-none data-[focused]:bg-stone-100 ${action === 'delete' ? 'text-red-700' : 'text-stone-800'}`}
              >
                {t(`screens.students.${action}`)}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      {reviewing ? (
        <PostFormDialog student={{ id: studentId, name }} isOpen onOpenChange={setReviewing} />
      ) : null}
      {editing ? (
        <StudentFormDialog student={editing} isOpen onOpenChange={() => setEditing(null)} />
      ) : null}
      <SheetDialog
        isOpen={dialog === 'block'}
        onOpenChange={(open) => setDialog(open ? 'block' : null)}
        title={t('screens.students.blockTitle', { name })}
        isDismissable={!busy}
        footer={
          <FormDialogActions
            formId={reasonId}
            submitLabel={t('screens.students.blockConfirm')}
            cancelLabel={t('screens.students.cancel')}
            onCancel={() => setDialog(null)}
            busy={busy}
          />
        }
      >
        <form id={reasonId} onSubmit={submitBlock} noValidate>
          <label
            htmlFor={`${reasonId}-reason`}
            className="mb-1.5 block text-sm font-medium text-stone-700"
          >
            {t('screens.students.blockReason')}
          </label>
          <textarea
            id={`${reasonId}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            maxLength={300}
            aria-invalid={reasonError ? true : undefined}
            className="w-full rounded-xl border border-stone-300 bg-white px-3.5 py-3 text-base focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100"
          />
          {reasonError ? (
            <p role="alert" className="mt-1.5 text-sm text-red-700">
              {reasonError}
            </p>
          ) : null}
        </form>
      </SheetDialog>
      <ConfirmDialog
        isOpen={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={t('screens.students.confirmDelete', { name })}
        body={t('screens.students.confirmDeleteBody')}
        confirmLabel={t('screens.students.delete')}
        cancelLabel={t('screens.students.cancel')}
        busy={busy}
        onConfirm={() =>
          void run(
            async () => {
              await deleteStudent(studentId);
              queryClient.removeQueries({ queryKey: studentQueryKey(studentId) });
              await refresh();
              onDeleted?.();
            },
            t('screens.students.deleted'),
            t('toasts.deleteFailed'),
          )
        }
      />
    </>
  );
}
