import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { cli } from '#shared/locales/vi/cli';
import { fillPlaceholders } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  deleteAllSessions,
  findAuthUserIdByEmail,
  findPersonByAuthUser,
  insertMapping,
  insertPerson,
  lockAccountChanges,
} from '../accounts/accounts.repository.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { announcePersonChange } from '../events/announce.ts';
import { findPersonByEmail, listAdmins, updatePerson } from './people.repository.ts';

/*
 * What the server's operator does from a shell when the app itself cannot help: no admin can
 * sign in, or every session must end. Each change is told on the event bus, so a server running
 * on the same PostgreSQL sees it at once (one on SQLite within SessionLookup.KNOWN_MS).
 */

/** A refusal the command line prints as it is. */
export class RecoveryError extends Error {}

export function listAcademyAdmins(database: AppDatabase): Promise<PersonRow[]> {
  return listAdmins(database.db);
}

/**
 * Whoever signs in with `email` becomes an active admin: the person that e-mail's sign-in
 * identity leads to, else the staff member with that e-mail, else a new admin profile. The
 * identity is made when it is missing (its account was deleted, or it never signed in), so a
 * sign-in link or Google with that address leads to the admin.
 */
export async function grantAdmin(
  database: AppDatabase,
  rawEmail: string,
  createAuthUser: (email: string, name: string) => Promise<string>,
): Promise<{ person: PersonRow; created: boolean }> {
  const email = rawEmail.trim().toLowerCase();
  if (!z.email().safeParse(email).success) {
    throw new RecoveryError(fillPlaceholders(cli.badEmail, { email: rawEmail }));
  }
  const name = email.slice(0, email.indexOf('@'));
  const authUserId =
    (await findAuthUserIdByEmail(database.db, email)) ?? (await createAuthUser(email, name));
  const now = Date.now();
  const outcome = await inTransaction(database, async (trx) => {
    await lockAccountChanges(trx, database.kind);
    const mapped = await findPersonByAuthUser(trx, authUserId);
    const found = mapped ?? (await findPersonByEmail(trx, email));
    if (found?.role === 'student') {
      throw new RecoveryError(fillPlaceholders(cli.admin.student, { email }));
    }
    const id = found?.id ?? randomUUID();
    if (found) {
      await updatePerson(trx, id, {
        role: 'admin',
        status: 'active',
        ban_reason: null,
        banned_by: null,
        banned_at: null,
        updated_at: now,
      });
    } else {
      await insertPerson(trx, {
        id,
        role: 'admin',
        status: 'active',
        name,
        email,
        phone: '',
        now,
      });
    }
    if (!mapped) await insertMapping(trx, authUserId, id, now);
    await insertActivityLog(trx, {
      actorId: id,
      action: 'person.admin_granted',
      target: id,
      details: { by: 'command line' },
      now,
    });
    const person = await findPersonByAuthUser(trx, authUserId);
    return { person: person!, created: !found };
  });
  await announcePersonChange(database, outcome.person.id);
  return outcome;
}

/** Ends every session: everyone signs in again. Returns how many ended. */
export async function signOutEveryone(database: AppDatabase): Promise<number> {
  const count = await deleteAllSessions(database.db);
  await database.events.publish({ type: 'sessions.deleted' }, { kind: 'people', ids: [] });
  return count;
}
