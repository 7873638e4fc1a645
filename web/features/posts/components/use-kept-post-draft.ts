import { type RefObject, useEffect, useRef } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { KeptPhoto } from '../../media/index.ts';
import { postDrafts } from '../outbox/outbox.ts';
import type { KeptPost, PostDraft } from '../post-draft.ts';

/**
 * The draft of a new post, kept on the device as it is typed, so a closed tab or a phone that
 * restarts loses nothing; it is offered again the next time the form opens. `keptNow` is the
 * post as it stands (what the outbox is given); `settle` ends the draft once what is in the form
 * went somewhere (the outbox) or was thrown away.
 */
export function useKeptDraft(
  form: UseFormReturn<PostDraft>,
  {
    keeps,
    postId,
    personId,
    keptPhotos,
  }: {
    /** Only a new post has a draft: an edit or a waiting post is saved where it is. */
    keeps: boolean;
    postId: string;
    personId: string;
    keptPhotos: RefObject<KeptPhoto[]>;
  },
) {
  const settled = useRef(false);
  // Read while drawing, so react-hook-form tells of every change; kept for when the form goes.
  const dirty = useRef(false);
  dirty.current = form.formState.isDirty;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keptNow = (): KeptPost => {
    const { photos: _photos, ...values } = form.getValues();
    return { id: postId, personId, savedAt: Date.now(), values, photos: keptPhotos.current };
  };
  const keep = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!keeps || settled.current) return;
    if (!dirty.current && keptPhotos.current.length === 0) return;
    void postDrafts.keep(keptNow());
  };
  const keepSoon = () => {
    if (!keeps) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(keep, 400);
  };
  const typed = useWatch({ control: form.control });
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of what was typed is kept
  useEffect(keepSoon, [typed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: what is pending is kept when the form goes
  useEffect(() => () => keep(), []);
  const settle = async () => {
    if (!keeps) return;
    settled.current = true;
    await postDrafts.forget(personId);
  };
  return { keptNow, settle };
}
