import { ImageOff } from 'lucide-react';
import { memo, useState } from 'react';
import { Link } from 'react-router';
import type { Mention, Post } from '#shared/schemas/posts';
import { splitMentions } from '#shared/text';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RatingChip } from '../../../components/ui/rating-chip.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { useOnlineStatus } from '../../../hooks/use-online-status.ts';
import { lazyComponent } from '../../../lib/lazy-module.ts';
import { feedPhotoSizes, photoSources } from '../../../lib/photo-sources.ts';
import { t } from '../../../lib/text.ts';
import { PostActions, PostMenu } from './post-actions.tsx';

// Fetched when a photo is first opened: the feed shows without the viewer's dialog code.
const StoryViewer = lazyComponent(() =>
  import('../../../components/ui/story-viewer.tsx').then((module) => module.StoryViewer),
);

const profilePath = (id: string, role: 'admin' | 'instructor' | 'student') =>
  role === 'student' ? `/students/${id}` : `/instructors/${id}`;

/**
 * A post's or comment's text with each `@[label](id)` mention as a link to that person's
 * profile, named as the server knows them (the typed label is never trusted).
 */
export function MentionText({
  text,
  mentions,
  className = '',
  id,
}: {
  text: string;
  mentions: Mention[];
  className?: string;
  id?: string;
}) {
  const people = new Map(mentions.map((mention) => [mention.id, mention]));
  return (
    <p
      id={id}
      className={`text-[15px] leading-6 break-words whitespace-pre-line text-stone-800 ${className}`}
    >
      {splitMentions(text).map((segment, index) => {
        if (segment.kind === 'text') return segment.text;
        const person = people.get(segment.id);
        // A mention of someone no longer here stays as plain text.
        return person ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but order
            key={index}
            to={profilePath(person.id, person.role)}
            className="font-semibold text-accent-700 hover:underline"
          >
            @{person.name}
          </Link>
        ) : (
          `@${segment.label}`
        );
      })}
    </p>
  );
}

/**
 * Up to four photos in a grid; the fourth says how many more there are. Each opens the viewer.
 * The first card's first photo is the screen's largest paint: it is asked for at once and first
 * (`priority`); the others when they come near the screen.
 */
