import type { Post } from '#shared/schemas/posts';

/** A post as the server answers it: a general post by an author with an emoji in her name. */
export const aPost = (overrides: Partial<Post> = {}): Post => ({
  id: 'post-1',
  kind: 'general',
  author: { id: 'author', name: 'Chu Thị Lan 💅', avatarUrl: '/avatars/author.svg' },
  student: null,
  taggedInstructor: null,
  course: null,
  lesson: null,
  text: 'Bộ móng hôm nay',
  rating: null,
  likeCount: 0,
  commentCount: 0,
  media: [],
  mentions: [],
  likedByMe: false,
  bookmarkedByMe: false,
  createdAt: 1,
  can: { edit: false, delete: false },
  ...overrides,
});
