/**
 * An academy's phones for the live benches: many people, each signed in the way a phone is (a
 * sign-in link by e-mail, onboarding as a student, the admin's approval), each from a client
 * address of its own group. A bench that held every stream under one cookie from one address
 * measured the stream caps (limits.liveStreamsPerPerson, limits.liveStreamsPerAddress), not the
 * fan-out; a real academy's streams come from many people behind a few Wi-Fi networks.
 *
 * Client addresses are loopback addresses (127.0.x.y): Linux answers the whole 127/8 on `lo`,
 * so a connection made from one of them reaches the server with that address as its peer.
 */
import http from 'node:http';
import type { MailCatcher } from '../server/test/mail-catcher.ts';
import { cookieHeader, studentForm } from '../server/test/sessions.ts';
import { limits } from '../shared/limits.ts';

export interface Phone {
  /** The person's session cookie. */
  cookie: string;
  /** The client address her requests and streams come from. */
  localAddress: string;
}

/**
 * The loopback address of client group `group` (0-based): 127.0.x.y with y in 1..250, never
 * 127.0.0.1, which the bench itself uses.
 */
export function clientAddress(group: number): string {
  const x = Math.floor(group / 250) + 1;
  if (x > 255) throw new Error(`client group ${group} is past the loopback range`);
  return `127.0.${x}.${(group % 250) + 1}`;
}

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

/** One HTTP request from `localAddress`, its whole answer read. */
export function requestFrom(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    localAddress: string;
  },
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        headers: {
          ...options.headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookie: response.headers['set-cookie'] ?? [],
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Opens one event stream at `url` from `from`'s address (with its cookie, when it has one) and
 * hands each chunk to `onChunk`; resolves once the stream is open, rejects with the server's
 * answer when it is refused.
 */
export function openStream(
  url: string,
  from: { localAddress: string; cookie?: string },
  agent: http.Agent,
  onChunk: (chunk: string) => void,
): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      {
        agent,
        localAddress: from.localAddress,
        headers: from.cookie ? { cookie: from.cookie } : {},
      },
      (response) => {
        response.setEncoding('utf8');
        if (response.statusCode !== 200) {
          let body = '';
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => reject(new Error(`stream: ${response.statusCode} ${body}`)));
          return;
        }
        response.on('data', onChunk);
        resolve(request);
      },
    );
    request.on('error', reject);
  });
}

function expectOk(what: string, answer: Answer): Answer {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.body}`);
  return answer;
}

/**
 * Signs in `people` students on the academy at `url`, approved by the admin whose cookie is
 * `adminCookie`, `peoplePerAddress` of them behind each client address: few enough that the
 * server's e-mail limit per client address lets each ask for her link, and that each address
 * stays under the stream cap with every person's streams open (`streamsPerPerson` each).
 * `concurrency` sign-ins run at once.
 */
export async function signInPhones(
  url: string,
  mail: MailCatcher,
  adminCookie: string,
  people: number,
  options: { streamsPerPerson?: number; concurrency?: number; tag?: string } = {},
): Promise<Phone[]> {
  const streamsPerPerson = options.streamsPerPerson ?? 1;
  if (streamsPerPerson > limits.liveStreamsPerPerson) {
    throw new Error(`${streamsPerPerson} streams a person is past the server's cap`);
  }
  const peoplePerAddress = Math.max(
    1,
    Math.min(5, Math.floor(limits.liveStreamsPerAddress / streamsPerPerson)),
  );
  const tag = options.tag ?? `${Date.now()}`;
  const admin = { cookie: adminCookie, origin: url };
  // An academy lets its students in (a new one starts with them shut out).
  expectOk(
    'student access',
    await requestFrom(`${url}/api/admin/public-config`, {
      method: 'PATCH',
      headers: admin,
      body: { studentAccessEnabled: true },
      localAddress: '127.0.0.1',
    }),
  );
  const phones: Phone[] = new Array(people);
  let next = 0;
  const signInOne = async (index: number) => {
    const localAddress = clientAddress(Math.floor(index / peoplePerAddress));
    const email = `phone-${tag}-${index}@example.vn`;
    const arrived = mail.next(email, 60_000);
    expectOk(
      'link',
      await requestFrom(`${url}/api/sign-in/email-link`, {
        method: 'POST',
        body: { email },
        localAddress,
      }),
    );
    const token = new URL(mail.linkIn(await arrived, 'http').replace('/#/', '/')).searchParams.get(
      'token',
    );
    const redeemed = expectOk(
      'redeem',
      await requestFrom(`${url}/api/sign-in/email-link/redeem`, {
        method: 'POST',
        body: { token, email },
        localAddress,
      }),
    );
    const cookie = cookieHeader(redeemed.setCookie);
    expectOk(
      'onboarding',
      await requestFrom(`${url}/api/onboarding`, {
        method: 'POST',
        headers: { cookie, origin: url },
        body: studentForm(`Học viên đo tải ${index + 1}`),
        localAddress,
      }),
    );
    const pending = expectOk(
      'pending list',
      await requestFrom(`${url}/api/admin/people?view=pending&q=${encodeURIComponent(email)}`, {
        headers: admin,
        localAddress: '127.0.0.1',
      }),
    );
    const person = (
      JSON.parse(pending.body) as { people: Array<{ id: string; email: string }> }
    ).people.find((each) => each.email === email);
    if (!person) throw new Error(`${email} is not waiting for approval`);
    expectOk(
      'approval',
      await requestFrom(`${url}/api/admin/people/${person.id}/approve`, {
        method: 'POST',
        headers: admin,
        localAddress: '127.0.0.1',
      }),
    );
    phones[index] = { cookie, localAddress };
  };
  await Promise.all(
    Array.from({ length: Math.min(options.concurrency ?? 8, people) }, async () => {
      while (next < people) {
        const index = next;
        next += 1;
        await signInOne(index);
      }
    }),
  );
  return phones;
}
