import type { PostCan } from '#shared/schemas/posts';
import { isAdmin, isSelf, isStaff, type Who } from './who.ts';

/** Instructors and admins post evaluations and general posts (spec 1); students and guests do not. */
export function mayCreatePost(who: Who): boolean {
  return isStaff(who);
}

/** What the viewer may do with a post she can see: its author and admins edit and delete it. */
export function postCan(who: Who, post: { authorId: string }): PostCan {
  const editor = isSelf(who, post.authorId) || isAdmin(who);
  return { edit: editor, delete: editor };
}

/** Whom the @ list offers: instructors and admins to everyone, students to staff only. */
export function mentionableRoles(who: Who): ('admin' | 'instructor' | 'student')[] {
  return isStaff(who) ? ['admin', 'instructor', 'student'] : ['admin', 'instructor'];
}
