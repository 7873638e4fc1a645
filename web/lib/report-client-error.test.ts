import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportClientError } from './report-client-error.ts';

const post = vi.hoisted(() =>
  vi.fn(async (_path: string, _init: { body: unknown }) => ({
    data: { accepted: true },
    response: new Response(),
  })),
);
vi.mock('./api-client.ts', () => ({
  api: { POST: post },
  answer: async (call: Promise<{ data: unknown }>) => (await call).data,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  post.mockClear();
});

describe('reportClientError', () => {
  it('reports the screen without its query, so a link’s token never reaches the error log', () => {
    vi.stubGlobal('window', {
      location: new URL('https://hocvien.example/?utm=zalo#/finishLogin?token=SECRET-TOKEN'),
    });
    reportClientError('route: render', new TypeError('x is undefined'));
    const [path, options] = post.mock.calls[0]!;
    expect(path).toBe('/client-errors');
    expect(options?.body).toEqual({
      context: 'route: render',
      message: 'TypeError: x is undefined',
      extra: { url: 'https://hocvien.example/#/finishLogin' },
    });
    expect(JSON.stringify(options)).not.toContain('SECRET');
  });
});
