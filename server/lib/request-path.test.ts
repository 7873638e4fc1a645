import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestPath } from './request-path.ts';

const base = 'http://app.invalid';

describe('requestPath', () => {
  it.each([
    '/api/auth/./sign-in/magic-link',
    '/api/auth/x/../sign-in/magic-link',
    '/api/auth/%2e/sign-in/magic-link',
    '/api/auth/%2E%2e/api/auth/sign-in/magic-link',
    '/api/auth/.%2e/sign-in/magic-link',
    '/api/auth/sign-in\\magic-link',
    '/api/auth/sign-in%5cmagic-link',
    '/api/auth/magic-link/verify/.',
    '/api/auth/magic-link/verify/..',
    '/api/auth/sign-in/magic\tlink',
    '//evil.example/api',
    'api/auth',
    '/%61pi/posts',
    '/a%70i/posts',
    '/ap%69/posts',
    '/%61%70%69/posts',
    '/%6detrics',
    '/media/abc%2ewebp',
    '/api/posts/%7e',
    '/api/posts%',
    '/api/posts%zz',
  ])('refuses %s', (url) => {
    expect(requestPath(url)).toBeUndefined();
  });

  it.each([
    ['/api/posts?cursor=a/../b', '/api/posts'],
    ['/api/avatars/Tr%E1%BA%A7n.svg', '/api/avatars/Tr%E1%BA%A7n.svg'],
    ['/media/abc.webp', '/media/abc.webp'],
    ['/', '/'],
    ['/api/search/Tr%E1%BA%A7n%20Thu', '/api/search/Tr%E1%BA%A7n%20Thu'],
    ['/s/a%2540b', '/s/a%2540b'],
    ['/api/avatars/Lan%2FAnh.svg', '/api/avatars/Lan%2FAnh.svg'],
    ['/api/auth/verify-email?token=x&callbackURL=%2F.%2F%2Fevil', '/api/auth/verify-email'],
  ])('keeps %s', (url, path) => {
    expect(requestPath(url)).toBe(path);
  });

  it('returns only paths that the URL parser leaves as they are', () => {
    const segment = fc.oneof(
      fc.constantFrom(
        '.',
        '..',
        '%2e',
        '%2E',
        '.%2e',
        '%2e.',
        '',
        'api',
        'auth',
        '\\',
        '%5c',
        '\t',
      ),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        const url = `/${segments.join('/')}`;
        const path = requestPath(url);
        if (path === undefined) return;
        const parsed = new URL(path, base);
        expect(parsed.origin).toBe(base);
        // Resolving never removes or adds a segment: the guard and the handler read one path.
        expect(parsed.pathname.split('/').length).toBe(path.split('/').length);
      }),
      { numRuns: 3000 },
    );
  });
});
