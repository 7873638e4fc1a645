import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Post } from '#shared/schemas/posts';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ActionMenu } from '../../../components/ui/action-menu.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { deletePost, postsQueryKey } from '../api/posts.ts';
import { menuTriggerClass } from './form-classes.ts';
import { LazyPostFormDialog } from './lazy-post-form-dialog.tsx';

/**
 * The post's edit and delete menu (post-actions.tsx decides who has it). `openAtStart`: the
 * person pressed the stand-in button before this code arrived, so the menu opens at once, from
 * this button, as if it had been pressed.
 */
export function PostMenuPopover({ post, openAtStart }: { post: Post; openAtStart: boolean }) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const trigger = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!openAtStart) return;
    // Focus first, so closing the menu brings it back to this button.
    trigger.current?.focus();
    setMenuOpen(true);
  }, [openAtStart]);

  const remove = async () => {
    setBusy(true);
    try {
      await deletePost(post.id);
      showToast(t('posts.deleted'), 'success');
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: postsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['courses'] });
      if (location.hash.startsWith(`#/posts/${post.id}`)) navigate('/activity');
    } catch (failure) {
      showToast(failureMessage(t('toasts.deleteFailed'), failure), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ActionMenu
        label={t('posts.menu')}
        icon="horizontal"
        triggerClassName={menuTriggerClass}
        triggerRef={trigger}
        isOpen={menuOpen}
        onOpenChange={setMenuOpen}
        choices={[
          { id: 'edit', label: t('posts.edit') },
          { id: 'delete', label: t('posts.delete'), danger: true },
        ]}
        onChoose={(id) => (id === 'edit' ? setEditing(true) : setConfirming(true))}
      />
      {editing ? <LazyPostFormDialog post={post} isOpen onOpenChange={setEditing} /> : null}
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('posts.confirmDelete')}
        body={t('posts.confirmDeleteBody')}
        confirmLabel={t('posts.delete')}
        cancelLabel={t('posts.cancel')}
        busy={busy}
        onConfirm={() => void remove()}
      />
    </>
  );
}
