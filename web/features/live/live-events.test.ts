import { type InfiniteData, InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLiveEvent } from './live-events.ts';

type Page = { posts: string[]; nextCursor: string | null };

/** A feed whose pages answer when the test says so, with a log of what was asked. */
function feedWithHeldPages() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const asked: Array<string | null> = [];
  const answers: Array<(page: Page) => void> = [];
  const observer = new InfiniteQueryObserver<
    Page,
    Error,
    InfiniteData<Page>,
    string[],
    string | null
  >(queryClient, {
    queryKey: ['posts', 'feed'],
    queryFn: ({ pageParam }) => {
      asked.push(pageParam);
      return new Promise<Page>((resolve) => answers.push(resolve));
    },
    initialPageParam: null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  const answerLast = (page: Page) => answers.at(-1)!(page);
  const pages = () => observer.getCurrentResult().data?.pages.map((page) => page.posts) ?? [];
  return { queryClient, observer, asked, answerLast, pages, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

/** The held feed, its first page answered and shown. */
async function feedShowing(first: Page) {
  const feed = feedWithHeldPages();
  cleanup = feed.unsubscribe;
  await settle();
  feed.answerLast(first);
  await settle();
  return feed;
}

describe('a live event while a list is loading its next page', () => {
  it('lets the page arrive, then reads the list again', async () => {
    const feed = await feedShowing({ posts: ['p1'], nextCursor: 'c1' });
    expect(feed.pages()).toEqual([['p1']]);

    const nextPage = feed.observer.fetchNextPage();
    await settle();
    applyLiveEvent(feed.queryClient, { type: 'post.created', postId: 'p0' }, 'me');
    await settle();
    // Not cancelled: the page asked for before the event is the one that lands.
    expect(feed.asked).toEqual([null, 'c1']);
    feed.answerLast({ posts: ['p2'], nextCursor: null });
    await nextPage;
    expect(feed.pages()).toEqual([['p1'], ['p2']]);

    // Then, after a short pause, the whole list again, page by page, so the new post is in it.
    await vi.waitFor(() => expect(feed.asked).toEqual([null, 'c1', null]));
    feed.answerLast({ posts: ['p0', 'p1'], nextCursor: 'c1' });
    await vi.waitFor(() => expect(feed.asked).toEqual([null, 'c1', null, 'c1']));
    feed.answerLast({ posts: ['p2'], nextCursor: null });
    await settle();
    expect(feed.pages()).toEqual([['p0', 'p1'], ['p2']]);
  });

  it('reads a list that was idle at once', async () => {
    const feed = await feedShowing({ posts: ['p1'], nextCursor: null });
    applyLiveEvent(feed.queryClient, { type: 'post.created', postId: 'p0' }, 'me');
    await settle();
    expect(feed.asked).toEqual([null, null]);
    feed.answerLast({ posts: ['p0', 'p1'], nextCursor: null });
    await settle();
    expect(feed.pages()).toEqual([['p0', 'p1']]);
  });

  it('gathers the news that comes during a re-read into one more re-read', async () => {
    const feed = await feedShowing({ posts: ['p1'], nextCursor: null });
    applyLiveEvent(feed.queryClient, { type: 'post.created', postId: 'p2' }, 'me');
    await settle();
    expect(feed.asked).toEqual([null, null]);
    for (const postId of ['p3', 'p4', 'p5', 'p6']) {
      applyLiveEvent(feed.queryClient, { type: 'post.created', postId }, 'me');
    }
    await settle();
    expect(feed.asked, 'no re-read cancelled or started while one runs').toEqual([null, null]);
    feed.answerLast({ posts: ['p2', 'p1'], nextCursor: null });
    await vi.waitFor(() => expect(feed.asked).toEqual([null, null, null]));
    feed.answerLast({ posts: ['p6', 'p5', 'p4', 'p3', 'p2', 'p1'], nextCursor: null });
    await settle();
    expect(feed.pages()).toEqual([['p6', 'p5', 'p4', 'p3', 'p2', 'p1']]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(feed.asked, 'and no more after it').toEqual([null, null, null]);
  });
});
