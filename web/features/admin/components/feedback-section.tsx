import type { AdminFeedbackList } from '#shared/schemas/admin';
import { useToast } from '../../../components/overlays/toast.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/form.tsx';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { useAdminFeedback, useSetFeedbackStatus } from '../api/admin-tools.ts';
import { ListSection } from './admin-section.tsx';

type Item = AdminFeedbackList['feedback'][number];

const statusColours: Record<Item['status'], string> = {
  new: 'bg-amber-100 text-amber-800',
  viewed: 'bg-sky-100 text-sky-800',
  resolved: 'bg-emerald-100 text-emerald-800',
};

function FeedbackRow({ item }: { item: Item }) {
  const { showToast } = useToast();
  const change = useSetFeedbackStatus(item.id);
  const busy = change.isPending ? change.variables : null;
  const mark = (status: 'viewed' | 'resolved') => {
    if (!change.isPending) {
      write(change, status, {
        onSuccess: () => showToast(t('screens.adminTools.feedbackSaved'), 'success'),
      });
    }
  };
  const statusLabel = t(`screens.profile.feedbackStatus.${item.status}`);
  return (
    <li className="flex flex-col gap-2 px-4 py-3">
      <div className="flex items-center gap-3">
        <Avatar name={item.author?.name ?? '?'} url={item.author?.avatarUrl} size={36} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-stone-800">
            {t('screens.adminTools.feedbackFrom', { name: item.author?.name ?? '—' })}
          </p>
          <p className="text-xs text-stone-500">{formatRelativeTime(item.createdAt)}</p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${statusColours[item.status]}`}
        >
          {statusLabel}
        </span>
      </div>
      <p className="text-[15px] leading-6 whitespace-pre-line break-words text-stone-800">
        {item.text}
      </p>
      {item.lastUpdatedBy && item.statusUpdatedAt ? (
        <p className="text-xs text-stone-500">
          {t('screens.adminTools.feedbackHandled', {
            status: statusLabel,
            name: item.lastUpdatedBy.name,
            time: formatRelativeTime(item.statusUpdatedAt),
          })}
        </p>
      ) : null}
      {item.status !== 'resolved' ? (
        <div className="flex gap-2">
          {item.status === 'new' ? (
            <Button
              variant="secondary"
              className="h-11 flex-1 px-3"
              busy={busy === 'viewed'}
              disabled={busy !== null}
              onClick={() => void mark('viewed')}
            >
              {t('screens.adminTools.markViewed')}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            className="h-11 flex-1 px-3"
            busy={busy === 'resolved'}
            disabled={busy !== null}
            onClick={() => void mark('resolved')}
          >
            {t('screens.adminTools.markResolved')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** Everyone's feedback, newest first; admins mark it viewed or resolved. */
export function FeedbackSection() {
  const feedback = useAdminFeedback();
  return (
    <ListSection
      title={t('screens.adminTools.feedback')}
      items={feedback.data?.feedback}
      limit={5}
      empty={t('screens.adminTools.feedbackEmpty')}
      render={(item) => <FeedbackRow key={item.id} item={item} />}
    />
  );
}
