import { BookOpen, Pencil, SearchX, Trash2, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Course } from '#shared/schemas/courses';
import { useToast } from '../../components/overlays/toast.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { BackLink } from '../../components/ui/back-link.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Button } from '../../components/ui/form.tsx';
import { MessageScreen } from '../../components/ui/message-screen.tsx';
import { PageBody } from '../../components/ui/page.tsx';
import { Placeholder } from '../../components/ui/placeholder.tsx';
import { TabPanel, TabStrip, useTabIds } from '../../components/ui/tabs.tsx';
import { useMember } from '../../features/accounts/api/me.ts';
import { useCourse, useDeleteCourse } from '../../features/courses/api/courses.ts';
import { CourseContentTab } from '../../features/courses/components/course-content-tab.tsx';
import { LazyCourseFormDialog as CourseFormDialog } from '../../features/courses/components/lazy-course-form-dialog.tsx';
import { useSeenActivity } from '../../features/courses/seen-activity.ts';
import { CourseActivityTab } from '../../features/posts/components/course-activity-tab.tsx';
import { CourseStudentsTab } from '../../features/students/components/course-students-tab.tsx';
import { useScreenTour } from '../../features/tutorial/tutorial.tsx';
import { IN_PLACE } from '../../hooks/use-screen-params.ts';
import { ApiError } from '../../lib/api-client.ts';
import { t } from '../../lib/text.ts';
import { write } from '../../lib/write.ts';

const TABS = ['activity', 'content', 'students', 'statistics'] as const;
type CourseTab = (typeof TABS)[number];
/** Other students' progress is personal data: these tabs are for staff. */
const STAFF_TABS: ReadonlySet<CourseTab> = new Set(['students', 'statistics']);

const CourseStatisticsTab = lazy(
  () => import('../../features/courses/components/course-statistics-tab.tsx'),
);

/** The four tabs, the chosen one (and a lesson, for activity and content) kept in the URL. */
function CourseTabs({ course, personId }: { course: Course; personId: string }) {
  const [params, setParams] = useSearchParams();
  const staff = course.can.seeProgress;
  const tabs = TABS.filter((tab) => staff || !STAFF_TABS.has(tab));
  const requested = params.get('tab') as CourseTab | null;
  const tab = requested && tabs.includes(requested) ? requested : 'activity';
  const lessonId = params.get('lesson');
  const seen = useSeenActivity(personId, course.id);
  useScreenTour('courseDetail');
  const ids = useTabIds();

  return (
    <div className="pb-10">
      <TabStrip
        ids={ids}
        tabs={tabs}
        selected={tab}
        onSelect={(id) => setParams({ tab: id }, IN_PLACE)}
        label={t('screens.courseDetail.tabs.label')}
        labelOf={(id) => t(`screens.courseDetail.tabs.${id}`)}
        data-tour="course-tabs"
        className="sticky top-0 z-10 -mx-4 mb-4 flex border-b border-stone-200 bg-stone-50 px-4 md:mx-0 md:px-0"
      />
      <TabPanel ids={ids} id="activity" selected={tab}>
        <CourseActivityTab course={course} lessonId={lessonId} seen={seen} />
      </TabPanel>
      <TabPanel ids={ids} id="content" selected={tab}>
        <CourseContentTab course={course} highlightedLessonId={lessonId} seen={seen} />
      </TabPanel>
      {staff ? (
        <>
          <TabPanel ids={ids} id="students" selected={tab}>
            <CourseStudentsTab courseId={course.id} />
          </TabPanel>
          <TabPanel ids={ids} id="statistics" selected={tab}>
            <Suspense fallback={<Placeholder className="h-72 rounded-2xl" />}>
              <CourseStatisticsTab courseId={course.id} />
            </Suspense>
          </TabPanel>
        </>
      ) : null}
    </div>
  );
}

/**
 * A course's description: on a phone, two lines and "Xem thêm", so the tabs and what the person
 * came for stay on the first screen; from 768 px, whole.
 */
function CourseDescription({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <p
        className={`text-[15px] leading-6 whitespace-pre-line text-stone-600 ${open ? '' : 'max-md:line-clamp-2'}`}
      >
        {text}
      </p>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="min-h-11 text-sm font-semibold text-accent-700 md:hidden"
      >
        {t(open ? 'screens.courses.showLess' : 'screens.courses.showMore')}
      </button>
    </div>
  );
}

/**
 * A course: cover, details and instructors over the tabs Hoạt động, Nội dung, Học viên and
 * Thống kê; admins and its instructors edit and delete it.
 */
