import { describe, expect, it } from 'vitest';
import { isAcceptedPushEndpoint } from './push-services.ts';

describe('isAcceptedPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGx1',
    'https://wns2-par02p.notify.windows.com/w/?token=x',
  ])('accepts %s', (endpoint) => {
    expect(isAcceptedPushEndpoint(endpoint, [])).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://127.0.0.1/push',
    'https://10.0.0.5/push',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost:8443/push',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/x',
    'https://user:pw@fcm.googleapis.com/x',
    'https://notify.windows.com.evil.example/x',
    'file:///etc/passwd',
    'not a url',
    '',
  ])('refuses %s', (endpoint) => {
    expect(isAcceptedPushEndpoint(endpoint, [])).toBe(false);
  });

  it('accepts a configured extra service by host and port, still https only', () => {
    expect(isAcceptedPushEndpoint('https://127.0.0.1:8443/p/1', ['127.0.0.1:8443'])).toBe(true);
    expect(isAcceptedPushEndpoint('http://127.0.0.1:8443/p/1', ['127.0.0.1:8443'])).toBe(false);
    expect(isAcceptedPushEndpoint('https://127.0.0.1:9999/p/1', ['127.0.0.1:8443'])).toBe(false);
  });
});
