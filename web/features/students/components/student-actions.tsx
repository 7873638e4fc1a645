import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import type { PersonStatus } from '#shared/schemas/people';
import type { StudentDetail } from '#shared/schemas/students';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ActionMenu } from '../../../components/ui/action-menu.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { lazyComponent, lazyModule, lazyOverlay } from '../../../lib/lazy-module.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { usePhotoFirst } from '../../media/index.ts';
import { studentQuery, useStudentChanges } from '../api/students.ts';

// What the menu opens, fetched when it opens.
const StudentFormDialog = lazyComponent(() =>
  import('./student-form-dialog.tsx').then((module) => module.StudentFormDialog),
);
const BlockReasonDialog = lazyOverlay(
  lazyModule(() => import('./block-reason-dialog.tsx')),
  (module) => module.BlockReasonDialog,
);

type Action = 'review' | 'edit' | 'block' | 'unblock' | 'delete';

/**
 * The quick menu of a student (on a card and on their page): review (the camera or gallery,
 * then the evaluation form with this student chosen), edit, block with a reason or unblock, delete after asking.
 */
export function StudentActions({
  studentId,
  name,
  status,
  onDeleted,
  reviewForm: ReviewForm,
}: {
  studentId: string;
  name: string;
  status: PersonStatus;
  onDeleted?: () => void;
  /** The evaluation form, handed in by the screen: posts build on students, not the reverse. */
  reviewForm: ComponentType<{
    student?: { id: string; name: string };
    /** Photos chosen as the form opened (photo first). */
    photos?: File[] | undefined;
    isOpen: boolean;
    onOpenChange: (open: boolean) => void;
  }>;
}) {
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<StudentDetail | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const photoFirst = usePhotoFirst();
  const [dialog, setDialog] = useState<'block' | 'delete' | null>(null);
  const changes = useStudentChanges(studentId);
  const busy = changes.block.isPending || changes.remove.isPending;
  const done = (message: string) => {
    showToast(message, 'success');
    setDialog(null);
  };

  const choose = async (action: Action) => {
    if (action === 'review') {
      // The camera or gallery first: the evaluation is about the work on the table.
      photoFirst.choose();
      setReviewing(true);
    } else if (action === 'edit') {
      try {
        setEditing(await queryClient.fetchQuery(studentQuery(studentId)));
      } catch (failure) {
        showToast(failureMessage(t('toasts.updateFailed'), failure), 'error');
      }
    } else if (action === 'unblock') {
      write(changes.unblock, undefined, { onSuccess: () => done(t('screens.students.unblocked')) });
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
      {photoFirst.input}
      {reviewing ? (
        <ReviewForm
          student={{ id: studentId, name }}
          photos={photoFirst.photos}
          isOpen
          onOpenChange={setReviewing}
        />
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
          write(changes.block, reason, { onSuccess: () => done(t('screens.students.blocked')) })
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
          write(changes.remove, undefined, {
            onSuccess: () => {
              onDeleted?.();
              done(t('screens.students.deleted'));
            },
          })
        }
      />
    </>
  );
}
