import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from '../../test/academy.ts';
import { storeTestPhoto } from '../../test/factories/media.ts';
import { multipartBody } from '../../test/multipart.ts';
import { instructorForm, studentForm } from '../../test/sessions.ts';
import { testDatabaseKind } from '../../test/test-database.ts';

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
  classmate: { email: 'hv2@example.vn', form: studentForm('Vũ Thùy Dương') },
});
const { t, call, ids } = academy;
const course = { id: '', lesson: '' };

const finish = (finished: boolean) =>
  call('teacher', 'PUT', `/api/students/${ids.student}/courses/${course.id}/finished`, {
    finished,
  });
const certificates = async (who: Parameters<typeof call>[0] = 'student') =>
  call(who, 'GET', `/api/students/${ids.student}/certificates`);
const page = (code: string) => t.app.inject({ method: 'GET', url: `/c/${code}` });
const pdf = (who: Parameters<typeof call>[0], code: string) =>
  call(who, 'GET', `/api/certificates/${code}/pdf`);
/** Images drawn in a PDF: their dictionaries are not compressed. */
const imagesIn = (body: Buffer) => body.toString('latin1').split('/Subtype /Image').length - 1;

beforeAll(async () => {
  const made = await call('admin', 'POST', '/api/courses', {
    name: 'Sơn gel nâng cao',
    lessons: [{ title: 'Vẽ hoa' }],
    instructorIds: [ids.teacher],
  });
  expect(made.statusCode, made.body).toBe(201);
  course.id = made.json().id;
  course.lesson = made.json().lessons[0].id;
  const enrolled = await call('admin', 'PUT', `/api/students/${ids.student}`, {
    courseIds: [course.id],
  });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  const ticked = await call(
    'teacher',
    'PUT',
    `/api/students/${ids.student}/progress/${course.lesson}`,
    { completed: true },
  );
  expect(ticked.statusCode, ticked.body).toBe(200);
});

