// @vitest-environment happy-dom
import { type InfiniteData, QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostPage } from '#shared/schemas/posts';
import { formatDateTime } from '../../../lib/relative-time.ts';
import { aPost } from '../../../test/posts.ts';
import { renderInApp } from '../../../test/render-in-app.tsx';
import { patchCachedPost } from '../api/posts.ts';
import { PostList } from './post-list.tsx';

// Each card's time calls formatDateTime once per render of the card: counting the calls counts
// the cards drawn.
vi.mock('../../../lib/relative-time.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/relative-time.ts')>();
  return { ...actual, formatDateTime: vi.fn(actual.formatDateTime) };
});

const person = (id: string, name: string) => ({ id, name, avatarUrl: `/avatars/${id}.svg` });

const post = (index: number) =>
  aPost({
    id: `post-${index}`,
    kind: 'evaluation',
    author: person('instructor-1', 'Trần Thu Hà'),
    student: person(`student-${index}`, `Học viên ${index}`),
    course: { id: 'course-1', name: 'Vẽ móng cơ bản' },
    lesson: { id: 'lesson-1', title: 'Sơn gel' },
    text: `Bài làm số ${index}`,
    rating: 8,
    createdAt: Date.now() - index * 60_000,
  });

/** The IntersectionObservers the list made, to play the part of scrolling. */
const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[] }> = [];

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      targets: Element[] = [];
      constructor(readonly callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets = [];
      }
    },
  );
  // Who is signed in is never answered: the cards show as to a guest.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  vi.mocked(formatDateTime).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Feed({ pages }: { pages: Array<Promise<PostPage>> }) {
  const query = useInfiniteQuery<PostPage, Error, InfiniteData<PostPage>, string[], string | null>({
    queryKey: ['posts', 'test'],
    meta: { holds: 'post-pages' },
    queryFn: ({ pageParam }) => pages[pageParam === null ? 0 : Number(pageParam)]!,
    initialPageParam: null,
    getNextPageParam: (page) => page.nextCursor,
  });
  return <PostList query={query} label="Bài đăng" empty="Trống" end="Hết" />;
}

function renderFeed(pages: Array<Promise<PostPage>>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(<Feed pages={pages} />, queryClient);
  return queryClient;
}

/** What the held list asked for, and the answers it waits on. */
const asked: Array<string | null> = [];
const held: Array<{ resolve: (page: PostPage) => void; reject: (error: Error) => void }> = [];

function HeldFeed() {
  const query = useInfiniteQuery<PostPage, Error, InfiniteData<PostPage>, string[], string | null>({
    queryKey: ['posts', 'held'],
    meta: { holds: 'post-pages' },
    queryFn: ({ pageParam }) => {
      asked.push(pageParam);
      return new Promise<PostPage>((resolve, reject) => held.push({ resolve, reject }));
    },
    initialPageParam: null,
    getNextPageParam: (page) => page.nextCursor,
  });
  return <PostList query={query} label="Bài đăng" empty="Trống" end="Hết" />;
}

/** A list whose pages answer when the test says so, with a log of the cursors asked for. */
function renderHeldFeed() {
  asked.length = 0;
  held.length = 0;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(<HeldFeed />, queryClient);
  return { queryClient, asked, last: () => held.at(-1)! };
}

/** Plays the browser telling the list that its end came near the screen. */
async function scrollNearEnd() {
  const watching = observers.find((observer) => observer.targets.length > 0);
  expect(watching).toBeTruthy();
  await act(async () =>
    watching!.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      watching as unknown as IntersectionObserver,
    ),
  );
}

const tenPosts = (from: number) => Array.from({ length: 10 }, (_, index) => post(from + index));

describe('the post list', () => {
  it("draws the first screen's cards as the page arrives, and the rest just after", async () => {
    let answer!: (page: PostPage) => void;
    renderFeed([
      new Promise<PostPage>((resolve) => {
        answer = resolve;
      }),
    ]);
    const seen: number[] = [];
    const counting = new MutationObserver(() =>
      seen.push(document.querySelectorAll('article').length),
    );
    counting.observe(document.body, { childList: true, subtree: true });
    await act(async () => answer({ posts: tenPosts(0), nextCursor: null }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    counting.disconnect();
    expect(seen.filter((count) => count > 0)[0]).toBe(2);
  });

  it('shows the placeholder until the page is drawn, then watches for the end to load more', async () => {
    let answer!: (page: PostPage) => void;
    const first = new Promise<PostPage>((resolve) => {
      answer = resolve;
    });
    const second = Promise.resolve({ posts: tenPosts(10), nextCursor: null });
    renderFeed([first, second]);
    expect(screen.getByText('Đang tải bài đăng…')).toBeTruthy();

    act(() => answer({ posts: tenPosts(0), nextCursor: '1' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(screen.queryByText('Trống')).toBeNull();

    // The sentinel below the cards is watched once they are drawn; reaching it loads the next ten.
    await scrollNearEnd();
    expect(await screen.findByText('Hết')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
  });

  it('draws again only the card whose post changed', async () => {
    const queryClient = renderFeed([Promise.resolve({ posts: tenPosts(0), nextCursor: null })]);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    const drawnBefore = vi.mocked(formatDateTime).mock.calls.length;

    act(() => {
      patchCachedPost(queryClient, 'post-3', { likedByMe: true, likeCount: 1 });
    });
    expect(await screen.findAllByRole('button', { pressed: true })).toHaveLength(1);
    expect(vi.mocked(formatDateTime).mock.calls.length - drawnBefore).toBe(1);
  });

  it('waits for a re-read on its way before asking for the next page, then asks by itself', async () => {
    const feed = renderHeldFeed();
    await act(async () => feed.last().resolve({ posts: tenPosts(0), nextCursor: '1' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));

    // A live update re-reads the list; the person reaches its end meanwhile.
    await act(async () => void feed.queryClient.invalidateQueries({ queryKey: ['posts'] }));
    expect(feed.asked).toEqual([null, null]);
    await scrollNearEnd();
    expect(feed.asked, 'the re-read is not cancelled by the next page').toEqual([null, null]);

    await act(async () => feed.last().resolve({ posts: tenPosts(0), nextCursor: '1' }));
    await waitFor(() => expect(feed.asked, 'no second scroll needed').toEqual([null, null, '1']));
    await act(async () => feed.last().resolve({ posts: tenPosts(10), nextCursor: null }));
    expect(await screen.findByText('Hết')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
  });

  it('does not ask again by itself for a page that failed; the button does', async () => {
    const feed = renderHeldFeed();
    await act(async () => feed.last().resolve({ posts: tenPosts(0), nextCursor: '1' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    await scrollNearEnd();
    expect(feed.asked).toEqual([null, '1']);
    await act(async () => feed.last().reject(new Error('mất kết nối')));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(feed.asked).toEqual([null, '1']);

    fireEvent.click(screen.getByRole('button', { name: 'Xem thêm' }));
    expect(feed.asked).toEqual([null, '1', '1']);
    await act(async () => feed.last().resolve({ posts: tenPosts(10), nextCursor: null }));
    expect(await screen.findByText('Hết')).toBeTruthy();
  });
});
