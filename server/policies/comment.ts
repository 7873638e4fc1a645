import type { CommentCan } from '#shared/schemas/posts';
import { isAdmin, isSelf, type Who } from './who.ts';

/** Any member comments on a post she can see; guests read only. */
export function mayComment(who: Who): boolean {
  return who !== null;
}

/** What the viewer may do with a comment she can see: its author and admins edit and delete it. */
export function commentCan(who: Who, comment: { authorId: string }): CommentCan {
  const editor = isSelf(who, comment.authorId) || isAdmin(who);
  return { edit: editor, delete: editor };
}
