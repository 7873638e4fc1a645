import { BookOpen } from 'lucide-react';
import { memo, useId, useState } from 'react';
import type { Catalogue } from '#shared/locales/vi';
import type { AdminPerson } from '#shared/schemas/admin';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ActionMenu } from '../../../components/ui/action-menu.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/form.tsx';
import { reasonOr } from '../../../lib/api-client.ts';
import { pendingWrite } from '../../../lib/pending-write.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { BlockReasonDialog, StudentStatusBadge } from '../../students/index.ts';
import {
  useApprovePerson,
  useBlockPerson,
  useChangeRole,
  useDeletePerson,
  useMergePerson,
  useRejectPerson,
  useUnblockPerson,
} from '../api/people.ts';
import { MergeDialog } from './merge-dialog.tsx';

type MenuAction = 'block' | 'changeReason' | 'unblock' | 'makeAdmin' | 'makeInstructor' | 'delete';
type Dialog = 'reject' | 'merge' | 'block' | 'changeReason' | 'delete' | null;

const MENU_ACTIONS: readonly MenuAction[] = [
  'block',
  'changeReason',
  'unblock',
  'makeAdmin',
  'makeInstructor',
  'delete',
];

/**
 * One person in user management: who they are, what they asked for (a proposed course) or why
 * they are blocked, and what an admin can do — approve, reject or merge a pending sign-up at
 * a thumb's reach; the rest in a menu. Memoised: typing in the search box re-rendered every
 * card at each key.
 */
