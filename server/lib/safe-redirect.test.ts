import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findUnsafeRedirect,
  isSafeAppPath,
  resolveRedirects,
  safeAppPath,
} from './safe-redirect.ts';

describe('isSafeAppPath', () => {
  it.each(['/', '/#/activity', '/#/profile?emailChanged=1', '/#/login?error=google'])(
    'accepts %s',
    (path) => {
      expect(isSafeAppPath(path)).toBe(true);
    },
  );
  it.each([
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    'https://evil.example',
    'https:evil.example',
    'javascript:alert(1)',
    '\t/x',
    '/\u0000x',
    '',
    'activity',
    '/.//evil.example',
    '/%2E//evil.example',
    '/x/..//evil.example',
    '/./%2F/evil.example',
    '/..//evil.example',
  ])('refuses %j', (path) => {
    expect(isSafeAppPath(path)).toBe(false);
  });
});

describe('findUnsafeRedirect', () => {
  it('names the first unsafe redirect field of a query or body', () => {
    expect(findUnsafeRedirect({ callbackURL: '/#/a' }, { errorCallbackURL: '//evil' })).toBe(
      'errorCallbackURL',
    );
    expect(
      findUnsafeRedirect({ token: '//not-a-redirect' }, { redirectTo: '/#/login' }),
    ).toBeUndefined();
    expect(findUnsafeRedirect({}, { callbackURL: 42 })).toBe('callbackURL');
  });
});

describe('safeAppPath against the URL parser', () => {
  const piece = fc.constantFrom(
    '/',
    '//',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2f',
    '%2F',
    '%5c',
    '\\',
    '#',
    '?',
    '@',
    ':',
    'evil.example',
    'http:',
    'https:',
    'javascript:',
    '\t',
    ' ',
    'x',
    '%',
    '%25',
  );
  const target = fc
    .array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 8 })
    .map((parts) => parts.join(''));

  it('gives a path that every browser resolves to this origin, and gives it unchanged again', () => {
    fc.assert(
      fc.property(
        target,
        fc.constantFrom('https://hv.example', 'http://localhost:3000'),
        (value, origin) => {
          const path = safeAppPath(value);
          if (path === undefined) return;
          // As a Location header, resolved against the page's own address.
          expect(new URL(path, `${origin}/#/login`).origin).toBe(origin);
          expect(new URL(decodeURIComponent(path), `${origin}/`).origin).toBe(origin);
          expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
          expect(safeAppPath(path)).toBe(path);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('resolveRedirects', () => {
  it('passes on the resolved target, so the redirect reads what was checked', () => {
    expect(resolveRedirects({ callbackURL: '/a/./b/../#/x' }, { token: 't' })).toEqual({
      query: { callbackURL: '/a/#/x' },
      body: { token: 't' },
    });
    expect(resolveRedirects({ callbackURL: '/.//evil.example' }, undefined)).toEqual({
      unsafe: 'callbackURL',
    });
  });
});
