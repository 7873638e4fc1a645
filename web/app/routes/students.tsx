import { Filter, Plus, X } from 'lucide-react';
import { memo, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { formatPhone } from '#shared/format';
import type { StudentSummary } from '#shared/schemas/students';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, SearchField } from '../../components/ui/form.tsx';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import { Placeholder } from '../../components/ui/placeholder.tsx';
import { useCan, useMember } from '../../features/accounts/api/me.ts';
import { useCourses } from '../../features/courses/api/courses.ts';
import {
  LazyPostFormDialog,
  usePostFormReady,
} from '../../features/posts/components/lazy-post-form-dialog.tsx';
import { type StudentFilters, useStudents } from '../../features/students/api/students.ts';
import { StudentActions } from '../../features/students/components/student-actions.tsx';
import { StudentStatusBadge } from '../../features/students/components/student-status-badge.tsx';
import { useScreenTour } from '../../features/tutorial/tutorial.tsx';
import { useOffscreenSkipping } from '../../hooks/use-offscreen-skipping.ts';
import { useScreenParams, useSearchText } from '../../hooks/use-screen-params.ts';
import { useShownCount } from '../../hooks/use-shown-count.ts';
import { lazyComponent } from '../../lib/lazy-module.ts';
import { t } from '../../lib/text.ts';

// What opens over the list, fetched when it opens.
const StudentFormDialog = lazyComponent(() =>
  import('../../features/students/components/student-form-dialog.tsx').then(
    (module) => module.StudentFormDialog,
  ),
);
const CourseFilterSheet = lazyComponent(() =>
  import('../../features/students/components/course-filter-sheet.tsx').then(
    (module) => module.CourseFilterSheet,
  ),
);

const SORTS: readonly StudentFilters['sort'][] = ['name', 'enrolledAt', 'status'];

/** Rows a phone's first screen holds under the search, and rows drawn at a time after them. */
const FIRST_SCREEN_ROWS = 5;
const ROWS_PER_STEP = 5;

/** Memoised: typing in the search box re-rendered every card at each key. */
const StudentCard = memo(function StudentCard({
  student,
  staff,
}: {
  student: StudentSummary;
  staff: boolean;
}) {
  const share = student.progress.total ? student.progress.completed / student.progress.total : 0;
  return (
    <article
      aria-label={student.name}
      className="flex items-start gap-3 rounded-2xl bg-white p-3 shadow-[var(--shadow-card)]"
    >
      <Link to={`/students/${student.id}`} className="flex min-w-0 flex-1 items-start gap-3">
        <Avatar url={student.avatarUrl} size={48} />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="min-w-0 text-[15px] font-semibold [overflow-wrap:anywhere] text-stone-900">
              {student.name}
            </span>
            <StudentStatusBadge status={student.status} />
          </span>
          {student.phone ? (
            <span className="block text-sm text-stone-500">{formatPhone(student.phone)}</span>
          ) : null}
          {student.courses.length > 0 ? (
            <span className="mt-0.5 block truncate text-sm text-stone-600">
              {student.courses.map((course) => course.name).join(' · ')}
            </span>
          ) : null}
          <span className="mt-1.5 flex items-center gap-2 text-xs text-stone-500">
            <span
              aria-hidden="true"
              className="h-1.5 w-24 overflow-hidden rounded-full bg-stone-200"
            >
              <span
                className="block h-full rounded-full bg-emerald-500"
                style={{ width: `${Math.round(share * 100)}%` }}
              />
            </span>
            {t('screens.students.progress', student.progress)}
          </span>
        </span>
      </Link>
      {staff ? (
        <StudentActions
          studentId={student.id}
          name={student.name}
          status={student.status}
          reviewForm={LazyPostFormDialog}
        />
      ) : null}
    </article>
  );
});

/** The academy's students: search, order, filter by courses, add, and each one's quick menu. */
export default function StudentsScreen() {
  const member = useMember();
  const can = useCan();
  if (member && !can.seeStudents) {
    // Other students are personal data; a student's "Học viên" is their own progress.
    return <Navigate to={`/students/${member.id}`} replace />;
  }
  return <StudentsList staff={can.manageStudents} />;
}

