/*
 * A first visit's largest paint is the feed's first photo. Its card can only ask for it once
 * every chunk of the feed has arrived and rendered; the feed's first page is asked for by the
 * page itself long before that (early-reads.ts). So the entry reads that answer as it comes and
 * asks the browser for the first photo at once, with the card's own sources and sizes: the card's
 * image then finds it loaded (or loading) instead of starting it.
 */
import type { Post } from '#shared/schemas/posts';
import { peekEarlyRead } from './early-reads.ts';
import { feedPhotoSizes, photoSources } from './photo-sources.ts';

/** The first photo of the first post in a feed page, with how its card shows it. */
export function firstFeedPhoto(
  page: unknown,
): { href: string; srcSet?: string; sizes: string } | null {
  const posts = (page as { posts?: Array<Pick<Post, 'media'>> } | null)?.posts;
  const media = Array.isArray(posts) ? posts[0]?.media : undefined;
  const photo = Array.isArray(media) ? media[0] : undefined;
  if (!photo || typeof photo.url !== 'string') return null;
  const { src, srcSet } = photoSources(photo);
  return { href: src, ...(srcSet ? { srcSet } : {}), sizes: feedPhotoSizes(media!.length) };
}

/** Asks for the feed's first photo as soon as the page's own early read of the feed answers. */
export function preloadFirstFeedPhoto(): void {
  if (typeof window === 'undefined') return;
  const read = peekEarlyRead('/posts');
  if (!read) return;
  read
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((page: unknown) => {
      const photo = firstFeedPhoto(page);
      if (!photo) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = photo.href;
      if (photo.srcSet) link.setAttribute('imagesrcset', photo.srcSet);
      link.setAttribute('imagesizes', photo.sizes);
      link.setAttribute('fetchpriority', 'high');
      document.head.append(link);
    })
    // The card asks for its photo itself in any case.
    .catch(() => undefined);
}