function PostPhotos({ post, priority }: { post: Post; priority: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  // A photo this phone never loaded cannot show offline: its box stays, with a quiet sign, and
  // it is asked for again once the connection returns.
  const online = useOnlineStatus();
  const [failed, setFailed] = useState<ReadonlySet<number>>(new Set());
  // Each return of the connection after a failure is a new try: the photos are mounted anew,
  // since a browser never asks again for an image that failed.
  const [tries, setTries] = useState(0);
  const [wasOnline, setWasOnline] = useState(online);
  if (online !== wasOnline) {
    setWasOnline(online);
    if (online && failed.size > 0) {
      setFailed(new Set());
      setTries((count) => count + 1);
    }
  }
  const shown = post.media.slice(0, 4);
  if (shown.length === 0) return null;
  const hidden = post.media.length - shown.length;
  return (
    <>
      <div
        className={`grid gap-1 overflow-hidden rounded-2xl ${shown.length === 1 ? '' : 'grid-cols-2'}`}
      >
        {shown.map((photo, index) => (
          <button
            type="button"
            // biome-ignore lint/suspicious/noArrayIndexKey: the same photo may appear twice
            key={index}
            onClick={() => setOpen(index)}
            aria-label={t('posts.openPhoto', { number: index + 1 })}
            className={`relative bg-stone-100 ${shown.length === 3 && index === 0 ? 'row-span-2' : ''}`}
          >
            <img
              key={tries}
              {...photoSources(photo)}
              sizes={feedPhotoSizes(shown.length)}
              alt={t('posts.photo', { number: index + 1 })}
              width={photo.width ?? 800}
              height={photo.height ?? 600}
              loading={priority && index === 0 ? 'eager' : 'lazy'}
              fetchPriority={priority && index === 0 ? 'high' : 'auto'}
              decoding="async"
              onError={() => setFailed((current) => new Set(current).add(index))}
              className={`size-full object-cover ${shown.length === 1 ? 'max-h-[28rem]' : 'aspect-square'} ${failed.has(index) ? 'opacity-0' : ''}`}
            />
            {failed.has(index) ? (
              <ImageOff
                aria-hidden="true"
                className="absolute inset-0 m-auto size-8 text-stone-400"
              />
            ) : null}
            {hidden > 0 && index === shown.length - 1 ? (
              <span className="absolute inset-0 grid place-items-center bg-stone-900/55 text-lg font-semibold text-white">
                {t('posts.morePhotos', { count: hidden })}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {open !== null ? (
        <StoryViewer photos={post.media} startAt={open} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}

/** Text longer than this (or with many lines) is shown collapsed in lists, with "Xem thêm". */
const LONG_TEXT = 320;
const LONG_LINES = 6;

/** A post's text; in lists a long one shows its first lines and "Xem thêm" opens the rest. */
function PostText({ post, collapsible }: { post: Post; collapsible: boolean }) {
  const [open, setOpen] = useState(false);
  const long =
    collapsible && (post.text.length > LONG_TEXT || post.text.split('\n').length > LONG_LINES);
  const textId = `post-${post.id}-text`;
  return (
    <div>
      <MentionText
        id={textId}
        text={post.text}
        mentions={post.mentions}
        className={long && !open ? 'line-clamp-6' : ''}
      />
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={textId}
          onClick={() => setOpen(!open)}
          className="min-h-11 text-sm font-semibold text-stone-500 hover:text-stone-800"
        >
          {t(open ? 'posts.showLess' : 'posts.showMore')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * A post as every list shows it: who wrote it about whom, lesson, rating, text with mentions,
 * photos (opening the story viewer), when, and the like, comment, save and share actions.
 * Memoised: a like changes one post object and keeps the others (cache updates share what did
 * not change), so a tap re-renders its own card, not every card scrolled through.
 */
export const PostCard = memo(function PostCard({
  post,
  collapsible = true,
  priority = false,
}: {
  post: Post;
  /** Lists collapse long text; the post's own page shows it whole. */
  collapsible?: boolean;
  /** The first card on the screen: its photo is fetched first, not lazily. */
  priority?: boolean;
}) {
  const subject = post.student ?? post.taggedInstructor;
  const about = [post.course?.name, post.lesson?.title].filter(Boolean).join(' · ');
  return (
    <article
      aria-labelledby={`post-${post.id}-by`}
      className="flex flex-col gap-3 rounded-3xl bg-white p-4 shadow-[var(--shadow-card)]"
    >
      <header className="flex items-start gap-3">
        <Avatar url={post.author.avatarUrl} size={40} />
        <div className="min-w-0 flex-1">
          <p id={`post-${post.id}-by`} className="text-[15px] leading-5 text-stone-900">
            <span className="font-semibold">{post.author.name}</span>
            {subject ? (
              <>
                <span className="text-stone-500">
                  {' '}
                  {post.student ? t('posts.evaluated') : t('posts.tagged')}{' '}
                </span>
                <span className="font-semibold">{subject.name}</span>
              </>
            ) : null}
          </p>
          <p className="mt-0.5 text-sm text-stone-500">
            <RelativeTime time={post.createdAt} />
          </p>
        </div>
        {post.rating !== null ? <RatingChip rating={post.rating} /> : null}
        <PostMenu post={post} />
      </header>
      {/* The course and the lesson whole, across the card: beside the avatar, the rating and
          the menu, a 360 px phone cut the lesson's name mid-word. */}
      {about ? <p className="-mt-1 text-sm break-words text-stone-600">{about}</p> : null}
      {post.text ? <PostText post={post} collapsible={collapsible} /> : null}
      <PostPhotos post={post} priority={priority} />
      <PostActions post={post} />
    </article>
  );
});
