import { lazyComponent } from '../../../lib/lazy-module.ts';

/**
 * The post form, fetched when it first opens: the feed, a post's menu and a student's card show
 * without its code (photo upload, mentions, the course and lesson pickers).
 */
export const LazyPostFormDialog = lazyComponent(() =>
  import('./post-form-dialog.tsx').then((module) => module.PostFormDialog),
);
