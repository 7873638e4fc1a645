import { LayoutGrid, List, Plus } from 'lucide-react';
import { useState } from 'react';
import type { CourseSummary } from '#shared/schemas/courses';
import { useToast } from '../../components/overlays/toast.tsx';
import { Button } from '../../components/ui/form.tsx';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import { Placeholder } from '../../components/ui/placeholder.tsx';
import { useCan, useMember } from '../../features/accounts/api/me.ts';
import { useApproveCourse, useCourses } from '../../features/courses/api/courses.ts';
import { CourseCard, type CourseView } from '../../features/courses/components/course-card.tsx';
import { LazyCourseFormDialog as CourseFormDialog } from '../../features/courses/components/lazy-course-form-dialog.tsx';
import { SearchField } from '../../features/courses/components/search-field.tsx';
import { useScreenTour, useTutorialReport } from '../../features/tutorial/tutorial.tsx';
import { t } from '../../lib/text.ts';
import { write } from '../../lib/write.ts';

/** The grid/list choice, remembered per person on this device. */
function useRememberedView(personId: string | null): [CourseView, (view: CourseView) => void] {
  const key = `hv.courses-view.${personId ?? 'guest'}`;
  const [view, setView] = useState<CourseView>(() =>
    localStorage.getItem(key) === 'list' ? 'list' : 'grid',
  );
  return [
    view,
    (next) => {
      localStorage.setItem(key, next);
      setView(next);
    },
  ];
}

function CourseSkeletons({ view }: { view: CourseView }) {
  return (
    <div
      className={
        view === 'grid'
          ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3'
          : 'grid grid-cols-1 gap-3'
      }
    >
      <Placeholder className={`rounded-2xl ${view === 'grid' ? 'h-56' : 'h-22'}`} count={6} />
    </div>
  );
}

export default function CoursesScreen() {
  const { showToast } = useToast();
  const member = useMember();
  const [view, setView] = useRememberedView(member?.id ?? null);
  const [formOpen, setFormOpen] = useState(false);
  const courses = useCourses();
  const can = useCan();
  const create = can.createCourses;
  useScreenTour('courses', !courses.isPending);
  const reportToTutorial = useTutorialReport();
  const openForm = () => {
    setFormOpen(true);
    reportToTutorial('open-add-course-modal');
  };

  const approve = useApproveCourse();

  const all = courses.data?.courses ?? [];
  // Proposals waiting for the viewer's approval come first; her own proposals stay in the list.
  const pending = all.filter((course) => course.can.approve);
  const listed = all.filter((course) => !pending.includes(course));
  const layout =
    view === 'grid'
      ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3'
      : 'grid grid-cols-1 gap-3';
  const card = (course: CourseSummary, headingLevel: 2 | 3 = 2) => (
    <li key={course.id}>
      <CourseCard
        course={course}
        view={view}
        headingLevel={headingLevel}
        onApprove={
          course.can.approve
            ? () =>
                write(approve, course.id, {
                  onSuccess: (approved) =>
                    showToast(t('screens.courses.approved', { name: approved.name }), 'success'),
                })
            : undefined
        }
        approving={approve.isPending && approve.variables === course.id}
      />
    </li>
  );

  return (
    <>
      <PageHeader
        title={t('screens.courses.title')}
        subtitle={t('screens.courses.subtitle')}
        actions={
          create ? (
            <Button onClick={openForm} className="px-4" data-tour="add-course">
              <Plus className="size-5" aria-hidden="true" />
              <span>{t(create === 'add' ? 'screens.courses.add' : 'screens.courses.propose')}</span>
            </Button>
          ) : null
        }
      />
      <PageBody>
        <div className="mb-5 flex items-center gap-3">
          <div className="min-w-0 flex-1" data-tour="course-search">
            <SearchField />
          </div>
          {/* Two radio buttons drawn as a segmented switch: plain HTML, so the screen shows
              without a widget library, and arrow keys move between them as in any radio group. */}
          <fieldset className="flex shrink-0 rounded-xl border border-stone-300 bg-white p-0.5">
            <legend className="sr-only">{t('screens.courses.view')}</legend>
            {(
              [
                ['grid', LayoutGrid, 'screens.courses.gridView'],
                ['list', List, 'screens.courses.listView'],
              ] as const
            ).map(([id, Icon, label]) => (
              <label
                key={id}
                className="relative grid size-11 cursor-pointer place-items-center rounded-[10px] text-stone-500 has-[:checked]:bg-accent-50 has-[:checked]:text-accent-700 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-300"
              >
                <input
                  type="radio"
                  name="course-view"
                  value={id}
                  checked={view === id}
                  onChange={() => setView(id)}
                  aria-label={t(label)}
                  className="absolute inset-0 cursor-pointer opacity-0"
                />
                <Icon className="size-5" aria-hidden="true" />
              </label>
            ))}
          </fieldset>
        </div>

        {courses.isPending ? <CourseSkeletons view={view} /> : null}
        {courses.isError ? (
          <div
            role="alert"
            className="rounded-2xl bg-white p-5 text-stone-700 shadow-[var(--shadow-card)]"
          >
            <p>{t('screens.courses.loadFailed')}</p>
            <Button variant="secondary" className="mt-3" onClick={() => courses.refetch()}>
              {t('screens.courses.retry')}
            </Button>
          </div>
        ) : null}

        {pending.length > 0 ? (
          <section aria-labelledby="pending-courses" className="mb-8">
            <h2 id="pending-courses" className="mb-3 text-lg font-semibold text-stone-900">
              {t('screens.courses.pendingTitle')}
            </h2>
            <ul className={layout}>{pending.map((course) => card(course, 3))}</ul>
          </section>
        ) : null}

        {courses.isSuccess && listed.length === 0 && pending.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-stone-300 bg-white/60 p-6 text-center">
            <p className="text-stone-600">
              {t(create ? 'screens.courses.empty' : 'screens.courses.emptyReader')}
            </p>
            {create ? (
              <Button className="mt-4" onClick={openForm}>
                <Plus className="size-5" aria-hidden="true" />
                {t(create === 'add' ? 'screens.courses.add' : 'screens.courses.propose')}
              </Button>
            ) : null}
          </div>
        ) : (
          <ul
            className={`${layout} pb-8`}
            aria-label={t('screens.courses.title')}
            data-tour="course-list"
          >
            {listed.map((course) => card(course))}
          </ul>
        )}
      </PageBody>
      {formOpen ? (
        <CourseFormDialog
          mode={create === 'add' ? 'create' : 'propose'}
          isOpen
          onOpenChange={setFormOpen}
        />
      ) : null}
    </>
  );
}
