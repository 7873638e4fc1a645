import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#shared/errors';
import {
  BookmarkInput,
  BookmarkState,
  Comment,
  CommentEdit,
  CommentIdParams,
  CommentInput,
  CommentList,
  CommentThreads,
  CommentThreadsQuery,
  FeedQuery,
  LikeInput,
  LikeState,
  MentionCandidates,
  MentionCandidatesQuery,
  NewPostInput,
  Post,
  PostIdParams,
  PostPage,
  PostUpdate,
} from '#shared/schemas/posts';
import { member, reader } from '../accounts/access.ts';
import {
  addComment,
  deleteComment,
  editComment,
  listComments,
  listCommentThreads,
  setCommentLike,
} from './comments.service.ts';
import {
  createPost,
  deletePost,
  setPostBookmark,
  setPostLike,
  updatePost,
} from './post-writes.service.ts';
import { getPost, listPostPage, mentionCandidates } from './posts.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const deleted = z.object({ deleted: z.literal(true) });

export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/posts',
    {
      config: { audience: 'reader' },
      schema: {
        summary: 'The feed: posts I may see, newest first, 10 a page, with filters and search',
        tags: ['posts'],
        querystring: FeedQuery,
        response: { 200: PostPage, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      const { cursor, q, courseId, studentId, kind, bookmarked } = request.query;
      return listPostPage(app.database, person, {
        cursor,
        courseId,
        studentId,
        kind,
        bookmarked: Boolean(bookmarked),
        q,
      });
    },
  );

  app.get(
    '/mention-candidates',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'People the @ list offers for what was typed (students to staff only)',
        tags: ['posts'],
        querystring: MentionCandidatesQuery,
        response: { 200: MentionCandidates, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      return { people: await mentionCandidates(app.database, person, request.query.q) };
    },
  );

  app.post(
    '/posts',
    {
      config: { audience: 'member' },
      schema: {
        summary:
          'Post an evaluation or a general post (instructors and admins); with the id the device made, sending it again answers the same post (200)',
        tags: ['posts'],
        body: NewPostInput,
        response: { 200: Post, 201: Post, ...errors },
      },
    },
    async (request, reply) => {
      const person = member(request);
      const { post, created } = await createPost(app.database, person, request.body);
      return reply.status(created ? 201 : 200).send(post);
    },
  );

  app.get(
    '/posts/:postId',
    {
      config: { audience: 'reader' },
      schema: {
        summary: 'One post I may see',
        tags: ['posts'],
        params: PostIdParams,
        response: { 200: Post, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      return getPost(app.database, person, request.params.postId);
    },
  );

  app.put(
    '/posts/:postId',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Edit a post (its author or an admin)',
        tags: ['posts'],
        params: PostIdParams,
        body: PostUpdate,
        response: { 200: Post, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      return updatePost(app.database, person, request.params.postId, request.body);
    },
  );

  app.delete(
    '/posts/:postId',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Delete a post (its author or an admin)',
        tags: ['posts'],
        params: PostIdParams,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      await deletePost(app.database, person, request.params.postId);
      return { deleted: true as const };
    },
  );

  app.put(
    '/posts/:postId/like',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Like or unlike a post; answers the exact count',
        tags: ['posts'],
        params: PostIdParams,
        body: LikeInput,
        response: { 200: LikeState, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      return setPostLike(app.database, person, request.params.postId, request.body.liked);
    },
  );

  app.put(
    '/posts/:postId/bookmark',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Save or unsave a post (private to me)',
        tags: ['posts'],
        params: PostIdParams,
        body: BookmarkInput,
        response: { 200: BookmarkState, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      return setPostBookmark(app.database, person, request.params.postId, request.body.bookmarked);
    },
  );

  app.get(
    '/posts/:postId/comment-threads',
    {
      config: { audience: 'reader' },
      schema: {
        summary:
          'The latest threads of a post I may see, or every thread from one on (`from`), oldest first',
        tags: ['posts'],
        params: PostIdParams,
        querystring: CommentThreadsQuery,
        response: { 200: CommentThreads, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      return listCommentThreads(app.database, person, request.params.postId, request.query.from);
    },
  );

  app.get(
    '/posts/:postId/comments',
    {
      config: { audience: 'reader' },
      schema: {
        summary: 'All comments of a post I may see, oldest first',
        description:
          "The 0.5.0 app's call, kept while phones still run it; the app reads a discussion by its threads.",
        deprecated: true,
        tags: ['posts'],
        params: PostIdParams,
        response: { 200: CommentList, ...errors },
      },
    },
    async (request) => {
      const person = reader(request);
      return {
        comments: await listComments(app.database, person, request.params.postId),
      };
    },
  );

  app.post(
    '/posts/:postId/comments',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Comment on a post, or reply to one of its comments',
        tags: ['posts'],
        params: PostIdParams,
        body: CommentInput,
        response: { 201: Comment, ...errors },
      },
    },
    async (request, reply) => {
      const person = member(request);
      const comment = await addComment(app.database, person, request.params.postId, request.body);
      return reply.status(201).send(comment);
    },
  );

  app.put(
    '/comments/:commentId',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Edit a comment (its author or an admin)',
        tags: ['posts'],
        params: CommentIdParams,
        body: CommentEdit,
        response: { 200: Comment, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      return editComment(app.database, person, request.params.commentId, request.body.text);
    },
  );

  app.delete(
    '/comments/:commentId',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Delete a comment and its replies (its author or an admin)',
        tags: ['posts'],
        params: CommentIdParams,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      await deleteComment(app.database, person, request.params.commentId);
      return { deleted: true as const };
    },
  );

  app.put(
    '/comments/:commentId/like',
    {
      config: { audience: 'member' },
      schema: {
        summary: 'Like or unlike a comment',
        tags: ['posts'],
        params: CommentIdParams,
        body: LikeInput,
        response: { 200: LikeState, ...errors },
      },
    },
    async (request) => {
      const person = member(request);
      return setCommentLike(app.database, person, request.params.commentId, request.body.liked);
    },
  );
};
