import { randomUUID } from 'node:crypto';
import { vi } from '#shared/locales/vi';
import type { InstructorInvited } from '#shared/schemas/admin';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { insertPerson, lockAccountChanges } from '../accounts/accounts.repository.ts';
import { chargeMail, refuseEmailOfAnother } from '../accounts/accounts.service.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { linkEmail } from '../auth/emails.ts';
import type { Mailer } from '../auth/mailer.ts';
import { announcePersonChange } from '../events/announce.ts';
import { readIdentity } from '../identity/identity.service.ts';
import { getAdminPerson } from './people.service.ts';

/**
 * An admin adds an instructor by e-mail, as staff add students: an active instructor's profile
 * that her first sign-in with that e-mail leads to (accounts.service `acceptInvitation`), and an
 * e-mail that invites her. An e-mail another profile or sign-in already uses is refused. A mail
 * that cannot be sent leaves the profile in place and says so, for the admin to tell her.
 */
export async function inviteInstructor(
  database: AppDatabase,
  mailer: Mailer,
  admin: PersonRow,
  input: { name: string; email: string },
  appUrl: string,
): Promise<InstructorInvited> {
  await refuseEmailOfAnother(database.db, input.email, null);
  // The invitation draws on the one mail budget: inviting, deleting and inviting again would
  // otherwise mail one address without end.
  const charge = await chargeMail(database, { email: input.email });
  const id = randomUUID();
  const now = Date.now();
  await inTransaction(database, async (trx) => {
    await lockAccountChanges(trx, database.kind);
    await refuseEmailOfAnother(trx, input.email, null);
    // What is left out (phone, bio, ban…) starts empty.
    await insertPerson(trx, {
      id,
      role: 'instructor',
      status: 'active',
      name: input.name,
      email: input.email,
      now,
    });
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'instructor.invited',
      target: id,
      now,
    });
  });
  await announcePersonChange(database, id);
  const mailed = await mailer
    .send(
      linkEmail(
        await readIdentity(database),
        vi.emails.invitation,
        input.email,
        `${appUrl}/#/login`,
        { name: input.name },
        appUrl,
      ),
      charge,
    )
    .then(
      () => true,
      () => false,
    );
  return { person: await getAdminPerson(database, admin, id), mailed };
}
