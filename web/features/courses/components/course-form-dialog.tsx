import { X } from 'lucide-react';
import { useId } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import type { Course, CourseData, CourseInput } from '#shared/schemas/courses';
import { useToast } from '../../../components/overlays/toast.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ChoiceCheckbox } from '../../../components/ui/choice-checkbox.tsx';
import { FormDialogActions } from '../../../components/ui/dialog.tsx';
import { SheetDialogFrame } from '../../../components/ui/dialog-frames.tsx';
import { FieldErrorText, TextField } from '../../../components/ui/form.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { ImagePicker } from '../../media/index.ts';
import { useTutorialReport } from '../../tutorial/index.ts';
import { useInstructorChoices, useSaveCourse } from '../api/courses.ts';
import { type DraftLesson, LessonsEditor } from './lessons-editor.tsx';

export type CourseFormMode = 'create' | 'propose' | 'edit';

/** The form as the person fills it: lessons carry a key of their own while being edited. */
interface CourseFormValues {
  name: string;
  description: string;
  imageUrl: string | null;
  lessons: DraftLesson[];
  instructorIds: string[];
}

/** What is sent: the lessons in order, an existing one by its id. */
const toInput = (values: CourseFormValues): CourseInput => ({
  ...values,
  lessons: values.lessons.map((lesson) => ({
    ...(lesson.id ? { id: lesson.id } : {}),
    title: lesson.title,
  })),
});

const checkCourseInput = lazyZodResolver(() =>
  import('#shared/schemas/courses').then((schemas) => schemas.CourseInput),
);

/** The shared schema checks what will be sent; its errors land on the fields shown. */
const courseResolver: Resolver<CourseFormValues, unknown, CourseData> = (
  values,
  context,
  options,
) =>
  checkCourseInput(toInput(values), context, options as never) as ReturnType<
    Resolver<CourseFormValues, unknown, CourseData>
  >;

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
  const reportToTutorial = useTutorialReport();
  const choices = useInstructorChoices(isOpen);
  const form = useForm<CourseFormValues, unknown, CourseData>({
    resolver: courseResolver,
    defaultValues: {
      name: course?.name ?? '',
      description: course?.description ?? '',
      imageUrl: course?.imageUrl ?? null,
      lessons:
        course?.lessons.map((lesson) => ({ key: lesson.id, id: lesson.id, title: lesson.title })) ??
        [],
      instructorIds: course?.instructors.map((person) => person.id) ?? [],
    },
  });
  const { errors } = form.formState;
  const imageUrl = form.watch('imageUrl');
  // The errors of a lesson's title, by its place in the list (the editor shows them there).
  const lessonErrors: Record<number, string> = {};
  if (Array.isArray(errors.lessons)) {
    errors.lessons.forEach(
      (error: { title?: { message?: string }; message?: string } | undefined, index: number) => {
        const message = error?.title?.message ?? error?.message;
        if (message) lessonErrors[index] = message;
      },
    );
  }

  const save = useSaveCourse(course?.id);
  const saving = save.isPending;

  const submit = form.handleSubmit(() => {
    if (save.isPending) return;
    const values = form.getValues();
    const removedLessons =
      course?.lessons.some((lesson) => !values.lessons.some((draft) => draft.id === lesson.id)) ??
      false;
    const failed =
      mode !== 'edit'
        ? t('toasts.addCourseFailed')
        : removedLessons
          ? t('toasts.deleteLessonFailed')
          : t('toasts.updateFailed');
    write(save, toInput(values), {
      onSuccess: (saved) => {
        if (!course) reportToTutorial('course-created');
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
      },
      onError: (failure) => showToast(failureMessage(failed, failure), 'error'),
    });
  });

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
    <SheetDialogFrame
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
                onClick={() => form.setValue('imageUrl', null)}
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
            onUploaded={(result) => form.setValue('imageUrl', result.secure_url)}
          />
        </section>

        <section className="flex flex-col gap-4" aria-label={t('screens.courses.form.details')}>
          <TextField
            label={t('screens.courses.form.name')}
            {...form.register('name')}
            error={errors.name?.message}
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
              {...form.register('description')}
              rows={3}
              maxLength={2000}
              className="w-full rounded-xl border border-stone-300 bg-white px-3.5 py-3 text-base text-stone-900 focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100"
            />
            <FieldErrorText message={errors.description?.message} />
          </div>
        </section>

        <section aria-labelledby={`${formId}-lessons`}>
          <h3 id={`${formId}-lessons`} className="mb-2 text-sm font-semibold text-stone-700">
            {t('screens.courses.form.lessons')}
          </h3>
          <Controller
            control={form.control}
            name="lessons"
            render={({ field }) => (
              <LessonsEditor
                lessons={field.value}
                onChange={field.onChange}
                errors={lessonErrors}
              />
            )}
          />
        </section>

        <Controller
          control={form.control}
          name="instructorIds"
          render={({ field }) => (
            <CheckboxGroup
              value={field.value}
              onChange={field.onChange}
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
          )}
        />
      </form>
    </SheetDialogFrame>
  );
}
