import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PersonStatus } from '#shared/schemas/people';
import type { StudentDetail } from '#shared/schemas/students';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ActionMenu } from '../../../components/ui/action-menu.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { apiRequest, failureMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { LazyPostFormDialog } from '../../posts/components/lazy-post-form-dialog.tsx';
import {
  blockStudent,
  deleteStudent,
  studentQueryKey,
  studentsQueryKey,
  unblockStudent,
} from '../api/students.ts';
import { BlockReasonDialog } from './block-reason-dialog.tsx';
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
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<StudentDetail | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [dialog, setDialog] = useState<'block' | 'delete' | null>(null);
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
            queryFn: () => apiRequest<StudentDetail>(`/students/${studentId}`),
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
      setDialog(action);
    }
  };

  const actions: Action[] = [
    'review',
    'edit',
    status === 'blocked' ? 'unblock' : 'block',
    'delete',
  ];
  return (
    <>
      <ActionMenu
        label={t('screens.students.menu', { name })}
        choices={actions.map((action) => ({
          id: action,
          label: t(`screens.students.${action}`),
          danger: action === 'delete',
        }))}
        onChoose={(action) => void choose(action)}
      />
      {reviewing ? (
        <LazyPostFormDialog student={{ id: studentId, name }} isOpen onOpenChange={setReviewing} />
      ) : null}
      {editing ? (
        <StudentFormDialog student={editing} isOpen onOpenChange={() => setEditing(null)} />
      ) : null}
      <BlockReasonDialog
        isOpen={dialog === 'block'}
        onOpenChange={(open) => setDialog(open ? 'block' : null)}
        title={t('screens.students.blockTitle', { name })}
        label={t('screens.students.blockReason')}
        submitLabel={t('screens.students.blockConfirm')}
        busy={busy}
        onSubmit={(reason) =>
          void run(
            async () => refresh(await blockStudent(studentId, reason)),
            t('screens.students.blocked'),
            t('toasts.updateFailed'),
          )
        }
      />
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
