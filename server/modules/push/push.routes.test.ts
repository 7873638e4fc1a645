import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from '../../test/academy.ts';
import { browserPushKeys, startStandInPushService } from '../../test/push-service.ts';
import { instructorForm } from '../../test/sessions.ts';

const pushService = await startStandInPushService();
// Registered before the academy, so it closes after the app has stopped sending.
afterAll(() => pushService.close());
const { t, ids, call } = setUpAcademy(
  {
    author: { email: 'author@example.vn', form: instructorForm('Trần Thu Hà') },
    fan: { email: 'fan@example.vn', form: instructorForm('Lê Minh Anh') },
  },
  { env: { PUSH_EXTRA_SERVICES: pushService.host }, push: { agent: pushService.agent } },
);

const endpoint = (name: string) => `https://${pushService.host}/push/${name}`;

/** Waits until the stand-in service has `count` messages (PostgreSQL's bus is asynchronous). */
async function pushesReceived(count: number) {
  for (let waited = 0; waited < 5_000; waited += 20) {
    await t.app.pushSender.idle();
    if (pushService.received.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`expected ${count} push messages, got ${pushService.received.length}`);
}

async function likeNewPostOfAuthor() {
  const post = await call('author', 'POST', '/api/posts', { kind: 'general', text: 'Lịch học' });
  const postId = post.json().id as string;
  await call('fan', 'PUT', `/api/posts/${postId}/like`, { liked: true });
  return postId;
}

beforeAll(async () => {
  // The sign-ups told the admin someone is waiting for approval. On PostgreSQL those events may
  // reach the push sender late, after a test has subscribed a phone; with the notifications
  // gone a late event sends nothing, so each test hears only about what it did.
  await t.database.db.deleteFrom('notifications').execute();
});

describe('Web Push', () => {
  it('encrypts a notification for the subscriber’s keys, signed with the server’s VAPID key', async () => {
    const browser = browserPushKeys();
    const saved = await call('author', 'PUT', '/api/push/subscription', {
      endpoint: endpoint('phone-1'),
      expirationTime: null,
      keys: browser.keys,
    });
    expect(saved.statusCode).toBe(200);
    const { publicKey } = (await call('author', 'GET', '/api/push/public-key')).json();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);

    const before = pushService.received.length;
    const postId = await likeNewPostOfAuthor();
    await pushesReceived(before + 1);
    const message = pushService.received.at(-1)!;
    expect(message.path).toBe('/push/phone-1');
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(String(message.headers.authorization)).toContain(`k=${publicKey}`);
    expect(browser.decrypt(message.body)).toEqual({
      title: 'Học viện',
      body: 'Lê Minh Anh đã thích bài viết của bạn.',
      url: `/#/posts/${postId}`,
      tag: expect.any(String),
      icon: '/icons/icon-192.png',
    });
  });

  it('sends nothing about a post hidden from the recipient, and nothing for my own actions', async () => {
    const fanPhone = { endpoint: endpoint('fan-phone'), keys: browserPushKeys().keys };
    expect((await call('fan', 'PUT', '/api/push/subscription', fanPhone)).statusCode).toBe(200);
    const setHidden = (hide: 0 | 1) =>
      t.database.db
        .updateTable('people')
        .set({ hide_my_posts: hide })
        .where('id', '=', ids.author)
        .execute();
    const before = pushService.received.length;
    await setHidden(1);
    try {
      // The author hides their posts: the fan they mention is told nothing about it.
      const post = await call('author', 'POST', '/api/posts', {
        kind: 'general',
        text: `Cảm ơn @[Anh](${ids.fan})`,
      });
      expect(post.statusCode).toBe(201);
      // The author's own like tells no one.
      await call('author', 'PUT', `/api/posts/${post.json().id}/like`, { liked: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await t.app.pushSender.idle();
      expect(pushService.received.length).toBe(before);
    } finally {
      await setHidden(0);
    }
    // Visible again: the same mention reaches the fan's phone.
    await call('author', 'POST', '/api/posts', { kind: 'general', text: `@[Anh](${ids.fan})` });
    await pushesReceived(before + 1);
    expect(pushService.received.at(-1)!.path).toBe('/push/fan-phone');
    await call('fan', 'DELETE', '/api/push/subscription', { endpoint: fanPhone.endpoint });
  });

  it('deletes a subscription the push service says is gone (404, 410)', async () => {
    const { db } = t.database;
    pushService.answer.set('/push/gone-410', 410);
    pushService.answer.set('/push/gone-404', 404);
    for (const name of ['gone-410', 'gone-404']) {
      const saved = await call('author', 'PUT', '/api/push/subscription', {
        endpoint: endpoint(name),
        keys: browserPushKeys().keys,
      });
      expect(saved.statusCode).toBe(200);
    }
    const before = pushService.received.length;
    await likeNewPostOfAuthor();
    // The working phone-1 and the two gone ones.
    await pushesReceived(before + 3);
    const endpoints = await db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('person_id', '=', ids.author)
      .execute();
    expect(endpoints.map((e) => e.endpoint)).toEqual([endpoint('phone-1')]);
  });

  it('refuses addresses that are not a push service over https, and malformed keys', async () => {
    const keys = browserPushKeys().keys;
    for (const bad of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://10.0.0.7/push',
      'https://169.254.169.254/latest',
      'https://localhost/push',
      `http://${pushService.host}/push/plain`,
      'javascript:alert(1)',
    ]) {
      const response = await call('author', 'PUT', '/api/push/subscription', {
        endpoint: bad,
        keys,
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.code).toBe('push_endpoint_refused');
    }
    for (const badKeys of [
      { p256dh: 'abc', auth: keys.auth },
      { p256dh: keys.p256dh, auth: 'not base64!' },
      { p256dh: keys.p256dh },
      { p256dh: keys.p256dh, auth: keys.auth, extra: 1 },
    ]) {
      const response = await call('author', 'PUT', '/api/push/subscription', {
        endpoint: endpoint('x'),
        keys: badKeys,
      });
      expect(response.statusCode).toBe(400);
    }
    const rows = await t.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('endpoint', 'not like', '%phone-1')
      .execute();
    expect(rows).toEqual([]);
  });

  it('keeps one row per device: a repeat refreshes it, another person signing in there takes it over', async () => {
    const { db } = t.database;
    const device = { endpoint: endpoint('shared-tablet'), keys: browserPushKeys().keys };
    expect((await call('author', 'PUT', '/api/push/subscription', device)).statusCode).toBe(200);
    expect((await call('author', 'PUT', '/api/push/subscription', device)).statusCode).toBe(200);
    expect((await call('fan', 'PUT', '/api/push/subscription', device)).statusCode).toBe(200);
    const rows = await db
      .selectFrom('push_subscriptions')
      .select('person_id')
      .where('endpoint', '=', device.endpoint)
      .execute();
    expect(rows).toEqual([{ person_id: ids.fan }]);

    // Signing out removes it; someone else cannot remove it for them.
    await call('author', 'DELETE', '/api/push/subscription', { endpoint: device.endpoint });
    expect(
      await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', device.endpoint)
        .execute(),
    ).toHaveLength(1);
    await call('fan', 'DELETE', '/api/push/subscription', { endpoint: device.endpoint });
    expect(
      await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', device.endpoint)
        .execute(),
    ).toHaveLength(0);
  });

  it('stops at once when a person is blocked: their subscriptions go and nothing reaches them', async () => {
    const { db } = t.database;
    const phone = { endpoint: endpoint('blocked-phone'), keys: browserPushKeys().keys };
    expect((await call('fan', 'PUT', '/api/push/subscription', phone)).statusCode).toBe(200);
    const blocked = await call('author', 'POST', `/api/admin/people/${ids.fan}/block`, {
      reason: 'Nghỉ dạy tạm thời',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(
      await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('person_id', '=', ids.fan)
        .execute(),
    ).toEqual([]);
    expect((await call('fan', 'GET', '/api/push/public-key')).statusCode).toBe(401);
    const before = pushService.received.length;
    await call('author', 'POST', '/api/posts', { kind: 'general', text: `@[Anh](${ids.fan})` });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.app.pushSender.idle();
    expect(pushService.received.slice(before).map((message) => message.path)).not.toContain(
      '/push/blocked-phone',
    );
    await call('author', 'POST', `/api/admin/people/${ids.fan}/unblock`);
  });
});
