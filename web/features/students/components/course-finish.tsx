import { Award } from 'lucide-react';
import { formatDate } from '#shared/format';
import { useToast } from '../../../components/overlays/toast.tsx';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { useCourseFinished } from '../api/students.ts';

/**
 * A course's end on a student's page: once every lesson is ticked, staff mark the course
 * finished (she is told, and with every course finished she is "Đã hoàn thành"); a course
 * marked by mistake is opened again.
 */
export function CourseFinish({
  studentId,
  courseId,
  allDone,
  finishedAt,
  canEdit,
}: {
  studentId: string;
  courseId: string;
  allDone: boolean;
  finishedAt: number | null;
  canEdit: boolean;
}) {
  const { showToast } = useToast();
  const change = useCourseFinished(studentId);
  if (finishedAt !== null) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 bg-emerald-50 px-4 py-2.5">
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-800">
          <Award className="size-4 shrink-0" aria-hidden="true" />
          {t('screens.studentDetail.courseFinished', { date: formatDate(finishedAt) })}
        </p>
        {canEdit ? (
          <button
            type="button"
            disabled={change.isPending}
            onClick={() => change.mutate({ courseId, finished: false })}
            className="min-h-11 rounded-lg px-2 text-sm font-medium text-stone-600 underline-offset-2 hover:underline disabled:opacity-60"
          >
            {t('screens.studentDetail.reopenCourse')}
          </button>
        ) : null}
      </div>
    );
  }
  if (!canEdit || !allDone) return null;
  return (
    <div className="px-4 py-3">
      <button
        type="button"
        disabled={change.isPending}
        onClick={() =>
          write(
            change,
            { courseId, finished: true },
            { onSuccess: () => showToast(t('screens.studentDetail.finishedToast'), 'success') },
          )
        }
        className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-xl bg-accent-600 px-4 text-[15px] font-semibold text-white hover:bg-accent-700 disabled:opacity-60"
      >
        <Award className="size-5" aria-hidden="true" />
        {t('screens.studentDetail.finishCourse')}
      </button>
    </div>
  );
}
