import { lazyComponent } from '../../../lib/lazy-module.ts';

/** The feed's student filter, fetched when first opened: the feed's first load has no combo box. */
export const LazyStudentFilterSheet = lazyComponent(() =>
  import('./student-filter-sheet.tsx').then((module) => module.StudentFilterSheet),
);
