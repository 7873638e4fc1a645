import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures.ts';
import {
  leavePendingNotice,
  onboard,
  requestLink,
  setSwitch,
  signInByLink,
} from './support/accounts.ts';
import { activatePerson } from './support/fixtures-api.ts';
import { keptQueryKeys } from './support/kept-cache.ts';
import { uniqueEmail } from './support/mailbox.ts';

test('a link opened on another device asks for the e-mail, and works only once', async ({
  newVisitor,
}) => {
  const email = uniqueEmail('device');
  const phone = await newVisitor();
  const link = await requestLink(phone, email);
  await screenshot(phone, 'login-link-sent');

  const laptop = await newVisitor();
  await laptop.goto(link);
  await expect(laptop.getByText('Bạn đang mở liên kết trên một thiết bị khác.')).toBeVisible();
  await laptop.getByLabel('Email').fill('someone-else@example.vn');
  await laptop.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(
    laptop.getByText('Email không khớp với email đã nhận liên kết đăng nhập.'),
  ).toBeVisible();
  await laptop.getByLabel('Email').fill(email);
  await laptop.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(laptop).toHaveURL(/#\/onboarding$/);
  await screenshot(laptop, 'onboarding');

  const third = await newVisitor();
  await third.goto(link);
  await third.getByLabel('Email').fill(email);
  await third.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(
    third.getByTestId('toast').filter({ hasText: 'Liên kết không hợp lệ hoặc đã hết hạn.' }),
  ).toBeVisible();
  await expect(third).toHaveURL(/#\/login$/);
});

test('a link without its token sends back to login with the spec message', async ({
  newVisitor,
}) => {
  const page = await newVisitor();
  await page.goto('/#/finishLogin');
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Liên kết không hợp lệ hoặc đã hết hạn.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
});

test('a later instructor waits for approval and is refused at sign-in with the spec message', async ({
  newVisitor,
}) => {
  const email = uniqueEmail('teacher');
  const page = await newVisitor();
  await signInByLink(page, email);
  await onboard(page, 'Giảng viên', 'Lê Minh Anh');
  await expect(page.getByTestId('onboarding-pending')).toContainText(
    'Tài khoản đang ở trạng thái "Chờ duyệt".',
  );
  await screenshot(page, 'onboarding-pending');
  await page.getByRole('button', { name: 'Về trang đăng nhập' }).click();
  await expect(page).toHaveURL(/#\/login$/);

  await signInByLink(page, email);
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Tài khoản đang ở trạng thái "Chờ duyệt".' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
  // The app shows the reason and the login screen at once; its sign-out finishes just after.
  await expect
    .poll(async () => (await (await page.request.get('/api/me')).json()).state)
    .toBe('anonymous');
});

test('approved while the pending notice is open, a person opening the login screen goes into the app, still signed in', async ({
  newVisitor,
}) => {
  const email = uniqueEmail('gv-duyet');
  const page = await newVisitor();
  await signInByLink(page, email);
  await onboard(page, 'Giảng viên', 'Vũ Thanh Tâm');
  await expect(page.getByTestId('onboarding-pending')).toBeVisible();
  await activatePerson(email);

  // The login screen asks who this is afresh; the app behind it remembered "pending".
  await page.goto('/#/login');
  await expect(page).toHaveURL(/#\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/#\/activity$/);
  expect((await (await page.request.get('/api/me')).json()).state).toBe('member');
});

async function signInWithGoogle(page: Page, login: string) {
  await page.goto('/#/login');
  await page.getByRole('button', { name: 'Đăng nhập với Google' }).click();
  // The stand-in provider's own sign-in page; the login typed is the account's e-mail.
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
}

test('Google sign-in through the OpenID provider lands a new person on onboarding', async ({
  newVisitor,
}) => {
  const email = uniqueEmail('google');
  const page = await newVisitor();
  await signInWithGoogle(page, email);
  await expect(page).toHaveURL(/#\/onboarding$/, { timeout: 15_000 });
  expect(await (await page.request.get('/api/me')).json()).toEqual({
    state: 'new',
    email,
    studentProfile: null,
  });
});

test('Google joins an existing account when the provider vouches for the e-mail', async ({
  page,
  newVisitor,
}) => {
  const owner = (await (await page.request.get('/api/me')).json()).person.email as string;
  const visitor = await newVisitor();
  await signInWithGoogle(visitor, owner);
  await expect(visitor).toHaveURL(/#\/activity$/, { timeout: 15_000 });
  expect(await (await visitor.request.get('/api/me')).json()).toMatchObject({
    state: 'member',
    person: { role: 'admin', email: owner },
  });
});

test('Google does not join an existing account when the e-mail is not verified', async ({
  newVisitor,
}) => {
  const email = uniqueEmail('unverified');
  const first = await newVisitor();
  await signInByLink(first, email);
  await expect(first).toHaveURL(/#\/onboarding$/);

  const attacker = await newVisitor();
  await signInWithGoogle(attacker, email);
  await expect(attacker).toHaveURL(/#\/login/, { timeout: 15_000 });
  await expect(
    attacker
      .getByTestId('toast')
      .filter({ hasText: 'Đăng nhập không thành công. Vui lòng thử lại.' }),
  ).toBeVisible();
  expect((await (await attacker.request.get('/api/me')).json()).state).toBe('anonymous');
});

test('signing out ends the session: the app goes back to login', async ({ page, newVisitor }) => {
  // A second session of the owner, so the journeys' own session stays signed in.
  const owner = (await (await page.request.get('/api/me')).json()).person.email as string;
  const second = await newVisitor();
  await signInByLink(second, owner);
  await expect(second).toHaveURL(/#\/activity$/);
  await second.goto('/#/profile');
  await screenshot(second, 'profile');
  // What this device keeps for reading offline is the owner's until she signs out.
  await expect.poll(async () => (await keptQueryKeys(second)).length).toBeGreaterThan(0);
  await second.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(second).toHaveURL(/#\/login$/);
  await expect.poll(() => keptQueryKeys(second)).toEqual([]);
  await second.goto('/#/courses');
  await expect(second).toHaveURL(/#\/login$/);
});

test.describe('switches of the academy @config', () => {
  test.describe.configure({ mode: 'serial' });

  test('students are refused while student access is off, then while pending', async ({
    page,
    newVisitor,
  }) => {
    await setSwitch(page, 'Cho phép học viên đăng nhập', false);
    const email = uniqueEmail('student');
    const student = await newVisitor();
    await signInByLink(student, email);
    await onboard(student, 'Học viên', 'Phạm Thị Lan');
    await expect(student.getByTestId('onboarding-pending')).toContainText(
      'Quyền truy cập của học viên hiện đang bị tắt.',
    );
    // Approval alone would not let her in, and she is not told it would.
    await expect(student.getByTestId('onboarding-pending')).toContainText(
      'bật quyền truy cập cho học viên',
    );
    await expect(student.getByTestId('onboarding-pending')).not.toContainText(
      'Bạn sẽ đăng nhập được sau khi được duyệt',
    );

    await setSwitch(page, 'Cho phép học viên đăng nhập', true);
    await student.getByRole('button', { name: 'Về trang đăng nhập' }).click();
    await signInByLink(student, email);
    await expect(
      student.getByTestId('toast').filter({ hasText: 'Tài khoản đang chờ phê duyệt.' }),
    ).toBeVisible();
    await expect(student).toHaveURL(/#\/login$/);
    await setSwitch(page, 'Cho phép học viên đăng nhập', false);
  });

  test('a signed-in student is signed out live when student access is turned off', async ({
    page,
    newVisitor,
  }) => {
    await setSwitch(page, 'Cho phép học viên đăng nhập', true);
    const email = uniqueEmail('student');
    const student = await newVisitor();
    await signInByLink(student, email);
    await onboard(student, 'Học viên', 'Lý Thị Hoa');
    await leavePendingNotice(student);
    await activatePerson(email);
    await signInByLink(student, email);
    await expect(student).toHaveURL(/#\/activity$/);

    await setSwitch(page, 'Cho phép học viên đăng nhập', false);
    await expect(
      student
        .getByTestId('toast')
        .filter({ hasText: 'Quyền truy cập của học viên hiện đang bị tắt.' }),
    ).toBeVisible();
    await expect(student).toHaveURL(/#\/login$/);
  });

  test('guest mode lets a visitor browse without signing in, and turning it off closes the door', async ({
    page,
    newVisitor,
  }) => {
    await setSwitch(page, 'Chế độ khách', true);
    const visitor = await newVisitor();
    await visitor.goto('/#/activity');
    await expect(visitor).toHaveURL(/#\/login$/);
    await visitor.getByRole('link', { name: 'Xem với tư cách khách' }).click();
    // Straight in: the visitor chose on the login screen, no second page asks again.
    await expect(visitor).toHaveURL(/#\/activity$/);
    await expect(visitor.getByText('Bạn đang xem với tư cách khách.')).toBeVisible();
    await screenshot(visitor, 'guest');
    // Admin screens stay closed to guests (and their data is refused by the server).
    await visitor.goto('/#/admin-tools');
    await expect(visitor.getByTestId('forbidden')).toBeVisible();
    await expect(visitor.getByTestId('forbidden')).toContainText(
      'Trang này chỉ dành cho quản trị viên.',
    );
    expect(
      (
        await visitor.request.patch('/api/admin/public-config', {
          data: { guestModeEnabled: false },
        })
      ).status(),
    ).toBe(401);

    // Turned off: the open app is sent to the login screen live, without a reload.
    await setSwitch(page, 'Chế độ khách', false);
    await expect(visitor).toHaveURL(/#\/login$/);
    await visitor.goto('/#/guest');
    await expect(visitor.getByText('Chế độ khách đang tắt. Vui lòng đăng nhập.')).toBeVisible();
  });
});
