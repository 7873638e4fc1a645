// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment, CommentThreads } from '#shared/schemas/posts';
import { formatDateTime } from '../../../lib/relative-time.ts';
import { renderInApp } from '../../../test/render-in-app.tsx';
import { meQueryKey } from '../../accounts/index.ts';
import { commentsQueryKey } from '../api/posts.ts';
import { CommentThread } from './comment-thread.tsx';

// Each comment's time calls formatDateTime once per render of the comment: counting the calls
// counts the comments drawn.
vi.mock('../../../lib/relative-time.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/relative-time.ts')>();
  return { ...actual, formatDateTime: vi.fn(actual.formatDateTime) };
});

const POST_ID = 'post-1';
const person = (id: string, name: string) => ({ id, name, avatarUrl: `/avatars/${id}.svg` });

const comment = (index: number, parentId: string | null = null): Comment => ({
  id: `comment-${index}`,
  postId: POST_ID,
  parentId,
  author: person(`person-${index}`, `Học viên ${index}`),
  text: `Bình luận số ${index}`,
  mentions: [],
  likeCount: 0,
  likedByMe: false,
  createdAt: Date.now() - (20 - index) * 60_000,
  updatedAt: Date.now() - (20 - index) * 60_000,
  can: { edit: false, delete: false },
});