describe(`certificates on ${testDatabaseKind()}`, () => {
  let code = '';

  it('issues one when the course is marked finished, once', async () => {
    expect((await certificates()).json()).toEqual({ certificates: [] });
    expect((await finish(true)).statusCode).toBe(200);
    expect((await finish(true)).statusCode).toBe(200);
    const mine = await certificates();
    expect(mine.statusCode).toBe(200);
    expect(mine.json().certificates).toEqual([
      {
        code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{12}$/),
        courseId: course.id,
        courseName: 'Sơn gel nâng cao',
        instructors: ['Lê Minh Anh'],
        issuedAt: expect.any(Number),
        revokedAt: null,
      },
    ]);
    code = mine.json().certificates[0].code;
    expect((await certificates('teacher')).json().certificates).toHaveLength(1);
    expect((await certificates('classmate')).statusCode).toBe(403);
    expect((await certificates(null)).statusCode).toBe(401);
  });

  it('is a PDF for her and staff, and for no one else', async () => {
    for (const who of ['student', 'teacher', 'admin'] as const) {
      const file = await pdf(who, code);
      expect(file.statusCode, who).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(
        'inline; filename="chung-nhan-ngo-thi-lan.pdf"',
      );
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Be Vietnam Pro is embedded (every Vietnamese letter), not a standard font.
      expect(file.rawPayload.toString('latin1')).toContain('BeVietnamPro');
    }
    expect((await pdf('classmate', code)).statusCode).toBe(404);
    expect((await pdf(null, code)).statusCode).toBe(401);
    expect((await pdf('student', 'ZZZZZZZZZZZZ')).statusCode).toBe(404);
    expect((await pdf('student', '../../etc')).statusCode).toBe(404);
  });

  it('carries her featured works only when she agreed to show them', async () => {
    const url = await storeTestPhoto(t, ids.teacher, '#ec407a', { width: 800, height: 800 });
    const evaluation = await call('teacher', 'POST', '/api/posts', {
      kind: 'evaluation',
      studentId: ids.student,
      courseId: course.id,
      lessonId: course.lesson,
      text: 'Hoa đều nét.',
      rating: 9,
      photos: [{ url, width: 800, height: 800 }],
    });
    expect(evaluation.statusCode, evaluation.body).toBe(201);
    expect(imagesIn((await pdf('student', code)).rawPayload)).toBe(0);
    await call('student', 'PUT', '/api/me/showcase-consent', { consent: true });
    const featured = await call('teacher', 'PUT', `/api/posts/${evaluation.json().id}/featured`, {
      photoUrl: url,
      featured: true,
    });
    expect(featured.statusCode, featured.body).toBe(200);
    expect(imagesIn((await pdf('student', code)).rawPayload)).toBe(1);
    // An instructor hiding her posts keeps them off paper shown to anyone.
    await call('teacher', 'PUT', '/api/me/privacy', {
      hideMyPosts: true,
      hideMentionedPosts: false,
    });
    expect(imagesIn((await pdf('student', code)).rawPayload)).toBe(0);
    await call('teacher', 'PUT', '/api/me/privacy', {
      hideMyPosts: false,
      hideMentionedPosts: false,
    });
    expect(imagesIn((await pdf('student', code)).rawPayload)).toBe(1);
    await call('student', 'PUT', '/api/me/showcase-consent', { consent: false });
    expect(imagesIn((await pdf('student', code)).rawPayload)).toBe(0);
  });

  it('has a public page that confirms it, however the code is typed', async () => {
    const grouped = code.replace(/(.{4})(?=.)/g, '$1-');
    for (const typed of [code, code.toLowerCase(), grouped]) {
      const answer = await page(typed);
      expect(answer.statusCode, typed).toBe(200);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
      expect(answer.body).toContain('Chứng nhận hợp lệ');
      expect(answer.body).toContain('Ngô Thị Lan');
      expect(answer.body).toContain('Sơn gel nâng cao');
      expect(answer.body).toContain(grouped);
      expect(answer.body).not.toContain('hv@example.vn');
      expect(answer.body).not.toContain('<script');
    }
    for (const unknown of ['ZZZZZZZZZZZZ', 'nope', '%3Cscript%3E']) {
      const answer = await page(unknown);
      expect(answer.statusCode, unknown).toBe(404);
      expect(answer.body).toContain('Không tìm thấy chứng nhận');
    }
    expect((await page('x'.repeat(65))).statusCode).toBe(400);
  });

  it('is revoked by an admin only; its page says so and it is not printed again', async () => {
    expect((await call('teacher', 'POST', `/api/certificates/${code}/revoke`)).statusCode).toBe(
      403,
    );
    expect((await call('student', 'POST', `/api/certificates/${code}/revoke`)).statusCode).toBe(
      403,
    );
    expect((await call('admin', 'POST', '/api/certificates/ZZZZZZZZZZZZ/revoke')).statusCode).toBe(
      404,
    );
    const revoked = await call('admin', 'POST', `/api/certificates/${code}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    // Again: nothing more happens.
    expect((await call('admin', 'POST', `/api/certificates/${code}/revoke`)).statusCode).toBe(200);
    const answer = await page(code);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Chứng nhận đã bị thu hồi');
    expect(answer.body).not.toContain('Chứng nhận hợp lệ');
    const refused = await pdf('student', code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('certificate_revoked');
    expect((await certificates()).json().certificates[0].revokedAt).toEqual(expect.any(Number));
    const log = await call('admin', 'GET', '/api/admin/activity-log');
    expect(log.body).toContain('certificate.revoked');
  });

  it('issues a new one when the course is finished again, and undoing revokes it', async () => {
    expect((await finish(false)).statusCode).toBe(200);
    expect((await finish(true)).statusCode).toBe(200);
    const [latest, old] = (await certificates()).json().certificates;
    expect(old.code).toBe(code);
    expect(latest.code).not.toBe(code);
    expect(latest.revokedAt).toBeNull();
    expect((await page(latest.code)).body).toContain('Chứng nhận hợp lệ');
    expect((await finish(false)).statusCode).toBe(200);
    expect((await page(latest.code)).body).toContain('Chứng nhận đã bị thu hồi');
  });

  it("carries the academy's own name, colour and logo once an admin sets them", async () => {
    expect((await finish(true)).statusCode).toBe(200);
    const [standing] = (await certificates()).json().certificates;
    const before = (await pdf('student', standing.code)).rawPayload;
    const named = await call('admin', 'PUT', '/api/admin/academy', {
      name: 'Học viện Móng Đẹp',
      shortName: 'Móng Đẹp',
      themeColor: '#0f5132',
    });
    expect(named.statusCode, named.body).toBe(200);
    const logo = await sharp({
      create: { width: 400, height: 400, channels: 4, background: '#0f5132' },
    })
      .png()
      .toBuffer();
    const body = multipartBody(logo, { filename: 'logo.png', contentType: 'image/png' });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/academy/logo',
      headers: { cookie: academy.cookie.admin, ...body.headers },
      payload: body.payload,
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = (await pdf('student', standing.code)).rawPayload;
    // The mark drawn at the top, the logo's 512 px square (with its transparency's mask).
    expect(imagesIn(after)).toBeGreaterThan(imagesIn(before));
    expect(after.toString('latin1')).toMatch(
      /\/Width 512\s*\/Height 512|\/Height 512\s*\/Width 512/,
    );
    // The document's author is the academy: a UTF-16 string (after its byte-order mark) in the
    // object the info dictionary points at.
    const text = after.toString('latin1');
    const object = /\/Author (\d+) 0 R/.exec(text)?.[1];
    const start =
      text.indexOf(`\n${object} 0 obj\n(\u00fe\u00ff`) + `\n${object} 0 obj\n(`.length + 2;
    const end = text.indexOf(')\nendobj', start);
    const author = Buffer.from(text.slice(start, end), 'latin1').swap16().toString('utf16le');
    expect(author).toBe('Học viện Móng Đẹp');
    const shown = (await page(standing.code)).body;
    expect(shown).toContain('Học viện Móng Đẹp');
    expect(shown).toContain(`/academy-logo/${set.json().logoVersion}/icon-192.png`);
    expect(shown).toContain('background:#0f5132');
  });
});
