import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { onboard, signInByLink } from './support/accounts.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { type ServerPair, startServersOnPostgres } from './support/servers.ts';

/*
 * Scale-out: two server processes on different ports share one PostgreSQL database. A change
 * made through one reaches a browser connected to the other, live (LISTEN/NOTIFY carries it).
 */

test('a post and a like made through one server appear live in a browser on the other', async ({
  newVisitor,
  allowProblems,
}) => {
  test.skip(!process.env.TEST_DATABASE_URL, 'needs PostgreSQL (npm test provisions it)');
  test.slow();
  const servers: ServerPair = await startServersOnPostgres(2);
  try {
    await journey(newVisitor, servers.urls as [string, string]);
  } finally {
    // The browser is still open when its servers stop: what it asks for then is refused, cut (the
    // event stream open at that moment), or answered 503 by a server already closing (its event
    // stream reconnecting, its session read).
    allowProblems(/net::ERR_CONNECTION_(REFUSED|RESET)/);
    allowProblems(/503 from \/api\/(events|me)\b|status of 503 .*\(\/api\/(events|me)\b/);
    await servers.stop();
  }
});

async function journey(
  personOn: (options: { baseURL: string }) => Promise<Page>,
  [first, second]: [string, string],
) {
  // The academy's first instructor (admin) uses server A; a second instructor uses server B.
  const owner = await personOn({ baseURL: first });
  await signInByLink(owner, uniqueEmail('owner-a'));
  await onboard(owner, 'Giảng viên', 'Chủ Học Viện A');
  await expect(owner).toHaveURL(/#\/activity$/);

  const colleagueEmail = uniqueEmail('colleague-b');
  const colleague = await personOn({ baseURL: second });
  await signInByLink(colleague, colleagueEmail);
  await onboard(colleague, 'Giảng viên', 'Đồng Nghiệp B');
  await expect(colleague.getByRole('heading', { name: 'Đã gửi yêu cầu' })).toBeVisible();
  // Approved by the owner through server A.
  const pending = await owner.request.get('/api/admin/people?view=pending');
  const [person] = (await pending.json()).people;
  expect((await owner.request.post(`/api/admin/people/${person.id}/approve`)).status()).toBe(200);
  await colleague.reload();
  await expect(colleague).toHaveURL(/#\/activity$/);
  await expect(colleague.getByText('Chưa có bài đăng nào.', { exact: false })).toBeVisible();

  // A post through A appears on B without reloading.
  const text = `Lịch học tuần sau ${Date.now().toString(36)}`;
  const created = await owner.request.post('/api/posts', { data: { kind: 'general', text } });
  expect(created.status()).toBe(201);
  const onSecond = colleague.getByRole('article').filter({ hasText: text });
  await expect(onSecond).toBeVisible();

  // A like through B reaches A's open feed.
  await owner.reload();
  const onFirst = owner.getByRole('article').filter({ hasText: text });
  await expect(onFirst).toBeVisible();
  await onSecond.getByRole('button', { name: /Thích/ }).first().click();
  await expect(onFirst.getByRole('button', { name: /Thích/ }).first()).toContainText('1');
}
