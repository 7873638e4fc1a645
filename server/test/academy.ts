import { afterAll, beforeAll } from 'vitest';
import type { OnboardingForm as Onboarding } from '#shared/schemas/accounts';
import { buildTestApp, type TestApp, type TestAppOptions } from './build-test-app.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';
import { instructorForm, signUpActive, studentForm } from './sessions.ts';

type People<K extends string> = Record<K, { email: string; form: Onboarding }>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The admin, an instructor and a student that most routes tests need, in sign-up order. */
export const academyTrio = {
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
} satisfies People<string>;

/** How to build the app (build-test-app.ts); `env` adds to the academy's mail and address. */
export type AcademyOptions = TestAppOptions;

function caller<K extends string>(academy: { t: TestApp; cookie: Record<K, string> }) {
  /** A request as `who` (signed out when null), through `app.inject`. */
  return (who: K | null, method: Method, url: string, payload?: object) =>
    academy.t.app.inject({
      method,
      url,
      headers: who ? { cookie: academy.cookie[who] } : {},
      ...(payload ? { payload } : {}),
    });
}

export interface Academy<K extends string> {
  t: TestApp;
  mail: MailCatcher;
  /** Each person's session cookie and person id, by the names given. */
  cookie: Record<K, string>;
  ids: Record<K, string>;
  call: ReturnType<typeof caller<K>>;
  close(): Promise<void>;
}

/**
 * The usual academy of a routes test: the app on a fresh database of the run's engine, a mail
 * catcher as its SMTP server, and the people given signed up in order (the first is the admin),
 * all active, with student access on.
 */
export async function startAcademy<K extends string>(
  people: People<K>,
  options: AcademyOptions = {},
): Promise<Academy<K>> {
  const mail = await startMailCatcher();
  const t = await buildTestApp({
    ...options,
    env: { SMTP_URL: mail.url, PUBLIC_URL: 'http://academy.test', ...options.env },
  });
  const { cookie, ids } = await signUpActive(t.app, mail, people);
  const academy = { t, mail, cookie, ids } as Academy<K>;
  academy.call = caller(academy);
  academy.close = async () => {
    await t.close();
    await mail.close();
  };
  return academy;
}

/**
 * The academy of one test file: started before its first test and closed after its last. Every
 * object it returns is there at once and filled in place when the academy starts, so a file
 * takes `t`, `mail`, `call`, `cookie` and `ids` from it at the top.
 */
export function setUpAcademy<K extends string>(
  people: People<K>,
  options: AcademyOptions = {},
): Academy<K> {
  const academy = {
    t: {} as TestApp,
    mail: {} as MailCatcher,
    cookie: {},
    ids: {},
  } as Academy<K>;
  academy.call = caller(academy);
  let close = async () => {};
  academy.close = () => close();
  beforeAll(async () => {
    const started = await startAcademy(people, options);
    Object.assign(academy.t, started.t);
    Object.assign(academy.mail, started.mail);
    Object.assign(academy.cookie, started.cookie);
    Object.assign(academy.ids, started.ids);
    close = started.close;
  });
  afterAll(() => close());
  return academy;
}
