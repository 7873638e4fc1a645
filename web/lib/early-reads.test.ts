// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { dropEarlyReads, takeEarlyRead } from './early-reads.ts';

afterEach(() => {
  delete window.__hvEarlyReads;
});

describe('the reads the page asked for before the app ran', () => {
  it('are taken once each, by their exact path', async () => {
    const answer = Promise.resolve(new Response('{"id":"a"}'));
    window.__hvEarlyReads = { '/me': answer };
    expect(takeEarlyRead('/posts')).toBeUndefined();
    expect(takeEarlyRead('/me')).toBe(answer);
    expect(takeEarlyRead('/me')).toBeUndefined();
  });

  it('are forgotten at a sign-out, so the next person never gets them', () => {
    window.__hvEarlyReads = { '/me': Promise.resolve(new Response('{}')) };
    dropEarlyReads();
    expect(takeEarlyRead('/me')).toBeUndefined();
  });

  it('are not used once the page has been open a while', () => {
    window.__hvEarlyReads = { '/me': Promise.resolve(new Response('{}')) };
    const now = performance.now;
    performance.now = () => 60_000;
    try {
      expect(takeEarlyRead('/me')).toBeUndefined();
    } finally {
      performance.now = now;
    }
  });
});
