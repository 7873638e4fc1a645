import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Post } from '#shared/schemas/posts';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ActionMenuPopover } from '../../../components/ui/action-menu-popover.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { useDeletePost } from '../api/posts.ts';
import { menuTriggerClass } from './form-classes.ts';
import { LazyPostFormDialog } from './lazy-post-form-dialog.tsx';

/**
 * The post's edit and delete menu (post-actions.tsx decides who has it). It is shown once the
 * person has pressed the stand-in button, so it opens at once, from this button, as if it had
 * been pressed.
 */
export function PostMenuPopover({ post }: { post: Post }) {
  const navigate = useNavigate();
  const { showToast } = useToast();
  const trigger = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    // Focus first, so closing the menu brings it back to this button.
    trigger.current?.focus();
    setMenuOpen(true);
  }, []);

  const remove = useDeletePost();

  return (
    <>
      <ActionMenuPopover
        label={t('posts.menu')}
        icon="horizontal"
        triggerClassName={menuTriggerClass}
        triggerRef={trigger}
        isOpen={menuOpen}
        onOpenChange={setMenuOpen}
        choices={[
          ...(post.can.edit ? [{ id: 'edit', label: t('posts.edit') }] : []),
          ...(post.can.delete ? [{ id: 'delete', label: t('posts.delete'), danger: true }] : []),
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
        busy={remove.isPending}
        onConfirm={() => {
          if (remove.isPending) return;
          write(remove, post.id, {
            onSuccess: () => {
              showToast(t('posts.deleted'), 'success');
              setConfirming(false);
              if (location.hash.startsWith(`#/posts/${post.id}`)) navigate('/activity');
            },
          });
        }}
      />
    </>
  );
}
