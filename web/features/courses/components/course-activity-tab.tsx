import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Course } from '#shared/schemas/courses';
import { Button } from '../../../components/ui/form.tsx';
import { PostCard } from '../../posts/components/post-card.tsx';
import { useCoursePosts } from '../api/courses.ts';
import type { useSeenActivity } from '../seen-activity.ts';

/**
 * The course's posts, newest first, ten at a time as the person scrolls (a button too, for
 * keyboards and when scrolling cannot tell); optionally one lesson's. Showing a post marks its
 * lesson's activity seen up to it.
 */
export function CourseActivityTab({
  course,
  lessonId,
  seen,
}: {
  course: Course;
  lessonId: string | null;
  seen: ReturnType<typeof useSeenActivity>;
}) {
  const { t } = useTranslation();
  const posts = useCoursePosts(course.id, lessonId);
  const sentinel = useRef<HTMLDivElement>(null);
  const lesson = course.lessons.find((item) => item.id === lessonId);
  const { markSeen } = seen;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = posts;

  useEffect(() => {
    const newest: Record<string, number> = {};
    for (const page of posts.data?.pages ?? []) {
      for (const post of page.posts) {
        const id = post.lesson?.id;
        if (id) newest[id] = Math.max(newest[id] ?? 0, post.createdAt);
      }
    }
    markSeen(newest);
  }, [posts.data, markSeen]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage)
          void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = posts.data?.pages.flatMap((page) => page.posts) ?? [];

  return (
    <div className="flex flex-col gap-4">
      {lesson ? (
        <div className="flex">
          <Link
            to="?tab=activity"
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-accent-50 py-2 pr-3 pl-4 text-sm font-medium text-accent-800"
            aria-label={t('screens.courseDetail.activity.clearLessonFilter')}
          >
            {t('screens.courseDetail.activity.lessonFilter', { title: lesson.title })}
            <X className="size-4" aria-hidden="true" />
          </Link>
        </div>
      ) : null}
      {posts.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <span className="sr-only">{t('screens.courseDetail.activity.loading')}</span>
          {[0, 1].map((index) => (
            <div
              key={index}
              aria-hidden="true"
              className="h-40 animate-pulse rounded-3xl bg-stone-200/70"
            />
          ))}
        </div>
      ) : posts.isError && items.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]">
          <p className="text-stone-700">{t('screens.courseDetail.activity.failed')}</p>
          <Button variant="secondary" onClick={() => void posts.refetch()}>
            {t('screens.courseDetail.activity.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">
          {lesson
            ? t('screens.courseDetail.activity.emptyLesson')
            : t('screens.courseDetail.activity.empty')}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-4" aria-label={t('screens.courseDetail.tabs.activity')}>
            {items.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} className="flex justify-center py-2">
            {hasNextPage ? (
              <Button
                variant="secondary"
                onClick={() => void fetchNextPage()}
                busy={isFetchingNextPage}
              >
                {t('screens.courseDetail.activity.loadMore')}
              </Button>
            ) : (
              <p className="text-sm text-stone-500" data-testid="activity-end">
                {t('screens.courseDetail.activity.end')}
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
