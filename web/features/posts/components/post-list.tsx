import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { PostPage } from '#shared/schemas/posts';
import { Button } from '../../../components/ui/form.tsx';
import { Placeholder } from '../../../components/ui/placeholder.tsx';
import { useOffscreenSkipping } from '../../../hooks/use-offscreen-skipping.ts';
import { useShownCount } from '../../../hooks/use-shown-count.ts';
import { t } from '../../../lib/text.ts';
import { PostCard } from './post-card.tsx';

/** How many cards fill a phone's first screen (the rest are drawn just after). */
const FIRST_SCREEN_CARDS = 2;

/** Cards drawn at a time after the first screen's, on the screen the page opens on. */
const CARDS_PER_STEP = 2;

const NO_POSTS: PostPage['posts'] = [];

/** How near the end of the list (px below the screen) the next page is asked for. */
const NEAR_END_PX = 600;

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
  const { hasNextPage, isFetching, isFetchNextPageError, dataUpdatedAt, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement | null>(null);
  const [nearEnd, setNearEnd] = useState(false);

  // Whether the end of the list is within 600 px of the screen, followed as the person scrolls;
  // React 19 calls the returned cleanup when the sentinel goes.
  const watchEnd = useCallback((node: HTMLDivElement | null) => {
    sentinel.current = node;
    if (!node) return;
    const observer = new IntersectionObserver(
      (entries) => setNearEnd(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: `${NEAR_END_PX}px 0px` },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      setNearEnd(false);
    };
  }, []);

  const { data } = query;
  const loaded = useMemo(() => data?.pages.flatMap((page) => page.posts) ?? NO_POSTS, [data]);
  // When the first page arrives, the cards the first screen shows are drawn at once and the
  // rest in the background, in slices that leave the phone free to answer a tap; later pages
  // arrive in the background the same way. A list shown from the cache is drawn whole at once
  // (a restored scroll position needs every card), except the list the page opens on, which
  // has no position to restore: its cards come a couple at a time (useShownCount).
  const shown = useShownCount(loaded.length, FIRST_SCREEN_CARDS, CARDS_PER_STEP);
  const deferred = useDeferredValue(loaded);
  const items =
    shown < loaded.length
      ? loaded.slice(0, shown)
      : deferred.length === 0
        ? loaded.slice(0, FIRST_SCREEN_CARDS)
        : deferred;

  // Near the end and nothing on its way: the next ten. A read on its way is not cancelled for
  // it (`cancelRefetch: false`): that may be a re-read a live update started, whose news would
  // be lost; the next page is asked for once it lands (`dataUpdatedAt`). The position is
  // measured again here, as the observer reports a page's arrival only a frame later. After a
  // failed page, the button asks again.
  const drawing = items.length < loaded.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataUpdatedAt re-runs it when a read lands
  useEffect(() => {
    // Not while the cards of a page are still being drawn: the end is not where it will be.
    if (drawing || !nearEnd || !hasNextPage || isFetching || isFetchNextPageError) return;
    const top = sentinel.current?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY;
    if (top < window.innerHeight + NEAR_END_PX) void fetchNextPage({ cancelRefetch: false });
  }, [
    drawing,
    nearEnd,
    hasNextPage,
    isFetching,
    isFetchNextPageError,
    dataUpdatedAt,
    fetchNextPage,
  ]);

  // A long feed would otherwise lay every card out again on each like.
  const cardProps = useOffscreenSkipping('card');

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only">{t('screens.courseDetail.activity.loading')}</span>
        <Placeholder className="h-40 rounded-3xl" count={2} />
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
        {items.map((post, index) => (
          <li key={post.id} {...cardProps(post.id)}>
            <PostCard post={post} priority={index === 0} />
          </li>
        ))}
      </ul>
      <div ref={watchEnd} className="flex justify-center py-2">
        {hasNextPage ? (
          <Button
            variant="secondary"
            onClick={() => void fetchNextPage()}
            busy={query.isFetchingNextPage}
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
