import { describe, expect, it } from 'vitest';
import { photoSources, photoVariant } from './photo-sources.ts';

const id = 'ab'.repeat(32);

describe('photoSources', () => {
  it('offers the small, medium and full variants of a stored photo with their widths', () => {
    expect(photoSources({ url: `/media/${id}.webp`, width: 2048, height: 1536 })).toEqual({
      src: `/media/${id}-md.webp`,
      srcSet: `/media/${id}-sm.webp 480w, /media/${id}-md.webp 1080w, /media/${id}.webp 2048w`,
    });
  });

  it('gives a portrait photo the widths its long side allows', () => {
    expect(photoSources({ url: `/media/${id}.webp`, width: 1536, height: 2048 }).srcSet).toBe(
      `/media/${id}-sm.webp 360w, /media/${id}-md.webp 810w, /media/${id}.webp 1536w`,
    );
  });

  it('keeps only the smaller file when a variant is the photo itself', () => {
    expect(photoSources({ url: `/media/${id}.webp`, width: 400, height: 300 }).srcSet).toBe(
      `/media/${id}-sm.webp 400w`,
    );
  });

  it("asks the academy's Cloudinary for the same sizes", () => {
    const url = 'https://res.cloudinary.com/academy/image/upload/v1/posts/abc.jpg';
    expect(photoSources({ url, width: 4000, height: 3000 }).srcSet).toBe(
      [
        'https://res.cloudinary.com/academy/image/upload/c_limit,w_480,h_480/v1/posts/abc.jpg 480w',
        'https://res.cloudinary.com/academy/image/upload/c_limit,w_1080,h_1080/v1/posts/abc.jpg 1080w',
        'https://res.cloudinary.com/academy/image/upload/c_limit,w_2048,h_2048/v1/posts/abc.jpg 2048w',
      ].join(', '),
    );
  });

  it('gives a photo of unknown size or origin as it is', () => {
    expect(photoSources({ url: `/media/${id}.webp`, width: null, height: null })).toEqual({
      src: `/media/${id}.webp`,
    });
    expect(photoSources({ url: 'https://example.com/a.jpg', width: 10, height: 10 })).toEqual({
      src: 'https://example.com/a.jpg',
    });
  });
});

describe('photoVariant', () => {
  it('names the small variant of a stored photo, for avatars', () => {
    expect(photoVariant(`/media/${id}.webp`, 480)).toBe(`/media/${id}-sm.webp`);
    expect(photoVariant('/api/avatars/Lan.svg', 480)).toBeUndefined();
  });
});
