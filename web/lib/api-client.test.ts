import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';
import { serverReachable } from './server-reachable.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  serverReachable.set(true);
});

describe('an API request', () => {
  it('that gets no answer marks the server unreachable, and any answer marks it reachable', async () => {
    const changes: boolean[] = [];
    const stop = serverReachable.subscribe(() => changes.push(serverReachable.get()));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const failure = await apiRequest('/me').catch((error: unknown) => error);
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
    await expect(apiRequest('/me')).rejects.toMatchObject({ status: 403 });
    expect(serverReachable.get()).toBe(true);
    expect(changes).toEqual([false, true]);
    stop();
  });

  it('that the app cancels says nothing about the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError')),
    );
    await expect(apiRequest('/me')).rejects.toMatchObject({ name: 'AbortError' });
    expect(serverReachable.get()).toBe(true);
  });
});
