import type { FastifyInstance } from 'fastify';
import type { OnboardingForm as Onboarding } from '#shared/schemas/accounts';
import type { MailCatcher } from './mail-catcher.ts';

/** `name=value` pairs of Set-Cookie headers, as a browser would send them back. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const values = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return values.map((value) => value.split(';')[0]).join('; ');
}

/** A `Cookie` header's cookies as a browser is given them (Playwright's `addCookies`) for `url`. */
export function browserCookies(header: string, url: string) {
  return header.split('; ').map((pair) => {
    const equals = pair.indexOf('=');
    return { name: pair.slice(0, equals), value: pair.slice(equals + 1), url };
  });
}

/** Asks for a sign-in link and returns its token, read from the e-mail that arrived. */
export async function requestLinkToken(
  app: FastifyInstance,
  mail: MailCatcher,
  email: string,
  // A client address of its own, so the per-client e-mail limit never fails a test's set-up.
  clientAddress = `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
): Promise<string> {
  const arrived = mail.next(email);
  const response = await app.inject({
    method: 'POST',
    url: '/api/sign-in/email-link',
    payload: { email },
    remoteAddress: clientAddress,
  });
  if (response.statusCode !== 200) throw new Error(`link request failed: ${response.body}`);
  const link = mail.linkIn(await arrived, 'http');
  return new URL(link.replace('/#/', '/')).searchParams.get('token')!;
}

/** Signs in by e-mail link, the whole way, and returns the session cookie header. */
export async function signInByLink(app: FastifyInstance, mail: MailCatcher, email: string) {
  const token = await requestLinkToken(app, mail, email);
  const response = await app.inject({
    method: 'POST',
    url: '/api/sign-in/email-link/redeem',
    payload: { token, email },
  });
  if (response.statusCode !== 200) throw new Error(`redeem failed: ${response.body}`);
  return cookieHeader(response.headers['set-cookie']);
}

export const instructorForm = (name: string, extra: Partial<Onboarding> = {}): Onboarding =>
  ({
    role: 'instructor',
    name,
    phone: '0912 345 678',
    ...extra,
  }) as Onboarding;

export const studentForm = (name: string): Onboarding => ({
  role: 'student',
  name,
  phone: '+84 912 345 679',
  dob: '2000-05-12',
});

/** Signs in a new address and creates its profile; returns the cookie. */
export async function signUp(
  app: FastifyInstance,
  mail: MailCatcher,
  email: string,
  form: Onboarding,
): Promise<string> {
  const cookie = await signInByLink(app, mail, email);
  const response = await app.inject({
    method: 'POST',
    url: '/api/onboarding',
    headers: { cookie },
    payload: form,
  });
  if (response.statusCode !== 200) throw new Error(`onboarding failed: ${response.body}`);
  return cookie;
}

/**
 * The usual people of a routes test, signed up in the order given (so the first becomes admin),
 * all made active, with student access on. Returns each one's session cookie and person id.
 */
export async function signUpActive<K extends string>(
  app: FastifyInstance,
  mail: MailCatcher,
  people: Record<K, { email: string; form: Onboarding }>,
): Promise<{ cookie: Record<K, string>; ids: Record<K, string> }> {
  const cookie = {} as Record<K, string>;
  const ids = {} as Record<K, string>;
  for (const [key, { email, form }] of Object.entries(people) as Array<
    [K, { email: string; form: Onboarding }]
  >) {
    cookie[key] = await signUp(app, mail, email, form);
  }
  const { db } = app.database;
  await db.updateTable('people').set({ status: 'active' }).execute();
  await db.updateTable('public_config').set({ student_access_enabled: 1 }).execute();
  const rows = await db.selectFrom('people').select(['id', 'email']).execute();
  for (const [key, { email }] of Object.entries(people) as Array<[K, { email: string }]>) {
    ids[key] = rows.find((row) => row.email === email)!.id;
  }
  return { cookie, ids };
}

/**
 * Over real HTTP, against a running server process: signs in by e-mail link (read from `mail`)
 * and onboards as an instructor — the academy's admin when it is the first. Returns the cookie
 * and the address used (a new one unless given).
 */
export async function signInInstructor(
  url: string,
  mail: MailCatcher,
  email = `bench-${Date.now()}@example.vn`,
): Promise<{ cookie: string; email: string }> {
  const arrived = mail.next(email);
  await fetch(`${url}/api/sign-in/email-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const token = new URL(mail.linkIn(await arrived, 'http').replace('/#/', '/')).searchParams.get(
    'token',
  );
  const redeemed = await fetch(`${url}/api/sign-in/email-link/redeem`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, email }),
  });
  const cookie = cookieHeader(redeemed.headers.getSetCookie());
  const onboarded = await fetch(`${url}/api/onboarding`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ role: 'instructor', name: 'Giảng viên đo tải', phone: '0912345678' }),
  });
  if (!onboarded.ok) throw new Error(`onboarding failed: ${await onboarded.text()}`);
  return { cookie, email };
}
