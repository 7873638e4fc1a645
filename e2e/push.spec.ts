import { expect, screenshot, test } from './fixtures.ts';

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
