import { afterEach, describe, expect, it, vi } from 'vitest';
import { actingPersonHeader } from '#shared/acting-person';
import { ApiError, actingHeaders, answer, api, reasonOr } from './api-client.ts';
import { actingPerson } from './device-session.ts';
import { serverReachable } from './server-reachable.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  serverReachable.set(true);
  actingPerson.set(null);
});

/** A fetch that answers `body` and keeps the requests it was given. */
function answering(body: unknown, status = 200) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

describe('an API request', () => {
  it('that gets no answer marks the server unreachable, and any answer marks it reachable', async () => {
    const changes: boolean[] = [];
    const stop = serverReachable.subscribe(() => changes.push(serverReachable.get()));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const failure = await answer(api.GET('/me')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect((failure as ApiError).message).toBe(
      'Lỗi mạng. Vui lòng kiểm tra kết nối internet của bạn.',
    );
    expect(serverReachable.get()).toBe(false);

    // A refusal is still an answer: the server is there.
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ error: { code: 'forbidden', message: 'Không có quyền.' } }), {
          status: 403,
        }),
      ),
    );
    await expect(answer(api.GET('/me'))).rejects.toMatchObject({ status: 403 });
    expect(serverReachable.get()).toBe(true);
    expect(changes).toEqual([false, true]);
    stop();
  });

  it('that the app cancels says nothing about the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError')),
    );
    await expect(answer(api.GET('/me'))).rejects.toMatchObject({ name: 'AbortError' });
    expect(serverReachable.get()).toBe(true);
  });

  it('of a write names the signed-in member, or the person the call names, never a read', async () => {
    const requests = answering({ liked: true, likeCount: 1 });
    actingPerson.set('member-a');
    await answer(
      api.PUT('/posts/{postId}/like', {
        params: { path: { postId: 'p1' } },
        body: { liked: true },
      }),
    );
    await answer(
      api.POST('/posts', {
        body: { kind: 'general', text: 'x' },
        headers: actingHeaders('member-b'),
      }),
    ).catch(() => {});
    await answer(api.GET('/me')).catch(() => {});
    expect(
      requests.map((request) => [
        request.method,
        new URL(request.url).pathname,
        request.headers.get(actingPersonHeader),
      ]),
    ).toEqual([
      ['PUT', '/api/posts/p1/like', 'member-a'],
      ['POST', '/api/posts', 'member-b'],
      ['GET', '/api/me', null],
    ]);
    expect(await requests[0]!.json()).toEqual({ liked: true });
  });

  it('that is refused carries the server’s code and Vietnamese message', async () => {
    answering(
      { error: { code: 'post_not_found', message: 'Không tìm thấy bài viết.', requestId: 'r1' } },
      404,
    );
    await expect(
      answer(api.GET('/posts/{postId}', { params: { path: { postId: 'p1' } } })),
    ).rejects.toMatchObject({
      status: 404,
      code: 'post_not_found',
      message: 'Không tìm thấy bài viết.',
      requestId: 'r1',
    });
  });

  it('that is answered without a body or with one that is not the API’s is an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    await expect(answer(api.GET('/me'))).rejects.toMatchObject({ code: 'internal_error' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(answer(api.GET('/me'))).rejects.toMatchObject({
      status: 502,
      code: 'internal_error',
    });
  });

  it('that failed is told in the server’s words, or else in the screen’s own', () => {
    expect(reasonOr(new ApiError(409, 'email_taken', 'Email đã được dùng.'), 'Lỗi.')).toBe(
      'Email đã được dùng.',
    );
    expect(reasonOr(new TypeError('x'), 'Lỗi.')).toBe('Lỗi.');
  });
});
