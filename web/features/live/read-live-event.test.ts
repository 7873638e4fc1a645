import { describe, expect, it } from 'vitest';
import { readLiveEvent } from './read-live-event.ts';

describe('a live stream message', () => {
  it('is read as the event it carries', () => {
    const liked = { type: 'post.liked', postId: 'p1', actorId: 'a1', likeCount: 3 };
    expect(readLiveEvent(JSON.stringify(liked))).toEqual(liked);
    expect(readLiveEvent('{"type":"resync"}')).toEqual({ type: 'resync' });
  });

  it.each([
    ['not JSON', 'data: {"type":'],
    ['not an object', '"post.created"'],
    ['null', 'null'],
    ['without a type', '{"postId":"p1"}'],
    ['of a type a newer server sends', '{"type":"post.pinned","postId":"p1"}'],
    ['of a type that is no string', '{"type":7}'],
    ['of a type named like an object key', '{"type":"toString"}'],
  ])('is skipped when it is %s', (_, data) => {
    expect(readLiveEvent(data)).toBeNull();
  });
});
