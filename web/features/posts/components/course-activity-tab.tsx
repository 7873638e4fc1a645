import { X } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Course } from '#shared/schemas/courses';
import { t } from '../../../lib/text.ts';
import { type SeenActivity, useCoursePosts } from '../../courses/index.ts';
import { PostList } from './post-list.tsx';

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
  seen: SeenActivity;
}) {
  const posts = useCoursePosts(course.id, lessonId);
  const lesson = course.lessons.find((item) => item.id === lessonId);
  const { markSeen } = seen;

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
      <PostList
        query={posts}
        label={t('screens.courseDetail.tabs.activity')}
        empty={
          lesson
            ? t('screens.courseDetail.activity.emptyLesson')
            : t('screens.courseDetail.activity.empty')
        }
        end={t('screens.courseDetail.activity.end')}
      />
    </div>
  );
}
