import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lazyComponent, whenIdle } from '../../../lib/lazy-module.ts';
import { prefetchClassRoster } from '../../students/index.ts';

/**
 * The post form, fetched when it first opens: the feed, a post's menu and a student's card show
 * without its code (photo upload, mentions, the course and lesson pickers).
 */
const loadPostForm = () => import('./post-form-dialog.tsx');

export const LazyPostFormDialog = lazyComponent(() =>
  loadPostForm().then((module) => module.PostFormDialog),
);

/**
 * Fetches the post form's code and the class roster (students, courses, lessons) a while after
 * the screen has shown, so that the form opens and can choose whom, which course and lesson when
 * the connection has gone since (the service worker holds the code too, once installed; the
 * device keeps the roster). Late enough to stay clear of the screen's first seconds.
 */
export function usePostFormReady(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => {
        void loadPostForm().catch(() => undefined);
        void prefetchClassRoster(queryClient);
      });
    }, 5_000);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [enabled, queryClient]);
}
