import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client.ts';
import { reportClientError } from './report-client-error.ts';

vi.mock('./api-client.ts', () => ({ apiRequest: vi.fn(async () => ({ accepted: true })) }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(apiRequest).mockClear();
});

describe('reportClientError', () => {
  it('reports the screen without its query, so a link’s token never reaches the error log', () => {
    vi.stubGlobal('window', {
      location: new URL('https://hocvien.example/?utm=zalo#/finishLogin?token=SECRET-TOKEN'),
    });
    reportClientError('route: render', new TypeError('x is undefined'));
    const [, options] = vi.mocked(apiRequest).mock.calls[0]!;
    expect(options?.body).toEqual({
      context: 'route: render',
      message: 'TypeError: x is undefined',
      extra: { url: 'https://hocvien.example/#/finishLogin' },
    });
    expect(JSON.stringify(options)).not.toContain('SECRET');
  });
});
