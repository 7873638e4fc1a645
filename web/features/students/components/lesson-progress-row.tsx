import { useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { LessonProgress, StudentDetail } from '#shared/schemas/students';
import { useToast } from '../../../components/overlays/toast.tsx';
import { Button } from '../../../components/ui/form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { readLocal, removeLocal, writeLocal } from '../../../lib/local-store.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { studentQueryKey, useSaveLessonSummary, useTickLesson } from '../api/students.ts';

/** A summary being written, kept on this device until it is saved (a dropped page, no signal). */
interface SummaryDraft {
  text: string;
  /** The saved text the draft was started from, so saving it can tell a newer one apart. */
  startedFrom: string | null;
}

const draftKey = (studentId: string, lessonId: string) =>
  `hv.summaryDraft.${studentId}.${lessonId}`;

function readDraft(key: string): SummaryDraft | null {
  try {
    const draft = JSON.parse(readLocal(key) ?? 'null') as SummaryDraft | null;
    return draft && typeof draft.text === 'string' ? draft : null;
  } catch {
    return null;
  }
}

/**
 * One lesson of a student's course: the completed tick and the instructors' summary, with who
 * last changed it and when. Staff edit both; a summary saved over someone's newer text is
 * refused, and the newer text is loaded for the editor to read first.
 */
export function LessonProgressRow({
  studentId,
  lesson,
  index,
  canEdit,
}: {
  studentId: string;
  lesson: LessonProgress;
  index: number;
  canEdit: boolean;
}) {
  const id = useId();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const storedKey = draftKey(studentId, lesson.lessonId);
  // A draft left on this device (the page was left, the phone lost its signal) comes back.
  const [stored] = useState(() => (canEdit ? readDraft(storedKey) : null));
  const [draft, setDraft] = useState(stored?.text ?? lesson.summary ?? '');
  const [startedFrom, setStartedFrom] = useState(stored ? stored.startedFrom : lesson.summary);
  const saveButton = useRef<HTMLButtonElement>(null);

  // When the saved text changes under the editor (another instructor, a reload), start again
  // from it unless the editor has typed something of their own.
  if (lesson.summary !== startedFrom && draft === (startedFrom ?? '')) {
    setStartedFrom(lesson.summary);
    setDraft(lesson.summary ?? '');
  }

  const detailKey = studentQueryKey(studentId);
  const savedSummary = (detail: StudentDetail) =>
    detail.courses
      .flatMap((course) => course.lessons)
      .find((item) => item.lessonId === lesson.lessonId)?.summary ?? null;
  const tick = useTickLesson(studentId, lesson.lessonId);
  const summary = useSaveLessonSummary(studentId, lesson.lessonId);

  const changed = draft.trim() !== (startedFrom ?? '');
  // Every keystroke of an unsaved summary is kept on the device; a saved one needs no draft.
  useEffect(() => {
    if (!canEdit) return;
    if (changed) writeLocal(storedKey, JSON.stringify({ text: draft, startedFrom }));
    else removeLocal(storedKey);
  }, [canEdit, changed, draft, startedFrom, storedKey]);
  // Closing or reloading the page with an unsaved summary asks first (the draft stays anyway).
  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [changed]);
  const saveSummary = () => {
    if (summary.isPending) return;
    write(
      summary,
      { summary: draft, previousSummary: startedFrom },
      {
        onSuccess: (detail) => {
          const saved = savedSummary(detail);
          setStartedFrom(saved);
          setDraft(saved ?? '');
          removeLocal(storedKey);
          showToast(t('screens.studentDetail.summarySaved'), 'success');
        },
        onError: (failure) => {
          // The newer text, read again by the hook, shows; the editor's own stays in the box
          // to merge by hand.
          const fresh = queryClient.getQueryData<StudentDetail>(detailKey);
          if (fresh && failure instanceof ApiError && failure.code === 'progress_conflict') {
            setStartedFrom(savedSummary(fresh));
          }
        },
      },
    );
  };
  return (
    <li className="flex flex-col gap-2 px-4 py-3" data-testid="lesson-progress">
      <div className="flex items-center gap-3">
        {canEdit ? (
          // A native checkbox under the drawn circle: the list shows one per lesson at once.
          <label className="relative grid size-11 shrink-0 cursor-pointer place-items-center rounded-full border-2 border-stone-300 text-transparent transition-colors hover:border-emerald-500 has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-600 has-[:checked]:text-white has-[:disabled]:cursor-default has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-300">
            <input
              type="checkbox"
              checked={lesson.completed}
              disabled={tick.isPending || summary.isPending}
              onChange={(event) => tick.mutate(event.target.checked)}
              aria-label={t('screens.studentDetail.markDone', { title: lesson.title })}
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            <Check className="size-5" strokeWidth={3} aria-hidden="true" />
          </label>
        ) : (
          <span
            aria-hidden="true"
            className={`grid size-8 shrink-0 place-items-center rounded-full ${lesson.completed ? 'bg-emerald-600 text-white' : 'bg-stone-100 text-stone-500'}`}
          >
            {lesson.completed ? <Check className="size-4" strokeWidth={3} /> : index + 1}
          </span>
        )}
        <span className="min-w-0 flex-1 text-[15px] font-medium text-stone-800">
          {lesson.title}
          {!canEdit && lesson.completed ? <span className="sr-only"> ✓</span> : null}
        </span>
      </div>
      {canEdit ? (
        <div className="flex flex-col gap-2 pl-14">
          <label htmlFor={`${id}-summary`} className="sr-only">
            {t('screens.studentDetail.summary')} — {lesson.title}
          </label>
          <textarea
            id={`${id}-summary`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            // Leaving the box saves, as a note on paper is kept when the pen is put down; a tap
            // on "Lưu tóm tắt" saves through the button instead of twice.
            onBlur={(event) => {
              if (changed && event.relatedTarget !== saveButton.current) saveSummary();
            }}
            aria-describedby={changed ? `${id}-unsaved` : undefined}
            rows={2}
            maxLength={2000}
            placeholder={t('screens.studentDetail.summaryPlaceholder')}
            // The box grows with the text (up to about ten lines), so the whole summary reads at
            // once; a browser without field-sizing keeps two lines and scrolls.
            className="max-h-72 min-h-[4.5rem] w-full rounded-xl border border-stone-300 bg-white px-3 py-2 text-[15px] [field-sizing:content] focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100"
          />
          {changed ? (
            <>
              <p id={`${id}-unsaved`} className="text-xs text-amber-800">
                {t(
                  stored && draft === stored.text
                    ? 'screens.studentDetail.summaryDraft'
                    : 'screens.studentDetail.summaryUnsaved',
                )}
              </p>
              <Button
                ref={saveButton}
                variant="secondary"
                className="h-11 self-start"
                busy={summary.isPending}
                onClick={saveSummary}
              >
                {t('screens.studentDetail.saveSummary')}
              </Button>
            </>
          ) : null}
        </div>
      ) : lesson.summary ? (
        <p className="pl-11 text-[15px] whitespace-pre-line text-stone-700">{lesson.summary}</p>
      ) : null}
      {lesson.lastUpdatedBy && lesson.lastUpdatedAt ? (
        <p className={`text-xs text-stone-500 ${canEdit ? 'pl-14' : 'pl-11'}`}>
          {t('screens.studentDetail.lastUpdated', {
            name: lesson.lastUpdatedBy.name,
            when: formatRelativeTime(lesson.lastUpdatedAt),
          })}
        </p>
      ) : null}
    </li>
  );
}
