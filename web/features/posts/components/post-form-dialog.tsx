import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { Course } from '#shared/schemas/courses';
import { type Post, PostInput } from '#shared/schemas/posts';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ConfirmDialog, FormDialogActions, SheetDialog } from '../../../components/ui/dialog.tsx';
import { apiRequest, failureMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { useCourses, useInstructorChoices } from '../../courses/api/courses.ts';
import { MultiImagePicker } from '../../media/components/multi-image-picker.tsx';
import { useStudent } from '../../students/api/students.ts';
import { createPost, postQueryKey, postsQueryKey, updatePost } from '../api/posts.ts';
import { ChipChoice } from './chip-choice.tsx';
import { labelClass, selectClass } from './form-classes.ts';
import { MentionTextarea } from './mention-textarea.tsx';
import { StudentPicker } from './student-picker.tsx';

type Kind = 'evaluation' | 'general';
const RATINGS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/**
 * Writes or edits a post: an evaluation of one student (with an optional rating 0–10) or a
 * general post that may tag an instructor; course and lesson; text with @mentions; photos.
 */
export function PostFormDialog({
  post,
  student: presetStudent,
  isOpen,
  onOpenChange,
}: {
  post?: Post;
  /** The review action on a student opens the form with that student chosen. */
  student?: { id: string; name: string };
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const courses = useCourses();
  const instructors = useInstructorChoices(isOpen);
  const [kind, setKind] = useState<Kind>(post?.kind ?? 'evaluation');
  const [student, setStudent] = useState<{ id: string; name: string } | null>(
    post?.student ?? presetStudent ?? null,
  );
  const [taggedId, setTaggedId] = useState(post?.taggedInstructor?.id ?? '');
  const initialCourseId = post?.course?.id ?? '';
  const initialLessonId = post?.lesson?.id ?? '';
  const [courseId, setCourseId] = useState(initialCourseId);
  const [lessonId, setLessonId] = useState(initialLessonId);
  // An evaluation of a student in one course starts on that course and the first lesson the
  // student has not finished; the instructor changes either with a tap. Nothing the person chose
  // is replaced, and what was chosen for them does not count as something to discard.
  const [courseChosen, setCourseChosen] = useState(Boolean(post));
  const [defaults, setDefaults] = useState({
    courseId: initialCourseId,
    lessonId: initialLessonId,
  });
  const studentDetail = useStudent(
    student?.id ?? '',
    isOpen && kind === 'evaluation' && student !== null,
  );
  useEffect(() => {
    const detail = studentDetail.data;
    if (courseChosen || !detail || detail.id !== student?.id) return;
    const only = detail.courses.length === 1 ? detail.courses[0]! : null;
    const next = only?.lessons.find((lesson) => !lesson.completed) ?? only?.lessons.at(-1);
    const chosen = { courseId: only?.id ?? '', lessonId: next?.lessonId ?? '' };
    setCourseId(chosen.courseId);
    setLessonId(chosen.lessonId);
    setDefaults(chosen);
  }, [studentDetail.data, student?.id, courseChosen]);
  const [rating, setRating] = useState(post?.rating === null || !post ? '' : String(post.rating));
  const [text, setText] = useState(post?.text ?? '');
  // Photos already on the post stay; new uploads are added after them.
  const existingPhotos =
    post?.media.map(({ url, width, height }) => ({ url, width, height })) ?? [];
  const [uploaded, setUploaded] = useState<typeof existingPhotos>([]);
  const photos = [...existingPhotos, ...uploaded];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [photosFailed, setPhotosFailed] = useState(false);
  const [photosChosen, setPhotosChosen] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // What the person has put in since the form opened: closing it then asks first.
  const initial = {
    kind: post?.kind ?? 'evaluation',
    student: post?.student?.id ?? presetStudent?.id ?? null,
    taggedId: post?.taggedInstructor?.id ?? '',
    rating: post?.rating === null || !post ? '' : String(post.rating),
    text: post?.text ?? '',
  };
  const dirty =
    photosChosen ||
    kind !== initial.kind ||
    (student?.id ?? null) !== initial.student ||
    taggedId !== initial.taggedId ||
    courseId !== defaults.courseId ||
    lessonId !== defaults.lessonId ||
    rating !== initial.rating ||
    text !== initial.text;
  // A field's error goes as soon as the field is changed, not at the next submit.
  const clearError = (field: string) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });
  const requestClose = () => {
    if (saving) return;
    if (dirty) setConfirmingDiscard(true);
    else onOpenChange(false);
  };
  // An evaluation offers the student's own courses first; every course is one tap further.
  const [allCourses, setAllCourses] = useState(false);
  const enrolled =
    kind === 'evaluation' && studentDetail.data?.id === student?.id
      ? studentDetail.data?.courses
      : undefined;
  const studentCourses =
    enrolled && enrolled.length > 0 && (courseId === '' || enrolled.some((c) => c.id === courseId))
      ? enrolled
      : undefined;
  const courseOptions =
    studentCourses && !allCourses ? studentCourses : (courses.data?.courses ?? []);
  const course = useQuery({
    queryKey: ['courses', courseId],
    queryFn: ({ signal }) => apiRequest<Course>(`/courses/${courseId}`, { signal }),
    enabled: courseId !== '',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      kind,
      studentId: kind === 'evaluation' ? (student?.id ?? null) : null,
      taggedInstructorId: kind === 'general' && taggedId ? taggedId : null,
      courseId: courseId || null,
      lessonId: lessonId || null,
      text,
      rating: kind === 'evaluation' && rating !== '' ? Number(rating) : null,
      photos,
    };
    const parsed = PostInput.safeParse(input);
    // A photo that failed is never left out of the post silently: it is sent again or removed.
    if (!parsed.success || photosFailed) {
      const next: Record<string, string> = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        next[String(issue.path[0])] ??= issue.message;
      }
      if (photosFailed) next.photos = t('upload.failedBeforePost');
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = post ? await updatePost(post.id, input) : await createPost(input);
      queryClient.setQueryData(postQueryKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: postsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['courses'] });
      void queryClient.invalidateQueries({ queryKey: ['students'] });
      showToast(t(post ? 'posts.updated' : 'posts.published'), 'success');
      onOpenChange(false);
    } catch (failure) {
      showToast(
        failureMessage(t(post ? 'toasts.updateFailed' : 'toasts.postFailed'), failure),
        'error',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <SheetDialog
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : requestClose())}
      title={t(post ? 'posts.form.editTitle' : 'posts.form.newTitle')}
      isDismissable={!saving}
      footer={
        <FormDialogActions
          formId={formId}
          submitLabel={t(post ? 'posts.form.save' : 'posts.form.submit')}
          cancelLabel={t('posts.cancel')}
          onCancel={requestClose}
          busy={saving}
          submitBusy={saving || uploading}
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-5">
        <RadioGroup
          value={kind}
          onChange={(value) => setKind(value as Kind)}
          orientation="horizontal"
          className="flex flex-col gap-1.5"
        >
          <Label className="text-sm font-medium text-stone-700">{t('posts.form.kind')}</Label>
          <div className="grid grid-cols-2 gap-2">
            {(['evaluation', 'general'] as const).map((value) => (
              <Radio
                key={value}
                value={value}
                className="flex min-h-12 cursor-pointer items-center justify-center rounded-xl border border-stone-300 px-3 text-[15px] font-medium text-stone-700 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300 data-[selected]:border-accent-600 data-[selected]:bg-accent-50 data-[selected]:text-accent-800"
              >
                {t(`posts.form.${value}`)}
              </Radio>
            ))}
          </div>
        </RadioGroup>

        {kind === 'evaluation' ? (
          <StudentPicker
            value={student}
            onChange={(next) => {
              clearError('studentId');
              setStudent(next);
            }}
            error={errors.studentId}
          />
        ) : (
          <div>
            <label htmlFor={`${formId}-tagged`} className={labelClass}>
              {t('posts.form.taggedInstructor')}
            </label>
            <select
              id={`${formId}-tagged`}
              value={taggedId}
              onChange={(event) => setTaggedId(event.target.value)}
              className={selectClass}
            >
              <option value="">{t('posts.form.nobody')}</option>
              {instructors.data?.instructors.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </select>
            {errors.kind ? (
              <p role="alert" className="mt-1.5 text-sm text-red-700">
                {errors.kind}
              </p>
            ) : null}
          </div>
        )}

        {/* Photos lead: they are what an evaluation is about, taken at the table. */}
        <div>
          <p className={labelClass}>{t('posts.form.photos')}</p>
          {existingPhotos.length > 0 ? (
            <div className="mb-2 flex gap-2">
              {existingPhotos.map((photo, index) => (
                <img
                  // biome-ignore lint/suspicious/noArrayIndexKey: the same photo may appear twice
                  key={index}
                  src={photo.url}
                  alt={t('posts.photo', { number: index + 1 })}
                  width={64}
                  height={64}
                  className="size-16 rounded-lg object-cover"
                />
              ))}
            </div>
          ) : null}
          <MultiImagePicker
            use="post"
            capture="environment"
            onBusyChange={(busy) => {
              setUploading(busy);
              if (busy) setPhotosChosen(true);
            }}
            onFailedChange={(failed) => {
              setPhotosFailed(failed);
              if (failed) setPhotosChosen(true);
              else setErrors(({ photos: _, ...rest }) => rest);
            }}
            onChange={(results) =>
              setUploaded(
                results.map((result) => ({
                  url: result.secure_url,
                  width: result.width,
                  height: result.height,
                })),
              )
            }
          />
          {errors.photos ? (
            <p role="alert" className="mt-1.5 text-sm text-red-700">
              {errors.photos}
            </p>
          ) : null}
        </div>
        <ChipChoice
          label={t('posts.form.course')}
          noneLabel={t('posts.form.noCourse')}
          options={courseOptions.map((item) => ({ id: item.id, label: item.name }))}
          value={courseId}
          onChange={(next) => {
            setCourseChosen(true);
            setCourseId(next);
            setLessonId('');
          }}
          extra={
            studentCourses && !allCourses ? (
              <button
                type="button"
                onClick={() => setAllCourses(true)}
                className="min-h-11 rounded-xl px-3 text-sm font-medium text-accent-700 underline-offset-2 hover:underline"
              >
                {t('posts.form.otherCourses')}
              </button>
            ) : null
          }
        />
        {courseId ? (
          <ChipChoice
            label={t('posts.form.lesson')}
            noneLabel={t('posts.form.noLesson')}
            options={(course.data?.lessons ?? []).map((lesson) => ({
              id: lesson.id,
              label: lesson.title,
            }))}
            value={lessonId}
            onChange={(next) => {
              setCourseChosen(true);
              setLessonId(next);
            }}
          />
        ) : null}

        {kind === 'evaluation' ? (
          <div>
            {/* One tap: a row of 0–10 (and no rating), not a list to scroll. */}
            <RadioGroup
              value={rating === '' ? 'none' : rating}
              onChange={(value) => {
                clearError('rating');
                setRating(value === 'none' ? '' : value);
              }}
              orientation="horizontal"
              className="flex flex-col gap-1.5"
            >
              <Label className={labelClass}>{t('posts.form.rating')}</Label>
              <div className="grid grid-cols-6 gap-1.5">
                {['none', ...RATINGS.map(String)].map((value) => (
                  <Radio
                    key={value}
                    value={value}
                    className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-stone-300 text-[15px] font-semibold text-stone-700 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300 data-[selected]:border-accent-600 data-[selected]:bg-accent-600 data-[selected]:text-white ${value === 'none' ? 'text-xs font-medium' : ''}`}
                  >
                    {value === 'none' ? t('posts.form.noRating') : value}
                  </Radio>
                ))}
              </div>
            </RadioGroup>
            {errors.rating ? (
              <p role="alert" className="mt-1.5 text-sm text-red-700">
                {errors.rating}
              </p>
            ) : null}
          </div>
        ) : null}

        <MentionTextarea
          label={t('posts.form.text')}
          hint={t('posts.form.textHint')}
          value={text}
          onChange={(next) => {
            clearError('text');
            setText(next);
          }}
          error={errors.text}
          maxLength={5000}
        />
      </form>
      <ConfirmDialog
        isOpen={confirmingDiscard}
        onOpenChange={setConfirmingDiscard}
        title={t('posts.discard.title')}
        body={t('posts.discard.body')}
        confirmLabel={t('posts.discard.confirm')}
        cancelLabel={t('posts.discard.keep')}
        onConfirm={() => {
          setConfirmingDiscard(false);
          onOpenChange(false);
        }}
      />
    </SheetDialog>
  );
}
