import { BookOpen, Check, Users } from 'lucide-react';
import { Link } from 'react-router';
import { limits } from '#shared/limits';
import type { CourseSummary } from '#shared/schemas/courses';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { photoVariant } from '../../../lib/photo-sources.ts';
import { t } from '../../../lib/text.ts';

export type CourseView = 'grid' | 'list';

/** A course's cover, or a calm placeholder with its initial when it has none. */
function Cover({ course, className }: { course: CourseSummary; className: string }) {
  if (course.imageUrl) {
    return (
      <img
        // A cover is shown at most a phone screen wide: its medium variant, when it has one.
        src={photoVariant(course.imageUrl, limits.imageMediumLongSide) ?? course.imageUrl}
        alt=""
        width={640}
        height={360}
        loading="lazy"
        className={`bg-stone-100 object-cover ${className}`}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={`grid place-items-center bg-gradient-to-br from-accent-100 to-stone-100 text-3xl font-bold text-accent-700 ${className}`}
    >
      {course.name.charAt(0).toLocaleUpperCase('vi')}
    </div>
  );
}

function Instructors({ course }: { course: CourseSummary }) {
  if (course.instructors.length === 0) {
    return <span className="text-xs text-stone-500">{t('screens.courses.noInstructors')}</span>;
  }
  return (
    <span className="flex -space-x-2" title={course.instructors.map((p) => p.name).join(', ')}>
      {course.instructors.slice(0, 4).map((person) => (
        <Avatar
          key={person.id}
          name={person.name}
          url={person.avatarUrl}
          size={28}
          className="ring-2 ring-white"
        />
      ))}
    </span>
  );
}

/**
 * A course in the list: cover, name, lessons, students and instructors. Pending courses say so,
 * and an admin approves them right here.
 */
export function CourseCard({
  course,
  view,
  onApprove,
  approving = false,
  headingLevel = 2,
}: {
  course: CourseSummary;
  view: CourseView;
  onApprove?: (() => void) | undefined;
  approving?: boolean;
  /** 2 straight under the screen's title; 3 in a titled part of it (courses awaiting approval). */
  headingLevel?: 2 | 3;
}) {
  const Title = headingLevel === 3 ? 'h3' : 'h2';
  const counts = (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-500">
      <span className="inline-flex items-center gap-1">
        <BookOpen className="size-4" aria-hidden="true" />
        {t('screens.courses.lessonCount', { count: course.lessonCount })}
      </span>
      <span className="inline-flex items-center gap-1">
        <Users className="size-4" aria-hidden="true" />
        {t('screens.courses.studentCount', { count: course.studentCount })}
      </span>
    </span>
  );
  const pending =
    course.status === 'pending' ? (
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
        {t('screens.courses.pending')}
      </span>
    ) : null;
  const approve = onApprove ? (
    <button
      type="button"
      onClick={onApprove}
      disabled={approving}
      className="relative z-10 inline-flex h-11 items-center gap-1.5 rounded-xl bg-accent-600 px-4 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-60"
    >
      <Check className="size-4" aria-hidden="true" />
      {t('screens.courses.approve')}
    </button>
  ) : null;
  // The whole card opens the course; the link's area covers it, the approve button sits above.
  const link = (
    <Link
      to={`/courses/${course.id}`}
      className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
    >
      {course.name}
    </Link>
  );

  if (view === 'list') {
    return (
      <article className="relative flex items-center gap-3 rounded-2xl bg-white p-3 shadow-[var(--shadow-card)] focus-within:ring-2 focus-within:ring-accent-300">
        <Cover course={course} className="size-16 shrink-0 rounded-xl text-xl" />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <Title className="truncate text-base font-semibold text-stone-900">{link}</Title>
            {pending}
          </div>
          <div className="mt-1">{counts}</div>
        </div>
        <div className="hidden shrink-0 sm:block">
          <Instructors course={course} />
        </div>
        {approve}
      </article>
    );
  }
  return (
    <article className="relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)] focus-within:ring-2 focus-within:ring-accent-300">
      {/* A phone shows two and a half courses a screen: a wide, low cover there. */}
      <Cover course={course} className="aspect-[5/2] w-full sm:aspect-video" />
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="flex items-start justify-between gap-2">
          <Title className="line-clamp-2 text-base font-semibold text-stone-900">{link}</Title>
          {pending}
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          {counts}
          <Instructors course={course} />
          {approve}
        </div>
      </div>
    </article>
  );
}
