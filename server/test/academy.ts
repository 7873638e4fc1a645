import type { OnboardingForm as Onboarding } from '#shared/schemas/accounts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';
import { signUpActive } from './sessions.ts';

export interface Academy<K extends string> {
  t: TestApp;
  mail: MailCatcher;
  /** Each person's session cookie and person id, by the names given. */
  cookie: Record<K, string>;
  ids: Record<K, string>;
  close(): Promise<void>;
}

/**
 * The usual academy of a routes test: the app on a fresh database of the run's engine, a mail
 * catcher as its SMTP server, and the people given signed up in order (the first is the admin),
 * all active, with student access on.
 */
export async function startAcademy<K extends string>(
  people: Record<K, { email: string; form: Onboarding }>,
  options: { env?: NodeJS.ProcessEnv } = {},
): Promise<Academy<K>> {
  const mail = await startMailCatcher();
  const t = await buildTestApp({
    env: { SMTP_URL: mail.url, PUBLIC_URL: 'http://academy.test', ...options.env },
  });
  const { cookie, ids } = await signUpActive(t.app, mail, people);
  return {
    t,
    mail,
    cookie,
    ids,
    close: async () => {
      await t.close();
      await mail.close();
    },
  };
}
