import type { PostInput } from '#shared/schemas/posts';
import { actingHeaders, answer, api } from '../../../lib/api-client.ts';

/**
 * Sends a post the outbox kept, naming her as its author: the server refuses it under anyone
 * else's session. Apart from the query hooks, so the service worker can send it too.
 */
export const sendPostAs = (personId: string, input: PostInput, signal?: AbortSignal) =>
  answer(api.POST('/posts', { body: input, headers: actingHeaders(personId), signal }));
