import { describe, expect, it } from 'vitest';
import { vi } from '#shared/locales/vi';
import { messageAt, messagesOf } from './messages.ts';
import { t } from './text.ts';

describe('messages by key', () => {
  it('gives the catalogue message of a key', () => {
    expect(t('screens.login.title')).toBe(vi.screens.login.title);
    expect(t('nav.activity')).toBe('Hoạt động');
  });

  it('fills placeholders with text and numbers, and leaves none behind', () => {
    const say = messagesOf({ greeting: 'Chào {{name}}, bạn có {{count}} thông báo{{missing}}.' });
    expect(say('greeting', { name: 'Đặng Thị Mai', count: 3 })).toBe(
      'Chào Đặng Thị Mai, bạn có 3 thông báo.',
    );
    expect(t('tutorial.progress', { step: 2, total: 4 })).not.toMatch(/\{\{|\}\}/);
  });

  it('shows a key built from data that the catalogue lacks as itself', () => {
    const say = messagesOf({ a: { b: 'B' } });
    // @ts-expect-error: a key the catalogue lacks does not compile
    expect(say('a.c')).toBe('a.c');
    // @ts-expect-error: a section is not a message
    expect(say('a')).toBe('a');
  });

  it('finds a message by a dotted path from data, and nothing for a section or a miss', () => {
    expect(messageAt({ account: { signed_in: 'đăng nhập' } }, 'account.signed_in')).toBe(
      'đăng nhập',
    );
    expect(messageAt({ account: { signed_in: 'đăng nhập' } }, 'account')).toBeUndefined();
    expect(messageAt({ account: {} }, 'account.gone.deeper')).toBeUndefined();
  });
});
