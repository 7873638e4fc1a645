import { useQueryClient } from '@tanstack/react-query';
import { MoreHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Post } from '#shared/schemas/posts';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { deletePost, postsQueryKey } from '../api/posts.ts';
import { menuTriggerClass } from './form-classes.ts';
import { LazyPostFormDialog } from './lazy-post-form-dialog.tsx';

const itemClass =
  'flex min-h-11 cursor-pointer items-center rounded-xl px-3 text-[15px] outline-none data-[focused]:bg-stone-100';

/**
 * The post's edit and delete menu (post-actions.tsx decides who has it). `openAtStart`: the
 * person pressed the stand-in button before this code arrived, so the menu opens at once, from
 * this button, as if it had been pressed.
 */
export function PostMenuPopover({ post, openAtStart }: { post: Post; openAtStart: boolean }) {
  const { t } = useTranslation();
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
      <MenuTrigger isOpen={menuOpen} onOpenChange={setMenuOpen}>
        <AriaButton ref={trigger} aria-label={t('posts.menu')} className={menuTriggerClass}>
          <MoreHorizontal className="size-5" aria-hidden="true" />
        </AriaButton>
        <Popover
          placement="bottom end"
          className="min-w-40 rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-stone-200"
        >
          <Menu
            onAction={(key) => (key === 'edit' ? setEditing(true) : setConfirming(true))}
            className="outline-none"
          >
            <MenuItem id="edit" className={`${itemClass} text-stone-800`}>
              {t('posts.edit')}
            </MenuItem>
            <MenuItem id="delete" className={`${itemClass} text-red-700`}>
              {t('posts.delete')}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
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
