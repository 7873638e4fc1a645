import { expect, type Page } from '@playwright/test';
import { activatePerson } from './fixtures-api.ts';
import { linkFromMail, mailsTo, uniqueEmail } from './mailbox.ts';

/** Asks for a sign-in link on the login screen and returns the link from the mail. */
export async function requestLink(page: Page, email: string): Promise<string> {
  const before = (await mailsTo(email)).length;
  await page.goto('/#/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Gửi liên kết đăng nhập' }).click();
  await expect(page.getByTestId('link-sent')).toContainText(email);
  return linkFromMail(email, before + 1);
}

/** Signs in by link in this browser (which remembers the address) up to the app's answer. */
export async function signInByLink(page: Page, email: string): Promise<void> {
  const link = await requestLink(page, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Hoàn tất đăng nhập' })).toBeVisible();
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

/** Fills the onboarding form; the role is 'Học viên' or 'Giảng viên'. */
export async function onboard(page: Page, role: 'Học viên' | 'Giảng viên', name: string) {
  await expect(page).toHaveURL(/#\/onboarding$/);
  await page.getByText(role, { exact: true }).click();
  await page.getByLabel('Họ và tên').fill(name);
  await page.getByLabel('Số điện thoại').fill('0987 654 321');
  await page.getByRole('button', { name: 'Hoàn tất' }).click();
}

/** The owner flips a switch on the admin tools screen and waits for it to be saved. */
export async function setSwitch(ownerPage: Page, label: string, on: boolean) {
  await ownerPage.goto('/#/admin-tools');
  const toggle = ownerPage.getByRole('switch', { name: label });
  await expect(toggle).toBeEnabled();
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) {
    // The save's own answer, so a missing toast says whether the save failed or the toast did.
    const saved = ownerPage.waitForResponse(
      (response) =>
        response.url().endsWith('/api/admin/public-config') &&
        response.request().method() === 'PATCH',
      { timeout: 15_000 },
    );
    await toggle.click();
    const answer = await saved;
    expect(answer.status(), `PATCH public-config: ${await answer.text()}`).toBe(200);
    await expect(toggle).toHaveAttribute('aria-checked', String(on));
    await expect(
      ownerPage.getByTestId('toast').filter({ hasText: 'Đã lưu cài đặt.' }).last(),
    ).toBeVisible();
  }
}

/**
 * Leaves the onboarding screen's pending notice as its button offers: signed out, at /login.
 * (The server keeps a pending person's session, so that once approved they are let in.)
 */
export async function leavePendingNotice(page: Page): Promise<void> {
  await expect(page.getByTestId('onboarding-pending')).toBeVisible();
  await page.getByRole('button', { name: 'Về trang đăng nhập' }).click();
  await expect(page).toHaveURL(/#\/login$/);
}

/** A new instructor, approved and signed in, in a browser of their own. */
export async function activeInstructor(
  newVisitor: () => Promise<Page>,
  name: string,
  email = uniqueEmail('gv'),
) {
  const browser = await newVisitor();
  await signInByLink(browser, email);
  await onboard(browser, 'Giảng viên', name);
  await leavePendingNotice(browser);
  await activatePerson(email);
  await signInByLink(browser, email);
  await expect(browser).toHaveURL(/#\/activity$/);
  return browser;
}
