import { CheckCircle2, ChevronRight } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Course } from '#shared/schemas/courses';
import { t } from '../../../lib/text.ts';
import { useCourseProgress } from '../api/courses.ts';
import type { useSeenActivity } from '../seen-activity.ts';

/**
 * The lessons in order: how many students completed each, whether it has posts this person
 * has not seen, and (for a student) their own ticks. A lesson opens its activity.
 */
export function CourseContentTab({
  course,
  highlightedLessonId,
  seen,
}: {
  course: Course;
  highlightedLessonId: string | null;
  seen: ReturnType<typeof useSeenActivity>;
}) {
  const progress = useCourseProgress(course.id);
  const highlighted = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (highlightedLessonId) highlighted.current?.scrollIntoView({ block: 'center' });
  }, [highlightedLessonId]);

  if (course.lessons.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">
        {t('screens.courses.form.noLessons')}
      </p>
    );
  }
  const byLesson = new Map(progress.data?.lessons.map((lesson) => [lesson.lessonId, lesson]));
  const mine = new Set(progress.data?.myCompletedLessonIds);
  const enrolled = progress.data?.enrolledCount ?? 0;

  return (
    <ol className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]">
      {course.lessons.map((lesson, index) => {
        const figures = byLesson.get(lesson.id);
        const completed = figures?.completedCount ?? 0;
        const isNew = seen.hasNew(lesson.id, figures?.lastActivityAt ?? null);
        const isHighlighted = lesson.id === highlightedLessonId;
        return (
          <li
            key={lesson.id}
            ref={isHighlighted ? highlighted : undefined}
            className={isHighlighted ? 'bg-accent-50' : undefined}
            data-testid="course-lesson"
          >
            <Link
              to={`?tab=activity&lesson=${lesson.id}`}
              aria-label={t('screens.courseDetail.content.openActivity', { title: lesson.title })}
              className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-stone-50"
            >
              {mine.has(lesson.id) ? (
                <CheckCircle2 className="size-8 shrink-0 text-emerald-600" aria-hidden="true" />
              ) : (
                <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-50 text-sm font-semibold text-accent-700">
                  {index + 1}
                </span>
              )}
              <span className="min-w-0 flex-1">
                <span className="flex items-center gap-2">
                  <span className="text-[15px] font-medium text-stone-800">{lesson.title}</span>
                  {isNew ? (
                    <span
                      className="rounded-full bg-accent-600 px-2 py-0.5 text-xs font-semibold text-white"
                      title={t('screens.courseDetail.content.newActivityLabel')}
                    >
                      {t('screens.courseDetail.content.newActivity')}
                      <span className="sr-only">
                        {' '}
                        {t('screens.courseDetail.content.newActivityLabel')}
                      </span>
                    </span>
                  ) : null}
                </span>
                {mine.has(lesson.id) ? (
                  <span className="mt-0.5 block text-sm text-emerald-700">
                    {t('screens.courseDetail.content.doneByMe')}
                  </span>
                ) : null}
                <span className="mt-1 flex items-center gap-2 text-sm text-stone-500">
                  {enrolled > 0 ? (
                    <>
                      <span
                        aria-hidden="true"
                        className="h-1.5 w-20 shrink-0 overflow-hidden rounded-full bg-stone-200"
                      >
                        <span
                          className="block h-full rounded-full bg-emerald-500"
                          style={{ width: `${Math.round((completed / enrolled) * 100)}%` }}
                        />
                      </span>
                      {t('screens.courseDetail.content.completed', {
                        count: completed,
                        total: enrolled,
                      })}
                    </>
                  ) : progress.data ? (
                    t('screens.courseDetail.content.noStudents')
                  ) : null}
                </span>
              </span>
              <ChevronRight className="size-5 shrink-0 text-stone-400" aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