beforeEach(() => {
  // Nothing is fetched again: the answers are in the cache already.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  vi.mocked(formatDateTime).mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The cursor of comment n, as the server writes one (its time, then its id). */
const cursor = (index: number) =>
  `${1_790_000_000_000 + index}.00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

function renderThread(
  comments: Comment[],
  role: 'instructor' | 'admin' = 'instructor',
  window: Omit<CommentThreads, 'comments'> = { from: null, earlier: null },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(meQueryKey, {
    state: 'member',
    person: {
      id: 'me',
      name: 'Trần Thu Hà',
      role,
      status: 'active',
      email: 'ha@example.vn',
      avatarUrl: '/avatars/me.svg',
    },
    can: { manageUsers: false, seeInstructors: true, teach: true },
  });
  queryClient.setQueryData(commentsQueryKey(POST_ID), { comments, ...window });
  const { unmount } = renderInApp(<CommentThread postId={POST_ID} />, queryClient);
  return { queryClient, unmount };
}

/** The server's answers, one per request, and the requests' addresses. */
function answerReads(answers: CommentThreads[]) {
  const asked: URL[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    asked.push(new URL(request.url));
    const answer = answers.shift();
    return answer
      ? new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
      : new Promise(() => {});
  });
  return asked;
}

const numbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => comment(from + index));

describe('a post’s comment thread', () => {
  it('offers the earlier comments the server counts, and adds the threads it answers', async () => {
    renderThread(numbered(26, 45), 'instructor', {
      from: cursor(26),
      earlier: { comments: 25, from: cursor(6) },
    });
    expect(screen.getAllByTestId('comment')).toHaveLength(20);
    const asked = answerReads([
      { comments: numbered(6, 45), from: cursor(6), earlier: { comments: 5, from: cursor(1) } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Xem 25 bình luận trước' }));
    await screen.findByRole('button', { name: 'Xem 5 bình luận trước' });
    expect(asked.map((url) => [url.pathname, url.searchParams.get('from')])).toEqual([
      [`/api/posts/${POST_ID}/comment-threads`, cursor(6)],
    ]);
    expect(screen.getAllByTestId('comment')).toHaveLength(40);
    expect(screen.getByText('Bình luận số 6')).toBeTruthy();
  });

  it('reads the discussion again from its oldest thread shown, and from the latest once left', async () => {
    const { queryClient, unmount } = renderThread(numbered(11, 30), 'instructor', {
      from: cursor(11),
      earlier: { comments: 10, from: cursor(1) },
    });
    const asked = answerReads([
      { comments: numbered(11, 31), from: cursor(11), earlier: { comments: 10, from: cursor(1) } },
    ]);
    await queryClient.invalidateQueries({ queryKey: commentsQueryKey(POST_ID) });
    await screen.findByText('Bình luận số 31');
    expect(screen.getByText('Bình luận số 11')).toBeTruthy();
    expect(asked.map((url) => url.searchParams.get('from'))).toEqual([cursor(11)]);

    unmount();
    renderInApp(<CommentThread postId={POST_ID} />, queryClient);
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]!.searchParams.has('from')).toBe(false);
  });

  it('reads a discussion whole from a server that has no windows (0.5.0, mid-upgrade)', async () => {
    const { queryClient } = renderThread([comment(1)]);
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      const url = new URL(request.url);
      asked.push(url.pathname);
      return url.pathname.endsWith('/comment-threads')
        ? new Response(
            JSON.stringify({ error: { code: 'route_not_found', message: 'Không tìm thấy.' } }),
            { status: 404, headers: { 'content-type': 'application/json' } },
          )
        : new Response(JSON.stringify({ comments: numbered(1, 25) }), {
            headers: { 'content-type': 'application/json' },
          });
    });
    await queryClient.invalidateQueries({ queryKey: commentsQueryKey(POST_ID) });
    await screen.findByText('Bình luận số 25');
    expect(screen.getAllByTestId('comment')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: /bình luận trước/ })).toBeNull();
    expect(asked).toEqual([
      `/api/posts/${POST_ID}/comment-threads`,
      `/api/posts/${POST_ID}/comments`,
    ]);
  });

  it('keeps every reply with its thread, a reply to a reply too', () => {
    renderThread([
      comment(1),
      comment(2, 'comment-1'),
      comment(3, 'comment-2'),
      comment(4),
      comment(5, 'comment-4'),
    ]);
    const first = screen.getByText('Bình luận số 1').closest('li')!;
    expect(first.textContent).toContain('Bình luận số 2');
    expect(first.textContent).toContain('Bình luận số 3');
    expect(first.textContent).not.toContain('Bình luận số 5');
    expect(screen.queryByRole('button', { name: /bình luận trước/ })).toBeNull();
  });

  it('does not draw the comments again as a comment is typed', () => {
    renderThread([comment(1), comment(2, 'comment-1'), comment(3), comment(4, 'comment-3')]);
    expect(screen.getAllByTestId('comment')).toHaveLength(4);
    const drawn = vi.mocked(formatDateTime).mock.calls.length;

    const box = screen.getByRole('textbox');
    for (const typed of ['Đ', 'Đẹ', 'Đẹp', 'Đẹp q', 'Đẹp quá']) {
      fireEvent.change(box, { target: { value: typed } });
    }
    expect((box as HTMLTextAreaElement).value).toBe('Đẹp quá');
    expect(vi.mocked(formatDateTime).mock.calls.length).toBe(drawn);
  });

  it('starts a reply with a mention of the person answered', () => {
    renderThread([comment(1)]);
    fireEvent.click(screen.getByRole('button', { name: 'Trả lời' }));
    // The box shows the name; the id is kept beside it, out of the text people edit.
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('@Học viên 1 ');
    expect(screen.getByRole('button', { name: 'Hủy trả lời' }).textContent).toBe(
      'Trả lời Học viên 1',
    );
  });

  it('brings the comment box to the person answering, the caret after the mention', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    renderThread([comment(1), comment(2)]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Trả lời' })[1]!);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.selectionStart).toBe('@Học viên 2 '.length);
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
    scrolled.mockRestore();
  });

  it('gives a menu to edit or delete a comment where the server says so (its can), no other', () => {
    const mine = {
      ...comment(1),
      author: person('me', 'Trần Thu Hà'),
      can: { edit: true, delete: true },
    };
    renderThread([mine, comment(2)]);
    expect(screen.getAllByRole('button', { name: /^Thao tác với bình luận/ })).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: 'Thao tác với bình luận của Trần Thu Hà' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sửa' })).toBeNull();
    cleanup();

    // The viewer's role changes nothing: an admin's answer says so in each comment's can.
    renderThread([mine, comment(2)], 'admin');
    expect(screen.getAllByRole('button', { name: /^Thao tác với bình luận/ })).toHaveLength(1);
    cleanup();
    renderThread([mine, { ...comment(2), can: { edit: true, delete: true } }], 'admin');
    expect(screen.getAllByRole('button', { name: /^Thao tác với bình luận/ })).toHaveLength(2);
  });
});
