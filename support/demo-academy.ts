import type { MailCatcher } from '../server/test/mail-catcher.ts';
import { signInInstructor } from '../server/test/sessions.ts';

/**
 * On a fresh academy served at `url`: its first instructor (who becomes its admin) signs in by
 * e-mail link, read from `mail`, and fills it with the demo nail-art academy. Returns that
 * admin's cookie. Benchmarks and the store screenshots start from it.
 */
export async function signInToDemoAcademy(url: string, mail: MailCatcher): Promise<string> {
  const { cookie } = await signInInstructor(url, mail);
  const demo = await fetch(`${url}/api/admin/demo-data`, {
    method: 'POST',
    headers: { cookie, origin: url },
  });
  if (!demo.ok) throw new Error(`demo data: ${demo.status} ${await demo.text()}`);
  return cookie;
}
