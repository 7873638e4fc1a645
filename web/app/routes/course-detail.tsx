import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, Pencil, SearchX, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useToast } from '../../components/overlays/toast.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { Button } from '../../components/ui/form.tsx';
import { MessageScreen } from '../../components/ui/message-screen.tsx';
import { PageBody } from '../../components/ui/page.tsx';
import { useMember } from '../../features/accounts/api/session.ts';
import {
  courseQueryKey,
  coursesQueryKey,
  deleteCourse,
  useCourse,
} from '../../features/courses/api/courses.ts';
import { CourseFormDialog } from '../../features/courses/components/course-form-dialog.tsx';
import { ApiError, failureMessage } from '../../lib/api-client.ts';

/**
 * A course: cover, details, instructors and lessons in order; admins and its instructors edit
 * and delete it. (The Activity, Students and Statistics tabs land with issue #5's next part.)
 */
export default function CourseDetailScreen() {
  const { t } = useTranslation();
  const { courseId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const member = useMember();
  const course = useCourse(courseId);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

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
        <div aria-hidden="true" className="mt-6 h-56 animate-pulse rounded-3xl bg-stone-200/70" />
      </PageBody>
    );
  }
  const data = course.data;
  const canEdit =
    member?.role === 'admin' ||
    (member !== null && data.instructors.some((person) => person.id === member.id));

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteCourse(data.id);
      queryClient.removeQueries({ queryKey: courseQueryKey(data.id) });
      await queryClient.invalidateQueries({ queryKey: coursesQueryKey });
      showToast(t('screens.courses.deleted'), 'success');
      navigate('/courses');
    } catch (failure) {
      showToast(failureMessage(t('toasts.deleteFailed'), failure), 'error');
      setDeleting(false);
      setConfirmingDelete(false);
    }
  };

  return (
    <>
      <div className="mx-auto w-full max-w-5xl md:px-8 md:pt-8">
        {data.imageUrl ? (
          <img
            src={data.imageUrl}
            alt=""
            width={1280}
            height={540}
            className="aspect-[21/9] w-full bg-stone-100 object-cover md:rounded-3xl"
          />
        ) : null}
      </div>
      <header className="mx-auto flex w-full max-w-5xl flex-col gap-3 px-4 pt-5 pb-4 md:px-8">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">
              {data.name}
            </h1>
            {data.status === 'pending' ? (
              <span className="mt-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                {t('screens.courses.pending')}
              </span>
            ) : null}
          </div>
          {canEdit ? (
            <div className="flex shrink-0 gap-2">
              <Button variant="secondary" onClick={() => setEditing(true)} className="px-3">
                <Pencil className="size-5" aria-hidden="true" />
                <span className="hidden sm:inline">{t('screens.courses.edit')}</span>
                <span className="sr-only sm:hidden">{t('screens.courses.edit')}</span>
              </Button>
              <Button
                variant="secondary"
                onClick={() => setConfirmingDelete(true)}
                className="px-3 text-red-700"
                aria-label={t('screens.courses.delete')}
              >
                <Trash2 className="size-5" aria-hidden="true" />
              </Button>
            </div>
          ) : null}
        </div>
        {data.description ? (
          <p className="text-[15px] leading-6 whitespace-pre-line text-stone-600">
            {data.description}
          </p>
        ) : null}
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
        <section aria-labelledby="course-lessons" className="pb-10">
          <h2 id="course-lessons" className="mb-3 text-lg font-semibold text-stone-900">
            {t('screens.courses.form.lessons')}
          </h2>
          {data.lessons.length === 0 ? (
            <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">
              {t('screens.courses.form.noLessons')}
            </p>
          ) : (
            <ol className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]">
              {data.lessons.map((lesson, index) => (
                <li key={lesson.id} className="flex min-h-14 items-center gap-3 px-4 py-3">
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-50 text-sm font-semibold text-accent-700">
                    {index + 1}
                  </span>
                  <span className="text-[15px] text-stone-800">{lesson.title}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
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
        busy={deleting}
        onConfirm={remove}
      />
    </>
  );
}
