import { CloudUpload, LogIn, RotateCcw, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { RatingChip } from '../../../components/ui/rating-chip.tsx';
import { lazyComponent } from '../../../lib/lazy-module.ts';
import { formatDateTime } from '../../../lib/relative-time.ts';
import { t } from '../../../lib/text.ts';
import { useClassRoster } from '../../students/index.ts';
import type { QueuedPost, SendProgress } from '../outbox/outbox.ts';
import { outbox } from '../outbox/outbox.ts';
import { useOutbox } from '../outbox/use-outbox.ts';
import { courseAndLessonNames } from '../post-draft.ts';
import { LazyPostFormDialog } from './lazy-post-form-dialog.tsx';

// The confirmation's dialog code is not the feed's to carry: it comes with the post form's code,
// fetched a little after the feed shows (lazy-post-form-dialog.tsx), so it opens offline too.
const ConfirmDialog = lazyComponent(() =>
  import('../../../components/ui/dialog.tsx').then((module) => module.ConfirmDialog),
);

/** A post waiting longer than this says since when: it may have been forgotten on the phone. */
const LONG_WAIT_MS = 24 * 60 * 60 * 1000;

const actionClass =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-xl px-3 text-sm font-semibold';

/** Object URLs of a waiting post's photos, made while the card shows and freed after. */
function usePreviews(post: QueuedPost): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = post.photos.map((photo) => URL.createObjectURL(photo.blob));
    setUrls(made);
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [post.photos]);
  return urls;
}

function statusLine(post: QueuedPost, progress: SendProgress | null): string {
  if (progress?.postId === post.id) {
    if ('posting' in progress) return t('posts.outbox.sendingPost');
    return t('posts.outbox.sendingPhoto', {
      number: progress.photo,
      total: progress.total,
      percent: Math.round(progress.fraction * 100),
    });
  }
  switch (post.status) {
    case 'signedOut':
      return t('posts.outbox.signedOut');
    case 'failed':
      return t('posts.outbox.failed', { reason: post.message ?? '' });
    case 'waiting':
      return navigator.onLine ? t('posts.outbox.waiting') : t('posts.outbox.waitingOffline');
  }
}

function QueuedCard({
  post,
  progress,
  onEdit,
}: {
  post: QueuedPost;
  progress: SendProgress | null;
  onEdit: () => void;
}) {
  const previews = usePreviews(post);
  const [confirming, setConfirming] = useState(false);
  const sending = progress?.postId === post.id;
  const refused = post.status === 'failed';
  const Icon = refused ? TriangleAlert : post.status === 'signedOut' ? LogIn : CloudUpload;
  const about =
    post.values.kind === 'evaluation'
      ? (post.values.student?.name ?? '')
      : t('posts.outbox.general');
  // The course and lesson by name, as the form showed them (the roster the device keeps), for
  // her to check before it goes.
  const roster = useClassRoster();
  const where = courseAndLessonNames(roster.data, post.values).join(' · ');
  const rating = post.values.rating === '' ? null : Number(post.values.rating);
  return (
    <li
      data-testid="queued-post"
      data-status={sending ? 'sending' : post.status}
      className={`flex flex-col gap-3 rounded-3xl border-2 border-dashed bg-white p-4 ${refused ? 'border-red-300' : 'border-accent-200'}`}
    >
      <p
        role="status"
        className={`flex items-start gap-2 text-sm font-semibold ${refused ? 'text-red-800' : 'text-accent-800'}`}
      >
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{statusLine(post, progress)}</span>
      </p>
      {Date.now() - post.savedAt > LONG_WAIT_MS ? (
        <p className="-mt-2 text-sm text-amber-800" data-testid="waited-long">
          {t('posts.outbox.waitedSince', { time: formatDateTime(post.savedAt) })}
        </p>
      ) : null}
      <div className="min-w-0">
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 text-[15px] font-semibold break-words text-stone-900">{about}</p>
          {rating !== null && Number.isInteger(rating) ? (
            <RatingChip rating={rating} small />
          ) : null}
        </div>
        {where ? (
          <p className="text-sm break-words text-stone-600" data-testid="queued-where">
            {where}
          </p>
        ) : null}
        {post.values.text ? (
          <p className="line-clamp-2 text-[15px] leading-6 break-words text-stone-700">
            {post.values.text}
          </p>
        ) : null}
      </div>
      {previews.length > 0 ? (
        <ul
          className="flex gap-2 overflow-x-auto"
          aria-label={t('posts.outbox.photos', { count: previews.length })}
        >
          {previews.map((url, index) => (
            <li key={url} className="shrink-0">
              <img
                src={url}
                alt={t('upload.photo', { number: index + 1 })}
                width={72}
                height={72}
                className={`size-18 rounded-xl object-cover ${post.photos[index]?.sent ? '' : 'opacity-70'}`}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {sending ? null : (
        <div className="flex flex-wrap gap-2">
          {refused ? (
            <button
              type="button"
              onClick={() => void outbox.retry(post.id)}
              className={`${actionClass} bg-accent-600 text-white`}
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('posts.outbox.retry')}
            </button>
          ) : null}
          <button
            type="button"
            onClick={onEdit}
            className={`${actionClass} border border-stone-300 text-stone-800`}
          >
            {t('posts.outbox.edit')}
          </button>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className={`${actionClass} text-red-700`}
          >
            {t('posts.outbox.delete')}
          </button>
        </div>
      )}
      {confirming ? (
        <ConfirmDialog
          isOpen={confirming}
          onOpenChange={setConfirming}
          title={t('posts.outbox.deleteTitle')}
          body={t('posts.outbox.deleteBody')}
          confirmLabel={t('posts.outbox.deleteConfirm')}
          cancelLabel={t('posts.outbox.keep')}
          onConfirm={() => {
            setConfirming(false);
            void outbox.remove(post.id);
          }}
        />
      ) : null}
    </li>
  );
}

/**
 * The person's new posts still on this device, above the feed: what waits to be sent, what is
 * being sent (with its photos' progress) and what the server refused, each to change, send again
 * or delete.
 */
export function OutboxList({ personId }: { personId: string }) {
  const { posts, progress } = useOutbox(personId);
  const [editing, setEditing] = useState<QueuedPost | null>(null);
  if (posts.length === 0 && !editing) return null;
  return (
    <section aria-label={t('posts.outbox.label')}>
      <ul className="flex flex-col gap-3">
        {posts.map((post) => (
          <QueuedCard
            key={post.id}
            post={post}
            progress={progress}
            onEdit={() => setEditing(post)}
          />
        ))}
      </ul>
      {editing ? (
        <LazyPostFormDialog
          isOpen
          queued={editing}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}
