import { useState } from 'react';
import { Link } from 'react-router';
import type { CourseStudent } from '#shared/schemas/courses';
import { compareVietnameseNames } from '#shared/text';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Placeholder } from '../../../components/ui/placeholder.tsx';
import { RatingChip } from '../../../components/ui/rating-chip.tsx';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { t } from '../../../lib/text.ts';
import { useCourseStudents } from '../../courses/index.ts';
import { StudentStatusBadge } from './student-status-badge.tsx';

const SORT_KEYS = ['name', 'progress', 'lastEvaluation', 'enrolledAt'] as const;
type SortKey = (typeof SORT_KEYS)[number];

const compareBy: Record<SortKey, (a: CourseStudent, b: CourseStudent) => number> = {
  name: (a, b) => compareVietnameseNames(a.name, b.name),
  progress: (a, b) => a.completedLessons - b.completedLessons,
  lastEvaluation: (a, b) => (a.lastEvaluation?.createdAt ?? 0) - (b.lastEvaluation?.createdAt ?? 0),
  enrolledAt: (a, b) => a.enrolledAt - b.enrolledAt,
};

/** The enrolled students with their progress bar, status and latest evaluation; sortable. */
export function CourseStudentsTab({ courseId }: { courseId: string }) {
  const students = useCourseStudents(courseId);
  const [sortKey, setSortKey] = useState<SortKey>('name');
  const [descending, setDescending] = useState(false);

  if (!students.data) {
    return <Placeholder className="h-48 rounded-2xl" />;
  }
  const { lessonCount } = students.data;
  if (students.data.students.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">
        {t('screens.courseDetail.students.empty')}
      </p>
    );
  }
  const sorted = [...students.data.students].sort((a, b) => {
    const order = compareBy[sortKey](a, b) || compareVietnameseNames(a.name, b.name);
    return descending ? -order : order;
  });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-500">
          {t('screens.courseDetail.students.count', { count: sorted.length })}
        </p>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <label className="flex min-w-0 flex-1 items-center gap-2 text-sm whitespace-nowrap text-stone-600">
            {t('screens.courseDetail.students.sortBy')}
            <select
              value={sortKey}
              onChange={(event) => setSortKey(event.target.value as SortKey)}
              className="h-11 min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-3 text-[15px] text-stone-800"
            >
              {SORT_KEYS.map((key) => (
                <option key={key} value={key}>
                  {t(`screens.courseDetail.students.sort.${key}`)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            onClick={() => setDescending((value) => !value)}
            className="h-11 shrink-0 rounded-xl border border-stone-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-stone-700 hover:bg-stone-50"
          >
            {descending
              ? t('screens.courseDetail.students.descending')
              : t('screens.courseDetail.students.ascending')}
          </button>
        </div>
      </div>
      <ul
        className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]"
        aria-label={t('screens.courseDetail.tabs.students')}
      >
        {sorted.map((student) => {
          const share = lessonCount === 0 ? 0 : student.completedLessons / lessonCount;
          return (
            <li key={student.id} data-testid="course-student">
              <Link
                to={`/students/${student.id}`}
                className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 px-4 py-3 hover:bg-stone-50 md:grid-cols-[auto_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]"
              >
                <Avatar url={student.avatarUrl} size={40} className="row-span-3 md:row-span-1" />
                <span className="flex min-w-0 items-center gap-2">
                  <span className="truncate text-[15px] font-semibold text-stone-900">
                    {student.name}
                  </span>
                  <StudentStatusBadge status={student.status} />
                </span>
                <span className="flex items-center gap-2 text-sm text-stone-600">
                  <span
                    role="progressbar"
                    aria-valuemin={0}
                    aria-valuemax={lessonCount}
                    aria-valuenow={student.completedLessons}
                    aria-label={t('screens.courseDetail.students.progress', {
                      done: student.completedLessons,
                      total: lessonCount,
                    })}
                    className="h-2 w-24 shrink-0 overflow-hidden rounded-full bg-stone-200"
                  >
                    <span
                      className="block h-full rounded-full bg-emerald-500"
                      style={{ width: `${Math.round(share * 100)}%` }}
                    />
                  </span>
                  {t('screens.courseDetail.students.progress', {
                    done: student.completedLessons,
                    total: lessonCount,
                  })}
                </span>
                <span className="flex items-center gap-1.5 text-sm text-stone-500">
                  {student.lastEvaluation ? (
                    <>
                      {student.lastEvaluation.rating !== null ? (
                        <RatingChip rating={student.lastEvaluation.rating} small />
                      ) : null}
                      {t('screens.courseDetail.students.lastEvaluation', {
                        when: formatRelativeTime(student.lastEvaluation.createdAt),
                      })}
                    </>
                  ) : (
                    t('screens.courseDetail.students.noEvaluation')
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
