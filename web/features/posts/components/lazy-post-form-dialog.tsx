import { useEffect } from 'react';
import { lazyComponent, whenIdle } from '../../../lib/lazy-module.ts';

/**
 * The post form, fetched when it first opens: the feed, a post's menu and a student's card show
 * without its code (photo upload, mentions, the course and lesson pickers).
 */
const loadPostForm = () => import('./post-form-dialog.tsx');

export const LazyPostFormDialog = lazyComponent(() =>
  loadPostForm().then((module) => module.PostFormDialog),
);

/**
 * Fetches the post form's code a while after the feed has shown, so that it opens when the
 * connection has gone since (the service worker holds it too, once installed). Late enough to
 * stay clear of the feed's first seconds.
 */
export function usePostFormReady(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => void loadPostForm().catch(() => undefined));
    }, 5_000);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [enabled]);
}
