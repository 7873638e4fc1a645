// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyRead } from './early-reads.ts';
import { firstFeedPhoto, preloadFirstFeedPhoto } from './first-photo.ts';
import { feedPhotoSizes, photoSources } from './photo-sources.ts';

const id = 'cd'.repeat(32);
const photo = { url: `/media/${id}.webp`, width: 2048, height: 1536 };

afterEach(() => {
  delete window.__hvEarlyReads;
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the feed's first photo, asked for before its card renders", () => {
  it("is the first post's first photo, with the sources and sizes its card gives it", () => {
    const page = { posts: [{ media: [photo, photo] }, { media: [] }] };
    expect(firstFeedPhoto(page)).toEqual({
      href: photoSources(photo).src,
      srcSet: photoSources(photo).srcSet,
      sizes: feedPhotoSizes(2),
    });
    expect(firstFeedPhoto({ posts: [{ media: [photo] }] })?.sizes).toBe(feedPhotoSizes(1));
  });

  it('is nothing for a first post without photos, an empty feed or an answer of another shape', () => {
    expect(firstFeedPhoto({ posts: [{ media: [] }, { media: [photo] }] })).toBeNull();
    expect(firstFeedPhoto({ posts: [] })).toBeNull();
    expect(firstFeedPhoto({ error: 'x' })).toBeNull();
    expect(firstFeedPhoto(null)).toBeNull();
    expect(firstFeedPhoto({ posts: [{ media: [{ url: 3 }] }] })).toBeNull();
  });

  it('is preloaded from the early read, which the API client then still reads whole', async () => {
    const body = JSON.stringify({ posts: [{ media: [photo] }] });
    window.__hvEarlyReads = { '/posts': Promise.resolve(new Response(body)) };
    preloadFirstFeedPhoto();
    await settle();
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"]');
    expect(link?.getAttribute('as')).toBe('image');
    expect(link?.getAttribute('imagesrcset')).toBe(photoSources(photo).srcSet);
    expect(link?.getAttribute('imagesizes')).toBe(feedPhotoSizes(1));
    const read = takeEarlyRead('/posts');
    expect(await (await read!).text()).toBe(body);
  });

  it('is not asked for when the read failed or the page asked for none', async () => {
    window.__hvEarlyReads = { '/posts': Promise.resolve(new Response('{}', { status: 401 })) };
    preloadFirstFeedPhoto();
    delete window.__hvEarlyReads;
    preloadFirstFeedPhoto();
    await settle();
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});
