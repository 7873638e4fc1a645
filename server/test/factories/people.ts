import type { Kysely } from 'kysely';
import type { Database, NewPerson } from '../../db/schema.ts';
import { nameSearchColumns } from '../../db/search-columns.ts';

/** Inserts a person row directly (no sign-in), with sensible defaults for what is not given. */
export async function insertTestPerson(
  db: Kysely<Database>,
  person: Partial<NewPerson> & { id: string },
): Promise<void> {
  const now = Date.now();
  const name = person.name ?? `Người ${person.id}`;
  await db
    .insertInto('people')
    .values({
      role: 'instructor',
      status: 'active',
      email: null,
      phone: null,
      address: null,
      dob: null,
      avatar_url: null,
      bio: null,
      registration_date: now,
      proposed_course_name: null,
      proposed_course_description: null,
      ban_reason: null,
      banned_by: null,
      banned_at: null,
      created_at: now,
      updated_at: now,
      ...person,
      name,
      ...nameSearchColumns(name),
    })
    .execute();
}
