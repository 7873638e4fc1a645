import type { NewPerson, PersonStatus, Role } from './schema.ts';
import { nameSearchColumns } from './search-columns.ts';

/** What a new person is made with; what is not given starts empty. */
export interface NewPersonFields {
  id: string;
  role: Role;
  status: PersonStatus;
  name: string;
  now: number;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  dob?: string | null;
  avatarUrl?: string | null;
  bio?: string | null;
  /** When she signed up: `now` unless given (the demo academy spreads its people over months). */
  registrationDate?: number;
  /** The course an instructor proposed when she signed up, for an admin to approve with her. */
  proposedCourse?: { name: string; description: string } | null;
  isDemo?: boolean;
}

/**
 * A new person's whole row, in one place for every way a person is made (sign-up, a student
 * added by staff, an invited instructor, a recovered admin, the demo academy): the fields given,
 * the name's search forms, and no ban.
 */
export function newPersonRow(fields: NewPersonFields): NewPerson {
  return {
    id: fields.id,
    role: fields.role,
    status: fields.status,
    name: fields.name,
    ...nameSearchColumns(fields.name),
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    address: fields.address ?? null,
    dob: fields.dob ?? null,
    avatar_url: fields.avatarUrl ?? null,
    bio: fields.bio ?? null,
    registration_date: fields.registrationDate ?? fields.now,
    proposed_course_name: fields.proposedCourse?.name ?? null,
    proposed_course_description: fields.proposedCourse?.description ?? null,
    ban_reason: null,
    banned_by: null,
    banned_at: null,
    is_demo: fields.isDemo ? 1 : 0,
    created_at: fields.now,
    updated_at: fields.now,
  };
}