export const PersonCard = memo(function PersonCard({ person }: { person: AdminPerson }) {
  const { showToast } = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const name = person.name;
  const headingId = useId();
  const staff = !person.can.blockIsPause;
  // Blocking a student is "Bảo lưu" (spec 4), staff are "Chặn": one word per person throughout.
  const blockWord = <Key extends keyof Catalogue['screens']['userManagement']['forStudent']>(
    key: Key,
  ) =>
    staff
      ? (`screens.userManagement.${key}` as const)
      : (`screens.userManagement.forStudent.${key}` as const);

  const changes = {
    approve: useApprovePerson(),
    reject: useRejectPerson(),
    delete: useDeletePerson(),
    unblock: useUnblockPerson(),
    block: useBlockPerson(),
    role: useChangeRole(),
    merge: useMergePerson(),
  };
  const busy = pendingWrite(changes);
  const done = (message: string) => ({
    onSuccess: () => {
      showToast(message, 'success');
      setDialog(null);
    },
  });

  const approve = () => {
    if (busy) return;
    write(
      changes.approve,
      person.id,
      done(
        person.proposedCourse
          ? t('screens.userManagement.approvedWithCourse', {
              name,
              course: person.proposedCourse.name,
            })
          : t('screens.userManagement.approved', { name }),
      ),
    );
  };

  const choose = (action: MenuAction) => {
    if (busy && (action === 'unblock' || action === 'makeAdmin' || action === 'makeInstructor')) {
      return;
    }
    if (action === 'unblock') {
      write(changes.unblock, person.id, done(t(blockWord('unblocked'), { name })));
    } else if (action === 'makeAdmin' || action === 'makeInstructor') {
      write(
        changes.role,
        { id: person.id, role: action === 'makeAdmin' ? 'admin' : 'instructor' },
        done(t('screens.userManagement.roleUpdated', { name })),
      );
    } else {
      setDialog(action);
    }
  };
  // The menu of someone already approved: what the server says the admin may do with her.
  const actions = MENU_ACTIONS.filter((action) => person.can[action]);

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]"
    >
      <div className="flex items-start gap-3">
        <Avatar name={name} url={person.avatarUrl} size={48} />
        <div className="min-w-0 flex-1">
          {/* Whole, on as many lines as it takes: an admin decides on the account by these. */}
          <h3 id={headingId} className="text-[17px] font-semibold break-words text-stone-900">
            {name}
          </h3>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-500">
            <span>{t(`role.${person.role}`)}</span>
            <StudentStatusBadge status={person.status} role={person.role} />
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-stone-600">
            {/* An address breaks anywhere rather than leave the card; a phone number never. */}
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {person.email ?? t('screens.userManagement.noLogin')}
            </span>
            {person.phone ? <span className="whitespace-nowrap">{person.phone}</span> : null}
          </p>
          <p className="text-sm text-stone-500">
            {t('screens.userManagement.registered', {
              time: formatRelativeTime(person.registrationDate),
            })}
          </p>
        </div>
        {actions.length > 0 ? (
          <ActionMenu
            label={t('screens.userManagement.menu', { name })}
            choices={actions.map((action) => ({
              id: action,
              label:
                action === 'block' || action === 'unblock'
                  ? t(blockWord(action))
                  : t(`screens.userManagement.${action}`),
              danger: action === 'delete',
            }))}
            onChoose={choose}
          />
        ) : null}
      </div>

      {person.proposedCourse ? (
        <div className="flex gap-3 rounded-xl bg-accent-50 p-3">
          <BookOpen className="mt-0.5 size-5 shrink-0 text-accent-700" aria-hidden="true" />
          <div className="min-w-0">
            <p className="text-sm font-semibold text-accent-900">
              {t('screens.userManagement.proposedCourse')}: {person.proposedCourse.name}
            </p>
            {person.proposedCourse.description ? (
              <p className="text-sm text-stone-700">{person.proposedCourse.description}</p>
            ) : null}
            <p className="text-xs text-stone-500">
              {t('screens.userManagement.proposedCourseHint')}
            </p>
          </div>
        </div>
      ) : null}

      {person.ban ? (
        <div className="rounded-xl bg-stone-100 p-3 text-sm text-stone-700">
          <p>{t('screens.userManagement.banReason', { reason: person.ban.reason })}</p>
          {person.ban.by && person.ban.at ? (
            <p className="text-stone-500">
              {t(blockWord('bannedBy'), {
                name: person.ban.by.name,
                time: formatRelativeTime(person.ban.at),
              })}
            </p>
          ) : null}
        </div>
      ) : null}

      {person.can.merge && person.matchingProfile ? (
        <div
          className="flex flex-col gap-2 rounded-xl bg-accent-50 p-3"
          data-testid="matching-profile"
        >
          <div className="flex items-center gap-3">
            <Avatar
              name={person.matchingProfile.name}
              url={person.matchingProfile.avatarUrl}
              size={40}
            />
            <div className="min-w-0 flex-1 break-words">
              <p className="text-sm font-semibold text-accent-900">
                {t('screens.userManagement.matchingProfile', { name: person.matchingProfile.name })}
              </p>
              <p className="text-xs text-stone-600">
                {t('screens.userManagement.matchingProfileHint')}
              </p>
            </div>
          </div>
          <Button disabled={busy !== null} onClick={() => setDialog('merge')}>
            {t('screens.userManagement.mergeIntoMatch')}
          </Button>
        </div>
      ) : null}

      {person.can.approve || person.can.reject ? (
        <div className="flex flex-wrap gap-2">
          {person.can.approve ? (
            <Button
              className="flex-1"
              busy={busy === 'approve'}
              disabled={busy !== null}
              onClick={() => void approve()}
            >
              {t('screens.userManagement.approve')}
            </Button>
          ) : null}
          {person.can.merge ? (
            <Button
              variant="secondary"
              className="flex-1 px-3 whitespace-nowrap"
              disabled={busy !== null}
              onClick={() => setDialog('merge')}
            >
              {t('screens.userManagement.merge')}
            </Button>
          ) : null}
          {person.can.reject ? (
            <Button
              variant="secondary"
              className="flex-1 px-3 whitespace-nowrap text-red-700"
              disabled={busy !== null}
              onClick={() => setDialog('reject')}
            >
              {t('screens.userManagement.reject')}
            </Button>
          ) : null}
        </div>
      ) : null}

      <ConfirmDialog
        isOpen={dialog === 'reject'}
        onOpenChange={(open) => setDialog(open ? 'reject' : null)}
        title={t('screens.userManagement.confirmReject', { name })}
        body={t('screens.userManagement.confirmRejectBody')}
        confirmLabel={t('screens.userManagement.reject')}
        cancelLabel={t('screens.userManagement.cancel')}
        busy={busy === 'reject'}
        onConfirm={() => {
          if (!busy)
            write(changes.reject, person.id, done(t('screens.userManagement.rejected', { name })));
        }}
      />
      <ConfirmDialog
        isOpen={dialog === 'delete'}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        title={t('screens.userManagement.confirmDelete', { name })}
        body={t('screens.userManagement.confirmDeleteBody')}
        confirmLabel={t('screens.userManagement.delete')}
        cancelLabel={t('screens.userManagement.cancel')}
        busy={busy === 'delete'}
        onConfirm={() => {
          if (!busy)
            write(changes.delete, person.id, done(t('screens.userManagement.deleted', { name })));
        }}
      />
      <BlockReasonDialog
        isOpen={dialog === 'block' || dialog === 'changeReason'}
        onOpenChange={(open) => setDialog(open ? dialog : null)}
        title={t(blockWord(dialog === 'changeReason' ? 'reasonTitle' : 'blockTitle'), { name })}
        label={t('screens.userManagement.blockReason')}
        submitLabel={t(
          dialog === 'changeReason'
            ? 'screens.userManagement.saveReason'
            : blockWord('blockConfirm'),
        )}
        initialReason={dialog === 'changeReason' ? (person.ban?.reason ?? '') : ''}
        busy={busy === 'block'}
        onSubmit={(reason) => {
          if (busy) return;
          write(
            changes.block,
            { id: person.id, reason },
            done(
              dialog === 'changeReason'
                ? t('screens.userManagement.reasonUpdated')
                : t(blockWord('blocked'), { name }),
            ),
          );
        }}
      />
      {dialog === 'merge' ? (
        <MergeDialog
          person={person}
          isOpen
          onOpenChange={(open) => setDialog(open ? 'merge' : null)}
          busy={busy === 'merge'}
          onMerge={(target) => {
            if (busy) return;
            write(
              changes.merge,
              { id: person.id, targetId: target.id },
              {
                ...done(t('screens.userManagement.merged', { name: target.name })),
                onError: (error) =>
                  showToast(
                    t('toasts.mergeFailed', {
                      reason: reasonOr(error, t('errors.internal_error')),
                    }),
                    'error',
                  ),
              },
            );
          }}
        />
      ) : null}
    </article>
  );
});
