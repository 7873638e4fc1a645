import { beforeAll, describe, expect, it } from 'vitest';
import { actingPersonHeader } from '#shared/acting-person';
import { setUpAcademy } from './test/academy.ts';
import { storeTestPhoto } from './test/factories/media.ts';
import { multipartBody } from './test/multipart.ts';
import { type RawAnswer, rawRequest } from './test/raw-request.ts';
import { instructorForm, signUp, studentForm } from './test/sessions.ts';

/*
 * One reading of a request: every guard (cross-site, acting person, NUL, the API's no-store)
 * and every handler see the same path, whatever spelling of it a script sends. The router
 * decodes percent-escapes; the door refuses any spelling whose decoding would differ from the
 * address as sent, so a spelling either reaches the route the canonical address reaches, with
 * the same guards, or is refused before anything runs.
 */

const METRICS_TOKEN = 'metrics-secret-0123456789abcdef';
const academy = setUpAcademy(
  {
    admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
    teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  },
  { env: { METRICS_TOKEN } },
);
const { t, mail } = academy;
let port = 0;
let pendingId = '';
let photo = '';

beforeAll(async () => {
  await signUp(t.app, mail, 'cho@example.vn', studentForm('Ngô Thị Chờ'));
  pendingId = (
    await t.database.db
      .selectFrom('people')
      .select('id')
      .where('email', '=', 'cho@example.vn')
      .executeTakeFirstOrThrow()
  ).id;
  photo = await storeTestPhoto(t, academy.ids.admin, '#c06080');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

/** Every spelling of a path a script could send that a browser would not, for each segment. */
function spellings(path: string): string[] {
  const segments = path.split('/').slice(1);
  const escaped = (character: string, upper: boolean) => {
    const hex = character.charCodeAt(0).toString(16).padStart(2, '0');
    return `%${upper ? hex.toUpperCase() : hex}`;
  };
  const out = new Set<string>();
  const join = (parts: string[]) => `/${parts.join('/')}`;
  segments.forEach((segment, index) => {
    const at = (replacement: string) =>
      join(segments.map((part, i) => (i === index ? replacement : part)));
    for (let i = 0; i < segment.length; i++) {
      for (const upper of [false, true]) {
        out.add(at(segment.slice(0, i) + escaped(segment[i]!, upper) + segment.slice(i + 1)));
      }
    }
    out.add(at([...segment].map((c) => escaped(c, false)).join('')));
    out.add(at(segment.toUpperCase()));
    out.add(at(`${segment.slice(0, 1)}%25${escaped(segment[1] ?? 'x', false).slice(1)}`));
    out.add(at(`${segment};x`));
    out.add(at(`${segment}%2F`));
    out.add(at(`./${segment}`));
    out.add(at(`x/../${segment}`));
  });
  out.add(`/${path}`);
  out.add(path.replace('/', '/%2f'));
  out.add(`${path}%`);
  out.add(path.replace(/^\/(.)/, '/%$1'));
  out.delete(path);
  return [...out];
}

const prefixes = ['/api', '/media', '/s', '/c', '/metrics', '/api/auth'];

it('spells every route prefix in over 200 ways', () => {
  const all = [
    ...spellings(`/api/admin/people/x/approve`),
    ...spellings('/media/x.webp'),
    ...spellings('/s/token'),
    ...spellings('/c/code'),
    ...spellings('/metrics'),
    ...spellings('/api/auth/sign-in/magic-link'),
  ];
  expect(all.length).toBeGreaterThan(200);
  for (const prefix of prefixes) expect(all.some((url) => url.includes(prefix))).toBe(true);
});

/**
 * How a spelling other than the canonical one must be answered: one that escapes a character
 * (other than "%" itself and "/", which the router matches as written) is refused at the door, before any route or
 * guard runs; any other (a capital, a ";") reaches no route the canonical one reaches, so it ends
 * in a 4xx, never a success.
 */
function refused(answer: RawAnswer, url: string) {
  expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
  expect(answer.statusCode, url).toBeLessThan(500);
  if (/%(?!25|2f)/i.test(url)) {
    expect([400, 404], url).toContain(answer.statusCode);
    expect(answer.json().error?.code, url).toMatch(/^(route_not_found|malformed_url)$/);
  }
}

const crossSite = {
  origin: 'https://evil.academy.example',
  'sec-fetch-site': 'same-site',
};

describe('the guards hold in every spelling', () => {
  it('cross-site: approving a waiting person is refused however /api is spelled', async () => {
    const canonical = `/api/admin/people/${pendingId}/approve`;
    const first = await rawRequest(port, 'POST', canonical, {
      cookie: academy.cookie.admin,
      headers: crossSite,
    });
    expect(first.statusCode).toBe(403);
    for (const url of spellings(canonical)) {
      const answer = await rawRequest(port, 'POST', url, {
        cookie: academy.cookie.admin,
        headers: crossSite,
      });
      refused(answer, url);
    }
    const person = await t.database.db
      .selectFrom('people')
      .select('status')
      .where('id', '=', pendingId)
      .executeTakeFirstOrThrow();
    expect(person.status).toBe('pending');
  });

  it('cross-site: a multipart upload is refused however /api is spelled', async () => {
    const body = multipartBody(Buffer.from('not a photo at all'));
    for (const url of [
      '/api/uploads?use=post',
      ...spellings('/api/uploads').map((u) => `${u}?use=post`),
    ]) {
      const answer = await rawRequest(port, 'POST', url, {
        cookie: academy.cookie.admin,
        body: body.payload,
        headers: { ...crossSite, ...body.headers },
      });
      if (url.startsWith('/api/uploads?')) expect(answer.statusCode).toBe(403);
      else refused(answer, url);
    }
  });

  it('acting person: a post naming another person is refused however it is spelled', async () => {
    const before = await countPosts();
    for (const url of ['/api/posts', ...spellings('/api/posts')]) {
      const answer = await rawRequest(port, 'POST', url, {
        cookie: academy.cookie.admin,
        headers: { [actingPersonHeader]: academy.ids.teacher },
        body: { kind: 'general', text: 'Gửi dưới tên người khác' },
      });
      if (url === '/api/posts') expect(answer.statusCode).toBe(409);
      else refused(answer, url);
    }
    expect(await countPosts()).toBe(before);
  });

  it('NUL: a post holding a NUL is refused however it is spelled, on both engines', async () => {
    const before = await countPosts();
    for (const url of ['/api/posts', ...spellings('/api/posts')]) {
      const answer = await rawRequest(port, 'POST', url, {
        cookie: academy.cookie.admin,
        body: { kind: 'general', text: 'chữ\u0000ẩn' },
      });
      if (url === '/api/posts') expect(answer.json().error.code).toBe('nul_character');
      else refused(answer, url);
    }
    expect(await countPosts()).toBe(before);
  });

  it('no-store: an API answer on a trailing-slash spelling is still never stored', async () => {
    const answer = await rawRequest(port, 'GET', '/api/me/', { cookie: academy.cookie.admin });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('routes outside /api: reached only by their own spelling', () => {
  it('/media serves a photo at its address and nothing at any other spelling', async () => {
    expect((await rawRequest(port, 'GET', photo)).statusCode).toBe(200);
    for (const url of spellings(photo)) refused(await rawRequest(port, 'GET', url), url);
  });

  it('/s and /c reach their pages only as written', async () => {
    for (const canonical of ['/s/khong-co', '/c/KHONGCO']) {
      const page = await rawRequest(port, 'GET', canonical);
      // The page itself answers (an HTML "gone" page): the handler ran.
      expect(page.headers['content-type'], canonical).toMatch(/^text\/html/);
      for (const url of spellings(canonical)) {
        refused(await rawRequest(port, 'GET', url), url);
      }
    }
  });

  it('/metrics is on no spelling of the public port (it has a listener of its own)', async () => {
    const headers = { authorization: `Bearer ${METRICS_TOKEN}` };
    expect((await rawRequest(port, 'GET', '/metrics', { headers })).statusCode).toBe(404);
    for (const url of spellings('/metrics')) {
      refused(await rawRequest(port, 'GET', url, { headers }), url);
    }
  });

  it('the auth routes: a sign-in link is mailed only through the one spelling', async () => {
    const before = mail.mails.length;
    for (const url of spellings('/api/auth/sign-in/magic-link')) {
      const answer = await rawRequest(port, 'POST', url, {
        body: { email: 'admin@example.vn', callbackURL: '/' },
      });
      refused(answer, url);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mail.mails.length).toBe(before);
  });
});

async function countPosts() {
  const row = await t.database.db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
