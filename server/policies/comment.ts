import type { CommentCan } from '#shared/schemas/posts';
import { isAdmin, isSelf, type Who } from './who.ts';

/** What the viewer may do with a comment she can see: its author and admins edit and delete it. */
export function commentCan(who: Who, comment: { authorId: string }): CommentCan {
  const editor = isSelf(who, comment.authorId) || isAdmin(who);
  return { edit: editor, delete: editor };
}
