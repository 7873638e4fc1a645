import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { type Course, CourseInput } from '#shared/schemas/courses';
import { useToast } from '../../../components/overlays/toast.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ChoiceCheckbox } from '../../../components/ui/choice-checkbox.tsx';
import { FormDialogActions, SheetDialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/form.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { ImagePicker } from '../../media/components/image-picker.tsx';
import { useTutorialReport } from '../../tutorial/tutorial.tsx';
import {
  courseQueryKey,
  coursesQueryKey,
  createCourse,
  updateCourse,
  useInstructorChoices,
} from '../api/courses.ts';
import { type DraftLesson, LessonsEditor } from './lessons-editor.tsx';

export type CourseFormMode = 'create' | 'propose' | 'edit';

type FieldErrors = { name?: string; description?: string; lessons: Record<number, string> };

/**
 * Adds (admins), proposes (instructors) or edits a course: cover photo, name, description,
 * lessons in order and default instructors. Saved in one request; nothing is half-saved.
 */
export function CourseFormDialog({
  mode,
  course,
  isOpen,
  onOpenChange,
  onSaved,
}: {
  mode: CourseFormMode;
  course?: Course;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (course: Course) => void;
}) {
  const formId = useId();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const reportToTutorial = useTutorialReport();
  const choices = useInstructorChoices(isOpen);
  const [name, setName] = useState(course?.name ?? '');
  const [description, setDescription] = useState(course?.description ?? '');
  const [imageUrl, setImageUrl] = useState<string | null>(course?.imageUrl ?? null);
  const [lessons, setLessons] = useState<DraftLesson[]>(
    course?.lessons.map((lesson) => ({ key: lesson.id, id: lesson.id, title: lesson.title })) ?? [],
  );
  const [instructorIds, setInstructorIds] = useState<string[]>(
    course?.instructors.map((person) => person.id) ?? [],
  );
  const [errors, setErrors] = useState<FieldErrors>({ lessons: {} });
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name,
      description,
      imageUrl,
      lessons: lessons.map((lesson) => ({
        ...(lesson.id ? { id: lesson.id } : {}),
        title: lesson.title,
      })),
      instructorIds,
    };
    const parsed = CourseInput.safeParse(input);
    if (!parsed.success) {
      const next: FieldErrors = { lessons: {} };
      for (const issue of parsed.error.issues) {
        const [field, index] = issue.path;
        if (field === 'name') next.name ??= issue.message;
        if (field === 'description') next.description ??= issue.message;
        if (field === 'lessons' && typeof index === 'number') next.lessons[index] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({ lessons: {} });
    setSaving(true);
    try {
      const saved = course ? await updateCourse(course.id, input) : await createCourse(input);
      if (!course) reportToTutorial('course-created');
      queryClient.setQueryData(courseQueryKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: coursesQueryKey });
      showToast(
        t(
          mode === 'edit'
            ? 'screens.courses.updated'
            : saved.status === 'pending'
              ? 'screens.courses.proposed'
              : // Say what happened: no instructor was assigned unless someone was ticked.
                saved.instructors.length > 0
                ? 'screens.courses.created'
                : 'screens.courses.createdWithoutInstructors',
        ),
        'success',
      );
      onSaved?.(saved);
      onOpenChange(false);
    } catch (failure) {
      const removedLessons =
        course?.lessons.some((lesson) => !lessons.some((draft) => draft.id === lesson.id)) ?? false;
      const fallback =
        mode !== 'edit'
          ? t('toasts.addCourseFailed')
          : removedLessons
            ? t('toasts.deleteLessonFailed')
            : t('toasts.updateFailed');
      showToast(failureMessage(fallback, failure), 'error');
    } finally {
      setSaving(false);
    }
  };

  const title = t(
    mode === 'edit'
      ? 'screens.courses.form.editTitle'
      : mode === 'propose'
        ? 'screens.courses.form.proposeTitle'
        : 'screens.courses.form.newTitle',
  );
  const submitLabel = t(
    mode === 'edit'
      ? 'screens.courses.form.save'
      : mode === 'propose'
        ? 'screens.courses.form.sendProposal'
        : 'screens.courses.form.create',
  );
  return (
    <SheetDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      isDismissable={!saving}
      footer={
        <FormDialogActions
          formId={formId}
          submitLabel={submitLabel}
          cancelLabel={t('screens.courses.form.cancel')}
          onCancel={() => onOpenChange(false)}
          busy={saving}
        />
      }
    >
      <form
        id={formId}
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-6"
        data-tour="course-form"
      >
        <section aria-labelledby={`${formId}-cover`}>
          <h3 id={`${formId}-cover`} className="mb-2 text-sm font-semibold text-stone-700">
            {t('screens.courses.form.cover')}
          </h3>
          {imageUrl ? (
            <div className="relative mb-3 overflow-hidden rounded-2xl bg-stone-100">
              <img
                src={imageUrl}
                alt={t('screens.courses.form.cover')}
                width={640}
                height={360}
                className="aspect-video w-full object-cover"
              />
              <button
                type="button"
                onClick={() => setImageUrl(null)}
                aria-label={t('screens.courses.form.removeCover')}
                className="absolute top-2 right-2 grid size-11 place-items-center rounded-full bg-white/90 text-stone-700 shadow hover:bg-white"
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            </div>
          ) : null}
          <ImagePicker
            use="course-cover"
            label={t(
              imageUrl ? 'screens.courses.form.changeCover' : 'screens.courses.form.chooseCover',
            )}
            onUploaded={(result) => setImageUrl(result.secure_url)}
          />
        </section>

        <section className="flex flex-col gap-4" aria-label={t('screens.courses.form.details')}>
          <TextField
            label={t('screens.courses.form.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={errors.name}
            maxLength={120}
            autoComplete="off"
          />
          <div>
            <label
              htmlFor={`${formId}-description`}
              className="mb-1.5 block text-sm font-medium text-stone-700"
            >
              {t('screens.courses.form.description')}
            </label>
            <textarea
              id={`${formId}-description`}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              rows={3}
              maxLength={2000}
              className="w-full rounded-xl border border-stone-300 bg-white px-3.5 py-3 text-base text-stone-900 focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100"
            />
            {errors.description ? (
              <p role="alert" className="mt-1.5 text-sm text-red-700">
                {errors.description}
              </p>
            ) : null}
          </div>
        </section>

        <section aria-labelledby={`${formId}-lessons`}>
          <h3 id={`${formId}-lessons`} className="mb-2 text-sm font-semibold text-stone-700">
            {t('screens.courses.form.lessons')}
          </h3>
          <LessonsEditor lessons={lessons} onChange={setLessons} errors={errors.lessons} />
        </section>

        <CheckboxGroup
          value={instructorIds}
          onChange={setInstructorIds}
          className="flex flex-col gap-2"
        >
          <Label className="text-sm font-semibold text-stone-700">
            {t('screens.courses.form.instructors')}
          </Label>
          {choices.data?.instructors.length === 0 ? (
            <p className="text-sm text-stone-500">
              {t('screens.courses.form.noInstructorChoices')}
            </p>
          ) : null}
          {choices.data?.instructors.map((person) => (
            <ChoiceCheckbox key={person.id} value={person.id}>
              <Avatar url={person.avatarUrl} size={32} />
              <span className="text-[15px] text-stone-800">{person.name}</span>
            </ChoiceCheckbox>
          ))}
        </CheckboxGroup>
      </form>
    </SheetDialog>
  );
}
