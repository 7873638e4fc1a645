import { CloudUpload, LogOut, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SheetDialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/form.tsx';
import { useOnlineStatus } from '../../../hooks/use-online-status.ts';
import { formatDateTime } from '../../../lib/relative-time.ts';
import { t } from '../../../lib/text.ts';
import { outbox } from '../outbox/outbox.ts';
import { sendOutboxNow, useOutbox } from '../outbox/use-outbox.ts';

/** How long "send, then sign out" waits for her posts to get through before it says so. */
const SEND_WAIT_MS = 60_000;

/** Her posts still on this device: what a sign-out must not leave unknown. */
export function useWaitingPosts(personId: string | undefined): number {
  return useOutbox(personId).posts.length;
}

/**
 * Asked before she signs out with posts still waiting on this device: what is waiting, and
 * her choice: send them now and then sign out (with a signal), keep them on this device for her
 * next sign-in here (only she ever sees or sends them), or delete them (a second tap to be
 * sure). Closing the sheet keeps her signed in, and the posts go out by themselves.
 */
export function WaitingBeforeSignOut({
  personId,
  isOpen,
  onOpenChange,
  onSignOut,
}: {
  personId: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSignOut: () => void;
}) {
  const { posts, progress } = useOutbox(personId);
  const online = useOnlineStatus();
  const [sending, setSending] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const refused = posts.filter((post) => post.status === 'failed').length;

  // "Send, then sign out": signs out once nothing of hers waits; stops and says why when one
  // is refused or the wait runs out.
  useEffect(() => {
    if (!sending) return;
    if (posts.length === 0) {
      setSending(false);
      onSignOut();
      return;
    }
    if (refused > 0) {
      setSending(false);
      setNote(t('posts.outbox.beforeSignOut.refused', { count: refused }));
      return;
    }
    const timer = setTimeout(() => {
      setSending(false);
      setNote(t('posts.outbox.beforeSignOut.notYet'));
    }, SEND_WAIT_MS);
    return () => clearTimeout(timer);
  }, [sending, posts.length, refused, onSignOut]);

  const close = (open: boolean) => {
    if (!open) {
      setSending(false);
      setDeleting(false);
      setNote(null);
    }
    onOpenChange(open);
  };
  const sendThenSignOut = () => {
    setNote(null);
    setSending(true);
    // Refused ones are sent again only by her own "Gửi lại": they wait for her decision.
    sendOutboxNow();
  };
  const deleteThenSignOut = async () => {
    if (!deleting) {
      setDeleting(true);
      return;
    }
    for (const post of posts) await outbox.remove(post.id);
    onSignOut();
  };

  return (
    <SheetDialog
      isOpen={isOpen}
      onOpenChange={close}
      title={t('posts.outbox.beforeSignOut.title', { count: posts.length })}
    >
      <div className="flex flex-col gap-4" data-testid="waiting-before-sign-out">
        <p className="text-[15px] leading-6 text-stone-700">
          {t('posts.outbox.beforeSignOut.body')}
        </p>
        <ul className="flex flex-col gap-2">
          {posts.map((post) => (
            <li
              key={post.id}
              className="flex items-start gap-2 rounded-2xl bg-stone-50 px-3 py-2 text-sm text-stone-800"
            >
              <CloudUpload className="mt-0.5 size-4 shrink-0 text-accent-700" aria-hidden="true" />
              <span className="min-w-0 break-words">
                <span className="font-semibold">
                  {post.values.kind === 'evaluation'
                    ? (post.values.student?.name ?? '')
                    : t('posts.outbox.general')}
                </span>
                {' · '}
                {t('posts.outbox.beforeSignOut.savedAt', { time: formatDateTime(post.savedAt) })}
                {post.status === 'failed' ? ` · ${t('posts.outbox.beforeSignOut.refusedOne')}` : ''}
              </span>
            </li>
          ))}
        </ul>
        {note ? (
          <p role="alert" className="text-sm font-semibold text-red-800">
            {note}
          </p>
        ) : null}
        <div className="flex flex-col gap-3">
          <Button
            onClick={sendThenSignOut}
            busy={sending}
            disabled={!online || refused === posts.length}
          >
            {sending && progress
              ? t('posts.outbox.beforeSignOut.sending')
              : t('posts.outbox.beforeSignOut.send')}
          </Button>
          {online ? null : (
            <p className="-mt-1 text-sm text-stone-600">
              {t('posts.outbox.beforeSignOut.offline')}
            </p>
          )}
          <Button variant="secondary" onClick={onSignOut} disabled={sending}>
            <LogOut className="size-4" aria-hidden="true" />
            {t('posts.outbox.beforeSignOut.keep')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void deleteThenSignOut()}
            disabled={sending}
            className="border-red-300 text-red-700"
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {deleting
              ? t('posts.outbox.beforeSignOut.deleteSure', { count: posts.length })
              : t('posts.outbox.beforeSignOut.delete', { count: posts.length })}
          </Button>
          <Button variant="secondary" onClick={() => close(false)} disabled={sending}>
            {t('posts.outbox.beforeSignOut.stay')}
          </Button>
        </div>
      </div>
    </SheetDialog>
  );
}
