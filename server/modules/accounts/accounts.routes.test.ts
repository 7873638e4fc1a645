import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTHING_ALLOWED } from '#shared/nothing-allowed';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher.ts';
import {
  cookieHeader,
  instructorForm,
  requestLinkToken,
  signInByLink,
  signUp,
  studentForm,
} from '../../test/sessions.ts';

let t: TestApp;
let mail: MailCatcher;
const PUBLIC_URL = 'http://academy.test';

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await buildTestApp({ env: { SMTP_URL: mail.url, PUBLIC_URL } });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});
beforeEach(async () => {
  // Each test starts with a fresh academy: no people, no sign-in identities, no limits used.
  const { db } = t.database;
  for (const table of [
    'people',
    'courses',
    'auth_attempts',
    'session',
    'account',
    'verification',
    'user',
    'activity_logs',
    'notifications',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  await db
    .updateTable('public_config')
    .set({ student_access_enabled: 0, guest_mode_enabled: 0 })
    .execute();
});
afterEach(() => {
  mail.mails.length = 0;
});

const me = async (cookie?: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} })).json();

const redeem = (token: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sign-in/email-link/redeem',
    payload: { token, email },
  });

describe('sign-in by e-mail link', () => {
  it('mails a Vietnamese link to the app page #/finishLogin, not to an API address', async () => {
    const arrived = mail.next('lan@example.vn');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/email-link',
      payload: { email: 'Lan@Example.vn ' },
    });
    expect(response.json()).toEqual({ ok: true });
    const message = await arrived;
    expect(message.subject).toBe('Liên kết đăng nhập Học viện');
    expect(message.text).toContain('Bấm vào liên kết dưới đây để đăng nhập vào Học viện.');
    const link = mail.linkIn(message, 'http');
    expect(link).toMatch(/^http:\/\/academy\.test\/#\/finishLogin\?token=[A-Za-z0-9]{32}$/);
    expect(message.html).toContain('Đăng nhập');
  });

  it('answers the same for an address with and without an account', async () => {
    await signUp(t.app, mail, 'known@example.vn', instructorForm('Nguyễn Thị Hoa'));
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/email-link',
      payload: { email: 'known@example.vn' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/email-link',
      payload: { email: 'nobody@example.vn' },
    });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it('signs in with the link and the e-mail it was sent to, once', async () => {
    const token = await requestLinkToken(t.app, mail, 'mai@example.vn');
    const first = await redeem(token, 'mai@example.vn');
    expect(first.statusCode).toBe(200);
    const cookie = cookieHeader(first.headers['set-cookie']);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(first.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    expect(await me(cookie)).toEqual({
      state: 'new',
      email: 'mai@example.vn',
      studentProfile: null,
    });

    const again = await redeem(token, 'mai@example.vn');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'invalid_link',
      message: 'Liên kết không hợp lệ hoặc đã hết hạn.',
    });
  });

  it('refuses another e-mail without spending the link', async () => {
    const token = await requestLinkToken(t.app, mail, 'thu@example.vn');
    const wrong = await redeem(token, 'other@example.vn');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('email_mismatch');
    expect((await redeem(token, 'thu@example.vn')).statusCode).toBe(200);
  });

  it('gives exactly one session to 50 parallel redemptions of one link', async () => {
    const token = await requestLinkToken(t.app, mail, 'race@example.vn');
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => redeem(token, 'race@example.vn')),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(49);
    const sessions = await t.database.db.selectFrom('session').select('id').execute();
    expect(sessions).toHaveLength(1);
  });

  it('refuses an expired link, and keeps links at most 10 minutes, stored hashed', async () => {
    const token = await requestLinkToken(t.app, mail, 'old@example.vn');
    const rows = await t.database.db
      .selectFrom('verification')
      .select(['identifier', 'expiresAt'])
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(token);
    const lifetime = new Date(rows[0]!.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(lifetime).toBeGreaterThan(9 * 60 * 1000);
    await t.database.db
      .updateTable('verification')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const response = await redeem(token, 'old@example.vn');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_link');
  });

  it.each(['', 'x'.repeat(12), 'not a token at all!!', `${'a'.repeat(32)}' or 1=1 --`])(
    'refuses an unknown or tampered token %j with 400',
    async (token) => {
      const response = await redeem(token, 'a@example.vn');
      expect(response.statusCode).toBe(400);
      expect(await me(cookieHeader(response.headers['set-cookie']))).toMatchObject({
        state: 'anonymous',
      });
    },
  );

  it.each(['not-an-email', 'a@', '@b.vn', 'a b@c.vn', `${'x'.repeat(250)}@c.vn`, ''])(
    'refuses the malformed address %j with a Vietnamese 400',
    async (email) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sign-in/email-link',
        payload: { email },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
      expect(mail.mails).toHaveLength(0);
    },
  );

  it('keeps better-auth’s own link endpoints closed: a plain GET spends nothing', async () => {
    const token = await requestLinkToken(t.app, mail, 'scan@example.vn');
    const scanner = await t.app.inject({
      method: 'GET',
      url: `/api/auth/magic-link/verify?token=${token}`,
    });
    expect(scanner.statusCode).toBe(404);
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      payload: { email: 'x@example.vn' },
    });
    expect(direct.statusCode).toBe(404);
    expect((await redeem(token, 'scan@example.vn')).statusCode).toBe(200);
  });

  it('limits links to 5 per address per hour', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/sign-in/email-link',
        payload: { email: 'flood@example.vn' },
        remoteAddress: '10.0.0.1',
      });
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await send()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await send();
    expect(limited.json().error.message).toBe(
      'Bạn thao tác quá nhanh. Vui lòng thử lại sau ít phút.',
    );
  });

  it('counts every kind of mail to one address against one budget of 5 an hour', async () => {
    const mailTo = (url: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: { email: 'budget@example.vn' },
        remoteAddress,
      });
    const statuses = [];
    // Each from its own client address, so only the receiving address's budget can refuse.
    for (let i = 0; i < 3; i += 1)
      statuses.push((await mailTo('/api/sign-in/email-link', `10.1.0.${i}`)).statusCode);
    for (let i = 0; i < 3; i += 1)
      statuses.push((await mailTo('/api/sign-in/password-reset', `10.1.1.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await mailTo('/api/sign-in/email-link', '10.1.2.1')).statusCode).toBe(429);
  });

  it('limits links to 10 per client address per hour, whatever X-Forwarded-For says', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sign-in/email-link',
        payload: { email: `p${i}@example.vn` },
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('onboarding and account states', () => {
  it('makes the first instructor an active admin, with their proposed course active at once', async () => {
    const cookie = await signInByLink(t.app, mail, 'owner@example.vn');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: { cookie },
      payload: instructorForm('Trần Thu Hà', {
        proposedCourse: { name: 'Sơn gel cơ bản', description: 'Nhập môn sơn gel.' },
      } as never),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      state: 'member',
      person: { name: 'Trần Thu Hà', role: 'admin', status: 'active', email: 'owner@example.vn' },
      can: { manageUsers: true, seeInstructors: true },
    });
    const personId = response.json().person.id;
    const course = await t.database.db.selectFrom('courses').selectAll().executeTakeFirstOrThrow();
    expect(course).toMatchObject({
      name: 'Sơn gel cơ bản',
      status: 'active',
      proposer_id: personId,
    });
    const teaches = await t.database.db.selectFrom('course_instructors').selectAll().execute();
    expect(teaches).toEqual([
      expect.objectContaining({ course_id: course.id, person_id: personId }),
    ]);
    const person = await t.database.db.selectFrom('people').selectAll().executeTakeFirstOrThrow();
    expect(person.phone).toBe('0912345678');
    expect(person.proposed_course_name).toBeNull();
  });

  it('keeps later instructors pending with their proposal, refused with the spec message, admins asked', async () => {
    await signUp(t.app, mail, 'owner@example.vn', instructorForm('Trần Thu Hà'));
    const cookie = await signInByLink(t.app, mail, 'second@example.vn');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: { cookie },
      payload: instructorForm('Lê Minh Anh', { proposedCourse: { name: 'Vẽ hoa nổi' } } as never),
    });
    expect(response.json()).toEqual({
      state: 'refused',
      code: 'account_status',
      message: 'Tài khoản đang ở trạng thái "Chờ duyệt".',
    });
    const second = await t.database.db
      .selectFrom('people')
      .selectAll()
      .where('name', '=', 'Lê Minh Anh')
      .executeTakeFirstOrThrow();
    expect(second).toMatchObject({
      role: 'instructor',
      status: 'pending',
      proposed_course_name: 'Vẽ hoa nổi',
    });
    expect(await t.database.db.selectFrom('courses').selectAll().execute()).toHaveLength(0);
    const requests = await t.database.db.selectFrom('notifications').selectAll().execute();
    expect(requests).toEqual([
      expect.objectContaining({ type: 'approval_request', subject_person_id: second.id }),
    ]);
    // Refused people reach nothing that needs a member.
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: { cookie },
      payload: studentForm('X Y'),
    });
    expect(denied.statusCode).toBe(409);
  });

  it('makes students pending; refuses them while student access is off, then while pending', async () => {
    const owner = await signUp(t.app, mail, 'owner@example.vn', instructorForm('Trần Thu Hà'));
    const cookie = await signUp(t.app, mail, 'hs@example.vn', studentForm('Phạm Thị Lan'));
    expect(await me(cookie)).toEqual({
      state: 'refused',
      code: 'student_access_disabled',
      message: 'Quyền truy cập của học viên hiện đang bị tắt.',
    });
    await t.database.db.updateTable('public_config').set({ student_access_enabled: 1 }).execute();
    expect(await me(cookie)).toEqual({
      state: 'refused',
      code: 'account_pending',
      message: 'Tài khoản đang chờ phê duyệt.',
    });
    await t.database.db
      .updateTable('people')
      .set({ status: 'active' })
      .where('role', '=', 'student')
      .execute();
    expect(await me(cookie)).toMatchObject({
      state: 'member',
      person: { role: 'student' },
      can: { seeInstructors: false },
    });
    // The admin turning student access off takes effect on the very next request.
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/public-config',
      headers: { cookie: owner },
      payload: { studentAccessEnabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await me(cookie)).code).toBe('student_access_disabled');
  });

  it('treats a sign-in whose profile was deleted as new again', async () => {
    const cookie = await signUp(t.app, mail, 'gone@example.vn', instructorForm('Đỗ Văn Nam'));
    await t.database.db.deleteFrom('people').execute();
    expect(await me(cookie)).toEqual({
      state: 'new',
      email: 'gone@example.vn',
      studentProfile: null,
    });
    expect(await t.database.db.selectFrom('login_mappings').selectAll().execute()).toEqual([]);
  });

  it('refuses onboarding twice, anonymously, and with bad fields', async () => {
    const cookie = await signUp(t.app, mail, 'once@example.vn', instructorForm('Vũ Thị Mai'));
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: { cookie },
      payload: instructorForm('Vũ Thị Mai'),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Tài khoản này đã có hồ sơ.');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      payload: instructorForm('A B'),
    });
    expect(anonymous.statusCode).toBe(401);

    const fresh = await signInByLink(t.app, mail, 'bad@example.vn');
    for (const payload of [
      { role: 'student', name: 'A', phone: '0912345678' },
      { role: 'student', name: 'Lê Lan', phone: '12345' },
      { role: 'student', name: 'Lê Lan', phone: '0912345678', dob: '2999-01-01' },
      { role: 'student', name: 'Lê Lan', phone: '0912345678', dob: '2001-02-30' },
      { role: 'admin', name: 'Lê Lan', phone: '0912345678' },
      { role: 'student', name: 'Lê Lan', phone: '0912345678', status: 'active' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/onboarding',
        headers: { cookie: fresh },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await me(fresh)).toMatchObject({ state: 'new' });
  });

  it('records staff sign-ins and onboarding in the activity log, not students’', async () => {
    const cookie = await signUp(t.app, mail, 'log@example.vn', instructorForm('Ngô Bảo Châu'));
    await signInByLink(t.app, mail, 'log@example.vn');
    await signUp(t.app, mail, 'student@example.vn', studentForm('Lý Thị Nga'));
    const actions = (
      await t.database.db.selectFrom('activity_logs').select('action').execute()
    ).map((r) => r.action);
    expect(actions).toContain('account.onboarded');
    expect(actions).toContain('account.signed_in');
    expect(actions.filter((a) => a === 'account.signed_in')).toHaveLength(1);
    expect(cookie).toBeTruthy();
  });
});

describe('sessions', () => {
  it('ends at sign-out: the old cookie, replayed, is nobody', async () => {
    const cookie = await signUp(t.app, mail, 'out@example.vn', instructorForm('Hồ Văn Tú'));
    expect((await me(cookie)).state).toBe('member');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: PUBLIC_URL },
    });
    expect(out.statusCode).toBe(200);
    expect(await me(cookie)).toMatchObject({ state: 'anonymous', guestMode: false });
  });

  it('tells an anonymous visitor whether guest mode is on, and what a guest may do', async () => {
    const shutOut = NOTHING_ALLOWED;
    expect(await me()).toEqual({ state: 'anonymous', guestMode: false, can: shutOut });
    await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 1 }).execute();
    // A guest reads the academy's students and instructors; she changes nothing.
    expect(await me()).toEqual({
      state: 'anonymous',
      guestMode: true,
      can: { ...shutOut, seeInstructors: true, seeStudents: true },
    });
    const config = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(config.json()).toEqual({
      studentAccessEnabled: false,
      guestModeEnabled: true,
      showcaseEnabled: false,
      googleEnabled: false,
      academy: {
        name: 'Học viện',
        shortName: 'Học viện',
        themeColor: '#c2185b',
        logoVersion: null,
      },
    });
  });

  it('refuses state-changing requests sent from another site', async () => {
    const cookie = await signInByLink(t.app, mail, 'csrf@example.vn');
    for (const headers of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: PUBLIC_URL },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/onboarding',
        headers: { cookie, ...headers },
        payload: instructorForm('A B'),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('cross_site_request');
    }
    const textPlain = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: 'role=instructor',
    });
    expect(textPlain.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: { cookie, origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      payload: instructorForm('Lưu Quang Vũ'),
    });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('password reset and e-mail change', () => {
  it('mails a reset link to the app, sets a password with it, and signs in with that password', async () => {
    await signUp(t.app, mail, 'pw@example.vn', instructorForm('Tạ Minh Tâm'));
    const arrived = mail.next('pw@example.vn');
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/password-reset',
      payload: { email: 'pw@example.vn' },
    });
    expect(request.json()).toEqual({ ok: true });
    const message = await arrived;
    expect(message.subject).toBe('Đặt lại mật khẩu Học viện');
    const link = mail.linkIn(message, 'http');
    expect(link).toMatch(/^http:\/\/academy\.test\/#\/login\?resetToken=/);
    const token = decodeURIComponent(link.split('resetToken=')[1]!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: PUBLIC_URL },
      payload: { newPassword: 'mat-khau-moi-123', token },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: 'pw@example.vn', password: 'mat-khau-moi-123' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect((await me(cookieHeader(signIn.headers['set-cookie']))).state).toBe('member');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/password-reset',
      payload: { email: 'none@example.vn' },
    });
    expect(unknown.body).toBe(request.body);
  });

  it('changes the e-mail only after the new address is verified', async () => {
    const cookie = await signUp(t.app, mail, 'before@example.vn', instructorForm('Cao Thị Yến'));
    const arrived = mail.next('after@example.vn');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { cookie, origin: PUBLIC_URL },
      payload: { newEmail: 'after@example.vn', callbackURL: '/#/profile' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await me(cookie)).person.email).toBe('before@example.vn');
    const message = await arrived;
    expect(message.subject).toBe('Xác nhận email mới cho Học viện');
    const link = new URL(mail.linkIn(message, 'http'));
    const verify = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { cookie },
    });
    expect([200, 302]).toContain(verify.statusCode);
    expect((await me(cookie)).person.email).toBe('after@example.vn');
  });
});
