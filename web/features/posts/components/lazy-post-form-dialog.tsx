import { type ComponentProps, lazy, Suspense } from 'react';
import type { PostFormDialog as PostFormDialogType } from './post-form-dialog.tsx';

const PostFormDialog = lazy(() =>
  import('./post-form-dialog.tsx').then((module) => ({ default: module.PostFormDialog })),
);

/**
 * The post form, fetched when it first opens: the feed, a post's menu and a student's card show
 * without its code (photo upload, mentions, the course and lesson pickers).
 */
export function LazyPostFormDialog(props: ComponentProps<typeof PostFormDialogType>) {
  return (
    <Suspense fallback={null}>
      <PostFormDialog {...props} />
    </Suspense>
  );
}
