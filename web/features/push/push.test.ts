// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { forgetHandedSubscriptions, mustHandOver, REFRESH_AFTER_MS } from './push.ts';

const now = 1_800_000_000_000;
const phone = 'https://push.example/phone-1';

describe('handing the device’s push subscription to the server', () => {
  it('happens at a sign-in after a sign-out, which removed the subscription', () => {
    expect(mustHandOver({ at: now - 60_000, endpoint: phone }, null, now)).toBe(true);
  });

  it('happens for a subscription the server was not given for this person', () => {
    expect(mustHandOver(null, phone, now)).toBe(true);
    expect(
      mustHandOver({ at: now - 60_000, endpoint: 'https://push.example/old' }, phone, now),
    ).toBe(true);
  });

  it('waits 7 days for one the server has', () => {
    expect(mustHandOver({ at: now - 60_000, endpoint: phone }, phone, now)).toBe(false);
    expect(mustHandOver({ at: now - REFRESH_AFTER_MS, endpoint: phone }, phone, now)).toBe(true);
  });

  it('is owed again for everyone once the device signs out', () => {
    localStorage.setItem('hv.push.refreshed.a', JSON.stringify({ at: now, endpoint: phone }));
    localStorage.setItem('hv.push.refreshed.b', JSON.stringify({ at: now, endpoint: phone }));
    localStorage.setItem('hv.member', 'kept');
    forgetHandedSubscriptions();
    expect(localStorage.getItem('hv.push.refreshed.a')).toBeNull();
    expect(localStorage.getItem('hv.push.refreshed.b')).toBeNull();
    expect(localStorage.getItem('hv.member')).toBe('kept');
  });
});