export default function CourseDetailScreen() {
  const { courseId = '' } = useParams();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const member = useMember();
  const course = useCourse(courseId);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const removal = useDeleteCourse();

  // A malformed id (400) is as absent as an unknown one (404).
  if (course.error instanceof ApiError && [400, 404].includes(course.error.status)) {
    return (
      <MessageScreen
        testId="course-not-found"
        icon={SearchX}
        title={t('screens.courseDetail.notFound')}
        body={t('screens.courseDetail.notFoundBody')}
        action={{ to: '/courses', label: t('screens.courseDetail.backToCourses') }}
      />
    );
  }
  if (!course.data) {
    return (
      <PageBody>
        <Placeholder className="mt-6 h-56 rounded-3xl" />
      </PageBody>
    );
  }
  const data = course.data;
  const { can } = data;

  const remove = () => {
    if (!removal.isPending) {
      write(removal, data.id, {
        onSuccess: () => {
          showToast(t('screens.courses.deleted'), 'success');
          // Only from the deleted course's page: a person who went on elsewhere stays there.
          if (location.hash.startsWith(`#/courses/${data.id}`)) navigate('/courses');
        },
        onError: () => setConfirmingDelete(false),
      });
    }
  };

  return (
    <>
      <div className="mx-auto w-full max-w-5xl md:px-8 md:pt-6">
        {/* Back and the staff's actions share one row, so the name below has the full width. */}
        <div className="flex items-center justify-between gap-3 px-4 pt-2 md:px-0 md:pt-0">
          <BackLink fallback="/courses" />
          {can.edit || can.delete ? (
            <div className="flex shrink-0 gap-2">
              {can.edit ? (
                <Button variant="secondary" onClick={() => setEditing(true)} className="h-11 px-3">
                  <Pencil className="size-5" aria-hidden="true" />
                  <span className="hidden sm:inline">{t('screens.courses.edit')}</span>
                  <span className="sr-only sm:hidden">{t('screens.courses.edit')}</span>
                </Button>
              ) : null}
              {can.delete ? (
                <Button
                  variant="secondary"
                  onClick={() => setConfirmingDelete(true)}
                  className="h-11 px-3 text-red-700"
                  aria-label={t('screens.courses.delete')}
                >
                  <Trash2 className="size-5" aria-hidden="true" />
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
        {data.imageUrl ? (
          <img
            src={data.imageUrl}
            alt=""
            width={1280}
            height={540}
            className="mt-2 aspect-[21/9] w-full bg-stone-100 object-cover md:rounded-3xl"
          />
        ) : null}
      </div>
      <header className="mx-auto flex w-full max-w-5xl flex-col gap-2 px-4 pt-3 pb-3 md:gap-3 md:px-8 md:pt-5 md:pb-4">
        <div className="min-w-0">
          <h1 className="text-xl leading-7 font-bold tracking-tight [overflow-wrap:anywhere] text-stone-900 md:text-3xl">
            {data.name}
          </h1>
          {data.status === 'pending' ? (
            <span className="mt-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
              {t('screens.courses.pending')}
            </span>
          ) : null}
        </div>
        {data.description ? <CourseDescription text={data.description} /> : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-stone-500">
          <span className="inline-flex items-center gap-1">
            <BookOpen className="size-4" aria-hidden="true" />
            {t('screens.courses.lessonCount', { count: data.lessons.length })}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users className="size-4" aria-hidden="true" />
            {t('screens.courses.studentCount', { count: data.studentCount })}
          </span>
          {data.instructors.map((person) => (
            <span key={person.id} className="inline-flex items-center gap-1.5">
              <Avatar url={person.avatarUrl} size={24} />
              {person.name}
            </span>
          ))}
        </div>
      </header>
      <PageBody>
        <CourseTabs course={data} personId={member?.id ?? 'guest'} />
      </PageBody>
      {editing ? (
        <CourseFormDialog mode="edit" course={data} isOpen onOpenChange={setEditing} />
      ) : null}
      <ConfirmDialog
        isOpen={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={t('screens.courses.confirmDelete', { name: data.name })}
        body={
          data.studentCount > 0
            ? t('screens.courses.confirmDeleteEnrolled', { count: data.studentCount })
            : t('screens.courses.confirmDeleteEmpty')
        }
        confirmLabel={t('screens.courses.delete')}
        cancelLabel={t('screens.courses.form.cancel')}
        busy={removal.isPending}
        onConfirm={remove}
      />
    </>
  );
}
