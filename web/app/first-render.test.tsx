// @vitest-environment happy-dom
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_HINT_KEY } from '#shared/storage-keys';
import { meQueryKey } from '../features/accounts/api/me.ts';
import { postsQueryKey } from '../features/posts/api/posts.ts';
import { queryClient } from '../lib/query-client.ts';
import { loader as signedInLoader } from './layout/signed-in-app.tsx';
import { loader as activityLoader } from './routes/activity.tsx';

const page = { posts: [], nextCursor: null };
const me = { state: 'anonymous', guestMode: false, can: {} };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const feedKey = [...postsQueryKey, 'feed', {}];
const activity = (address = 'http://localhost/activity') =>
  activityLoader({ request: new Request(address) } as LoaderFunctionArgs);

afterEach(() => {
  delete window.__hvEarlyReads;
  localStorage.clear();
  queryClient.clear();
  vi.restoreAllMocks();
});

describe("a first visit's reads, started before the signed-in screen renders", () => {
  it("takes the page's early reads of who this is and of the feed, so the first render has them", async () => {
    window.__hvEarlyReads = {
      '/me': Promise.resolve(Response.json(me)),
      '/posts': Promise.resolve(Response.json(page)),
    };
    signedInLoader();
    activity();
    await settle();
    expect(queryClient.getQueryData(meQueryKey)).toEqual(me);
    expect(queryClient.getQueryData(feedKey)).toEqual({ pages: [page], pageParams: [null] });
    expect(window.__hvEarlyReads).toEqual({});
  });

  it('asks nothing for the feed with no early read and no member on the device', () => {
    activity();
    expect(queryClient.getQueryState(feedKey)).toBeUndefined();
  });

  it('asks for a filtered feed itself: the early read is only of the unfiltered first page', async () => {
    localStorage.setItem(MEMBER_HINT_KEY, 'a-member');
    const early = Promise.resolve(Response.json(page));
    window.__hvEarlyReads = { '/posts': early };
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(page));
    activity('http://localhost/activity?kind=evaluation');
    await settle();
    expect(fetch).toHaveBeenCalledOnce();
    expect(new URL((fetch.mock.calls[0]![0] as Request).url).search).toBe('?kind=evaluation');
    expect(window.__hvEarlyReads['/posts']).toBe(early);
  });
});
