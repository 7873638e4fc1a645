import { describe, expect, it } from 'vitest';
import { errorMessage } from '#shared/errors';
import { setUpAcademy } from '../../test/academy.ts';
import { instructorForm, signInByLink } from '../../test/sessions.ts';

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
});
const { t, mail, call } = academy;

const invite = (who: 'admin' | 'teacher', body: object) =>
  call(who, 'POST', '/api/admin/people/instructors', body);

describe('an admin adds an instructor by e-mail', () => {
  it('makes an active instructor and mails her; her first sign-in lands on that profile', async () => {
    const arrived = mail.next('mai@example.vn');
    const made = await invite('admin', { name: 'Đinh Thị Mai', email: ' Mai@Example.vn ' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      mailed: true,
      person: {
        name: 'Đinh Thị Mai',
        email: 'mai@example.vn',
        role: 'instructor',
        status: 'active',
        canSignIn: false,
      },
    });
    const letter = await arrived;
    expect(letter.subject).toBe('Lời mời làm giảng viên trên Học viện');
    expect(letter.text).toContain('Xin chào Đinh Thị Mai,');
    expect(mail.linkIn(letter, 'http')).toMatch(/\/#\/login$/);

    const cookie = await signInByLink(t.app, mail, 'mai@example.vn');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({
      state: 'member',
      person: { id: made.json().person.id, role: 'instructor', status: 'active' },
    });
    // She may do an instructor's work at once.
    const course = await t.app.inject({
      method: 'GET',
      url: '/api/students/roster',
      headers: { cookie },
    });
    expect(course.statusCode).toBe(200);
    const listed = await call('admin', 'GET', `/api/admin/people?view=all&q=mai`);
    expect(listed.json().people[0]).toMatchObject({ canSignIn: true });
    // Signing in again changes nothing.
    const again = await signInByLink(t.app, mail, 'mai@example.vn');
    const still = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: again } });
    expect(still.json().person.id).toBe(made.json().person.id);
  });

  it('refuses an e-mail another profile or sign-in uses, with a clear message', async () => {
    const taken = await invite('admin', { name: 'Lê Minh Anh', email: 'gv@example.vn' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('email_taken');
    const twice = await invite('admin', { name: 'Mai khác', email: 'mai@example.vn' });
    expect(twice.statusCode).toBe(409);
    const bad = await invite('admin', { name: 'Ai đó', email: 'không-phải-email' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().error.details)).toContain('Email không hợp lệ.');
  });

  it('is for admins only', async () => {
    expect((await invite('teacher', { name: 'Hà', email: 'ha@example.vn' })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/people/instructors',
      payload: { name: 'Hà', email: 'ha@example.vn' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the profile when the mail cannot go, and says so', async () => {
    const send = t.app.mailer.send;
    t.app.mailer.send = () => Promise.reject(new Error('SMTP down'));
    try {
      const made = await invite('admin', { name: 'Phạm Thu', email: 'thu@example.vn' });
      expect(made.statusCode).toBe(201);
      expect(made.json()).toMatchObject({ mailed: false, person: { email: 'thu@example.vn' } });
    } finally {
      t.app.mailer.send = send;
    }
  });
});

describe('invitations draw on the one mail budget', () => {
  it('mails one address at most five times an hour, however often she is deleted and invited', async () => {
    const before = mail.mails.filter((m) => m.to.includes('lap@example.vn')).length;
    const answers: number[] = [];
    for (let round = 0; round < 7; round++) {
      const made = await invite('admin', { name: 'Vũ Thị Lập', email: 'lap@example.vn' });
      answers.push(made.statusCode);
      if (made.statusCode === 201) {
        const removed = await call('admin', 'DELETE', `/api/admin/people/${made.json().person.id}`);
        expect(removed.statusCode).toBe(200);
      } else {
        expect(made.statusCode).toBe(429);
        expect(made.json().error.message).toBe(errorMessage('rate_limited'));
      }
    }
    expect(answers).toEqual([201, 201, 201, 201, 201, 429, 429]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mail.mails.filter((m) => m.to.includes('lap@example.vn')).length - before).toBe(5);
    // Refused for the budget, she was not made either.
    const listed = await call('admin', 'GET', '/api/admin/people?view=all&q=lap');
    expect(listed.json().people).toEqual([]);
  });

  it('shares the budget with sign-in links to the same address', async () => {
    for (let i = 0; i < 5; i++) {
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/sign-in/email-link',
        payload: { email: 'chung@example.vn' },
      });
      expect(link.statusCode, link.body).toBeLessThan(300);
    }
    const made = await invite('admin', { name: 'Chung', email: 'chung@example.vn' });
    expect(made.statusCode).toBe(429);
  });
});