function StudentsList({ staff }: { staff: boolean }) {
  usePostFormReady(staff);
  const courses = useCourses();
  // Search, courses and order live in the address, so coming back from a student keeps them.
  const [params, change] = useScreenParams();
  const [text, setText, q, keepSearch] = useSearchText();
  const rowProps = useOffscreenSkipping('row');
  const sort = SORTS.find((key) => key === params.get('sort')) ?? 'name';
  const courseIds = params.getAll('course');
  const setCourseIds = (ids: string[]) =>
    change((next) => {
      next.delete('course');
      for (const id of ids) next.append('course', id);
    });
  const [filtering, setFiltering] = useState(false);
  const [adding, setAdding] = useState(false);
  const students = useStudents({ q, sort, courseIds });
  useScreenTour('students', !students.isPending);
  const loaded = students.data?.pages.flatMap((page) => page.students) ?? [];
  // Opening on this screen, the rows a phone's screen holds first, the rest a few at a time.
  const shown = useShownCount(loaded.length, FIRST_SCREEN_ROWS, ROWS_PER_STEP);
  const items = shown < loaded.length ? loaded.slice(0, shown) : loaded;
  const total = students.data?.pages[0]?.total ?? 0;
  const courseName = new Map(courses.data?.courses.map((course) => [course.id, course.name]));

  return (
    <>
      <PageHeader
        title={t('screens.students.title')}
        subtitle={t('screens.students.subtitle')}
        actions={
          staff ? (
            <Button
              onClick={() => setAdding(true)}
              className="px-3 sm:px-5"
              data-tour="add-student"
            >
              <Plus className="size-5" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t('screens.students.add')}</span>
            </Button>
          ) : undefined
        }
      />
      <PageBody>
        <div className="flex flex-col gap-3 pb-10">
          <div className="flex gap-2" data-tour="student-search">
            <SearchField
              label={t('screens.students.search')}
              value={text}
              onChange={setText}
              onBlur={keepSearch}
              className="flex-1"
            />
            <Button
              variant="secondary"
              className="px-3"
              onClick={() => setFiltering(true)}
              aria-label={t('screens.students.filter')}
            >
              <Filter className="size-5" aria-hidden="true" />
              {courseIds.length > 0 ? (
                <span className="rounded-full bg-accent-600 px-1.5 text-xs text-white">
                  {courseIds.length}
                </span>
              ) : null}
            </Button>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-stone-500" aria-live="polite">
              {students.data ? t('screens.students.count', { count: total }) : ''}
            </p>
            <label className="flex items-center gap-2 text-sm text-stone-600">
              {t('screens.students.sortBy')}
              <select
                value={sort}
                onChange={(event) => {
                  const chosen = event.target.value;
                  change((next) =>
                    chosen === 'name' ? next.delete('sort') : next.set('sort', chosen),
                  );
                }}
                className="h-11 rounded-xl border border-stone-300 bg-white px-3 text-[15px] text-stone-800"
              >
                {SORTS.map((key) => (
                  <option key={key} value={key}>
                    {t(`screens.students.sort.${key}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {courseIds.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {courseIds.map((id) => (
                <button
                  key={id}
                  type="button"
                  onClick={() => setCourseIds(courseIds.filter((other) => other !== id))}
                  aria-label={t('screens.students.removeFilter', {
                    name: courseName.get(id) ?? '',
                  })}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full bg-accent-50 py-2 pr-3 pl-4 text-sm font-medium text-accent-800"
                >
                  {courseName.get(id)}
                  <X className="size-4" aria-hidden="true" />
                </button>
              ))}
            </div>
          ) : null}
          {!students.data ? (
            <Placeholder className="h-48 rounded-2xl" />
          ) : items.length === 0 ? (
            <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">
              {q || courseIds.length > 0
                ? t('screens.students.noMatch')
                : t('screens.students.empty')}
            </p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
              {items.map((student, index) => (
                <li
                  key={student.id}
                  {...rowProps(student.id)}
                  data-tour={index === 0 ? 'student-list' : undefined}
                >
                  <StudentCard student={student} staff={staff} />
                </li>
              ))}
            </ul>
          )}
          {students.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              busy={students.isFetchingNextPage}
              onClick={() => void students.fetchNextPage()}
            >
              {t('screens.students.loadMore')}
            </Button>
          ) : null}
        </div>
      </PageBody>
      {adding ? <StudentFormDialog isOpen onOpenChange={setAdding} /> : null}
      {filtering ? (
        <CourseFilterSheet
          courses={courses.data?.courses ?? []}
          chosen={courseIds}
          onChoose={setCourseIds}
          onClose={() => setFiltering(false)}
        />
      ) : null}
    </>
  );
}
