import { type InfiniteData, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostPage } from '#shared/schemas/posts';
import { aPost } from '../../../test/posts.ts';
import { patchCachedPost, postQueryKey } from './posts.ts';

const post = (id: string) => aPost({ id, likeCount: 2 });

const pages = (...ids: string[][]): InfiniteData<PostPage> => ({
  pages: ids.map((page) => ({ posts: page.map(post), nextCursor: null })),
  pageParams: ids.map(() => null),
});

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** A cache holding `data` under `key`, its query declared with `meta` as the app's hooks do. */
function cacheWith(entries: Array<{ key: readonly unknown[]; data: unknown; meta?: object }>) {
  const client = new QueryClient();
  clients.push(client);
  for (const { key, data, meta } of entries) {
    // An observer gives the query its options (and meta), as a mounted screen does.
    if (meta) new QueryObserver(client, { queryKey: key, meta, enabled: false });
    client.setQueryData(key, data);
  }
  return client;
}

describe('patchCachedPost', () => {
  it('changes the post in every list and on its page, and leaves the rest untouched', () => {
    const client = cacheWith([
      { key: ['posts', 'feed', {}], data: pages(['a', 'b'], ['c']), meta: { holds: 'post-pages' } },
      { key: ['courses', 'x', 'posts', null], data: pages(['c']), meta: { holds: 'post-pages' } },
      { key: postQueryKey('c'), data: post('c'), meta: { holds: 'post' } },
      { key: ['search', 'c'], data: { posts: [post('c')], nextCursor: null } },
    ]);
    const untouched = client.getQueryData(['posts', 'feed', {}]) as InfiniteData<PostPage>;

    patchCachedPost(client, 'c', { likedByMe: true, likeCount: 3 });

    const feed = client.getQueryData(['posts', 'feed', {}]) as InfiniteData<PostPage>;
    expect(feed.pages[1]!.posts[0]).toMatchObject({ id: 'c', likedByMe: true, likeCount: 3 });
    // Pages without the post keep their identity, so their cards are not drawn again.
    expect(feed.pages[0]).toBe(untouched.pages[0]);
    expect(
      (client.getQueryData(['courses', 'x', 'posts', null]) as InfiniteData<PostPage>).pages[0]!
        .posts[0],
    ).toMatchObject({ likeCount: 3 });
    expect(client.getQueryData(postQueryKey('c'))).toMatchObject({ likeCount: 3 });
    // Data that does not say it holds posts is never guessed at, however it looks.
    expect(client.getQueryData(['search', 'c'])).toEqual({ posts: [post('c')], nextCursor: null });
  });

  it('reaches a post written into the cache before its screen opened', () => {
    const client = cacheWith([{ key: postQueryKey('a'), data: post('a') }]);
    patchCachedPost(client, 'a', { bookmarkedByMe: true });
    expect(client.getQueryData(postQueryKey('a'))).toMatchObject({ bookmarkedByMe: true });
  });

  it('undoes exactly what it changed', () => {
    const client = cacheWith([
      { key: ['me', 'bookmarks'], data: pages(['a']), meta: { holds: 'post-pages' } },
    ]);
    const before = client.getQueryData(['me', 'bookmarks']);
    const undo = patchCachedPost(client, 'a', { likedByMe: true, likeCount: 3 });
    expect(client.getQueryData(['me', 'bookmarks'])).not.toEqual(before);
    undo();
    expect(client.getQueryData(['me', 'bookmarks'])).toEqual(before);
  });
});
