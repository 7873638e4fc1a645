// @vitest-environment happy-dom
import { QueryClient, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '#shared/schemas/posts';
import { aPost } from '../../../test/posts.ts';
import { renderInApp } from '../../../test/render-in-app.tsx';
import { meQueryKey } from '../../accounts/index.ts';
import { postQueryKey } from '../api/posts.ts';
import { PostActions } from './post-actions.tsx';

const post = aPost({ likeCount: 4 });

/** The post as its page shows it: read from the cache, declared as holding a post. */
function PostPage() {
  const { data } = useQuery({
    queryKey: postQueryKey(post.id),
    queryFn: () => new Promise<Post>(() => {}),
    meta: { holds: 'post' },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ? <PostActions post={data} /> : null;
}

function renderPost() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, {
    state: 'member',
    person: { id: 'me', name: 'Trần Thu Hà', role: 'instructor', status: 'active' },
    can: { manageUsers: false, seeInstructors: true, teach: true },
  });
  queryClient.setQueryData(postQueryKey(post.id), post);
  renderInApp(<PostPage />, queryClient);
  return screen.getByRole('button', { name: /^Thích/ });
}

/** fetch that answers the like when the test says, with `status` and `body`. */
function heldAnswer() {
  let answer: (status: number, body: unknown) => void = () => {};
  vi.stubGlobal(
    'fetch',
    () =>
      new Promise<Response>((resolve) => {
        answer = (status, body) =>
          resolve(
            new Response(JSON.stringify(body), {
              status,
              headers: { 'content-type': 'application/json' },
            }),
          );
      }),
  );
  return (status: number, body: unknown) => act(async () => answer(status, body));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the like button', () => {
  it('shows the like at once, then the count the server gives', async () => {
    const answer = heldAnswer();
    const heart = renderPost();
    fireEvent.click(heart);
    expect(await screen.findByRole('button', { name: /^Thích, 5/, pressed: true })).toBeTruthy();
    await answer(200, { liked: true, likeCount: 7 });
    expect(await screen.findByRole('button', { name: /^Thích, 7/, pressed: true })).toBeTruthy();
  });

  it('puts the heart and the count back when the server refuses', async () => {
    const answer = heldAnswer();
    const heart = renderPost();
    fireEvent.click(heart);
    expect(await screen.findByRole('button', { name: /^Thích, 5/, pressed: true })).toBeTruthy();
    await answer(403, { error: { code: 'FORBIDDEN', message: 'Bạn không có quyền.' } });
    expect(await screen.findByRole('button', { name: /^Thích, 4/, pressed: false })).toBeTruthy();
  });
});
