import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostPage } from '#shared/schemas/posts';
import { Button } from '../../../components/ui/form.tsx';
import { PostCard } from './post-card.tsx';

/**
 * Posts ten at a time, the next ten loading as the person nears the end (and by a button, for
 * keyboards and when scrolling cannot tell), with loading, empty, failed and end states.
 */
export function PostList({
  query,
  label,
  empty,
  end,
}: {
  query: UseInfiniteQueryResult<InfiniteData<PostPage>>;
  label: string;
  empty: string;
  end: string;
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
          void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = query.data?.pages.flatMap((page) => page.posts) ?? [];
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only">{t('screens.courseDetail.activity.loading')}</span>
        {[0, 1].map((index) => (
          <div
            key={index}
            aria-hidden="true"
            className="h-40 animate-pulse rounded-3xl bg-stone-200/70"
          />
        ))}
      </div>
    );
  }
  if (query.isError && items.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]">
        <p className="text-stone-700">{t('screens.courseDetail.activity.failed')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('screens.courseDetail.activity.retry')}
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">{empty}</p>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-4" aria-label={label}>
        {items.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="flex justify-center py-2">
        {hasNextPage ? (
          <Button
            variant="secondary"
            onClick={() => void fetchNextPage()}
            busy={isFetchingNextPage}
          >
            {t('screens.courseDetail.activity.loadMore')}
          </Button>
        ) : (
          <p className="text-sm text-stone-500" data-testid="activity-end">
            {end}
          </p>
        )}
      </div>
    </>
  );
}
