// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '#shared/schemas/posts';
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

function renderThread(comments: Comment[], role: 'instructor' | 'admin' = 'instructor') {
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
  queryClient.setQueryData(commentsQueryKey(POST_ID), { comments });
  renderInApp(<CommentThread postId={POST_ID} />, queryClient);
  return queryClient;
}

describe('a post’s comment thread', () => {
  it('draws the latest twenty threads, and twenty earlier ones at each tap', () => {
    const many = Array.from({ length: 45 }, (_, index) => comment(index + 1));
    renderThread(many);
    expect(screen.getAllByTestId('comment')).toHaveLength(20);
    expect(screen.getByText('Bình luận số 45')).toBeTruthy();
    expect(screen.getByText('Bình luận số 26')).toBeTruthy();
    expect(screen.queryByText('Bình luận số 25')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Xem 25 bình luận trước' }));
    expect(screen.getAllByTestId('comment')).toHaveLength(40);
    fireEvent.click(screen.getByRole('button', { name: 'Xem 5 bình luận trước' }));
    expect(screen.getAllByTestId('comment')).toHaveLength(45);
    expect(screen.getByText('Bình luận số 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /bình luận trước/ })).toBeNull();
  });

  it('keeps replies with their thread and counts them among the earlier comments', () => {
    // Two earlier threads, each with a reply, and a reply to that reply under the first.
    const list = [
      comment(1),
      comment(2, 'comment-1'),
      comment(3, 'comment-2'),
      comment(4),
      comment(5, 'comment-4'),
      ...Array.from({ length: 20 }, (_, index) => comment(index + 6)),
    ];
    renderThread(list);
    expect(screen.getAllByTestId('comment')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Xem 5 bình luận trước' }));
    const first = screen.getByText('Bình luận số 1').closest('li')!;
    expect(first.textContent).toContain('Bình luận số 2');
    expect(first.textContent).toContain('Bình luận số 3');
    expect(first.textContent).not.toContain('Bình luận số 5');
  });

  it('does not push out the oldest thread shown when a new comment arrives', async () => {
    const many = Array.from({ length: 30 }, (_, index) => comment(index + 1));
    const queryClient = renderThread(many);
    expect(screen.getByText('Bình luận số 11')).toBeTruthy();
    queryClient.setQueryData(commentsQueryKey(POST_ID), { comments: [...many, comment(31)] });
    await screen.findByText('Bình luận số 31');
    expect(screen.getByText('Bình luận số 11')).toBeTruthy();
    expect(screen.getAllByTestId('comment')).toHaveLength(21);
    expect(screen.getByRole('button', { name: 'Xem 10 bình luận trước' })).toBeTruthy();
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
