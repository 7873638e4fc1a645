import type { Audience } from '../../db/event-bus.ts';
import type { Db, Role } from '../../db/schema.ts';
import { mayManageAcademy } from '../../policies/admin-tools.ts';
import { isStaff } from '../../policies/who.ts';
import { findPostPeople, isPostVisibleTo, listPostMentions } from './events.repository.ts';

/** Who is at the other end of an event stream: a member, or a guest (no id, no role). */
export interface Recipient {
  personId: string | null;
  role: Role | null;
}

export type AudienceTest = (recipient: Recipient) => boolean;

/**
 * Who may see a post now, by the one privacy rule (post-visibility.ts): everyone when a guest
 * could see it, otherwise only those of the people it involves that the rule lets see it (no one
 * else can). Taken before a post is deleted, so its deletion reaches only those who saw it.
 */
export async function postAudience(db: Db, postId: string): Promise<Audience> {
  if (await isPostVisibleTo(db, postId, null)) return { kind: 'everyone' };
  const post = await findPostPeople(db, postId);
  if (!post) return { kind: 'people', ids: [] };
  const mentioned = await listPostMentions(db, postId);
  const candidates = new Set(
    [
      post.author_id,
      post.student_id,
      post.tagged_instructor_id,
      ...mentioned.map((m) => m.person_id),
    ].filter((id): id is string => id !== null),
  );
  const ids: string[] = [];
  for (const id of candidates) if (await isPostVisibleTo(db, postId, id)) ids.push(id);
  return { kind: 'people', ids };
}

/**
 * Who hears of a post's change when whether a guest could see it is already known: everyone,
 * or those `postAudience` finds when the event is sent.
 */
export function postAudienceKnown(postId: string, seenByGuests: boolean): Audience {
  return seenByGuests ? { kind: 'everyone' } : { kind: 'post', postId };
}

/** Turns an audience into a test of each open stream, reading the database at most once. */
export async function resolveAudience(db: Db, audience: Audience): Promise<AudienceTest> {
  switch (audience.kind) {
    case 'everyone':
      return () => true;
    case 'staff':
      return isStaff;
    case 'admins':
      // Approval requests and the logs are for those who manage the academy.
      return mayManageAcademy;
    case 'people': {
      const ids = new Set(audience.ids);
      return (recipient) => recipient.personId !== null && ids.has(recipient.personId);
    }
    case 'staff-and': {
      const ids = new Set(audience.ids);
      return (recipient) =>
        isStaff(recipient) || (recipient.personId !== null && ids.has(recipient.personId));
    }
    case 'post':
      return resolveAudience(db, await postAudience(db, audience.postId));
  }
}
