import { describe, expect, it } from 'vitest';
import { findUnsafeRedirect, isSafeAppPath } from './safe-redirect.ts';

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
