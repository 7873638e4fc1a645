import { createECDH, randomBytes } from 'node:crypto';
import { expect, screenshot, test } from './fixtures.ts';
import { leavePendingNotice, onboard, signInByLink } from './support/accounts.ts';
import { activatePerson } from './support/fixtures-api.ts';
import { uniqueEmail } from './support/mailbox.ts';

// The service worker is what receives push messages.
test.use({ serviceWorkers: 'allow' });

test('a push message while the app is on screen shows as a toast, not a system notification', async ({
  // Every project here runs Chromium, whose DevTools protocol delivers the push message.
  page,
}) => {
  await page.goto('/#/notifications');
  // The offer of push notifications on this device (the browser asks only after a tap).
  await expect(page.getByRole('button', { name: 'Bật thông báo' })).toBeVisible();
  await screenshot(page, 'notifications-push-offer');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r: { scopeURL: string }) =>
        r.scopeURL.startsWith(new URL(page.url()).origin),
      );
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registration,
    data: JSON.stringify({ title: 'Học viện', body: 'Lan đã thích bài viết của bạn.', url: '/#/' }),
  });
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Lan đã thích bài viết của bạn.' }),
  ).toBeVisible();
  // A message without a body says the spec's words.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registration,
    data: '',
  });
  await expect(page.getByTestId('toast').filter({ hasText: 'Bạn có thông báo mới' })).toBeVisible();
});

test('push goes on after signing out and in again: the device hands its subscription over at each sign-in', async ({
  newVisitor,
}) => {
  test.slow();
  // Headless Chromium has no push service to subscribe with: the browser's PushManager is
  // stood in for (a subscription kept in the tab, at a push service the server accepts), so
  // that what the app does around it, at sign-in and sign-out, runs for real.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  const visitor = await newVisitor({ serviceWorkers: 'allow', permissions: ['notifications'] });
  await visitor.context().addInitScript((keys) => {
    const stored = () => sessionStorage.getItem('stand-in.subscription');
    const subscription = (endpoint: string) => ({
      endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        sessionStorage.removeItem('stand-in.subscription');
        return true;
      },
    });
    PushManager.prototype.getSubscription = async () => {
      const endpoint = stored();
      return (endpoint ? subscription(endpoint) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async () => {
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
      sessionStorage.setItem('stand-in.subscription', endpoint);
      return subscription(endpoint) as unknown as PushSubscription;
    };
  }, keys);
  const handedOver: string[] = [];
  visitor.on('request', (request) => {
    if (request.url().endsWith('/api/push/subscription'))
      handedOver.push(`${request.method()} ${JSON.parse(request.postData() ?? '{}').endpoint}`);
  });
  const email = uniqueEmail('push');
  await signInByLink(visitor, email);
  await onboard(visitor, 'Giảng viên', `Mạc Thị Chuông ${Date.now().toString(36)}`);
  await leavePendingNotice(visitor);
  await activatePerson(email);
  await signInByLink(visitor, email);
  await expect(visitor).toHaveURL(/#\/activity$/);
  await expect.poll(() => handedOver.filter((line) => line.startsWith('PUT'))).toHaveLength(1);

  await visitor.goto('/#/profile');
  await visitor.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(visitor).toHaveURL(/#\/login/, { timeout: 20_000 });
  await expect.poll(() => handedOver.filter((line) => line.startsWith('DELETE'))).toHaveLength(1);

  // Signed in again the same day: the device subscribes again and hands it over at once.
  await signInByLink(visitor, email);
  await expect(visitor).toHaveURL(/#\/activity$/);
  await expect.poll(() => handedOver.filter((line) => line.startsWith('PUT'))).toHaveLength(2);
  const [first, second] = handedOver.filter((line) => line.startsWith('PUT'));
  expect(second).not.toBe(first);
});
