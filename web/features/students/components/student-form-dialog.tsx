import { useId } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { Controller, useForm } from 'react-hook-form';
import type { StudentData, StudentDetail, StudentInput } from '#shared/schemas/students';
import { useToast } from '../../../components/overlays/toast.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ChoiceCheckbox } from '../../../components/ui/choice-checkbox.tsx';
import { FormDialogActions } from '../../../components/ui/dialog.tsx';
import { SheetDialogFrame } from '../../../components/ui/dialog-frames.tsx';
import { TextField } from '../../../components/ui/form.tsx';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { useCourses } from '../../courses/index.ts';
import { ImagePicker } from '../../media/index.ts';
import { useTutorialReport } from '../../tutorial/index.ts';
import { useSaveStudent } from '../api/students.ts';

const checkStudent = lazyZodResolver(() =>
  import('#shared/schemas/students').then((schemas) => schemas.StudentInput),
);

const FIELDS = ['name', 'phone', 'email', 'address', 'dob'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Adds or edits a student: photo, personal details checked as the server checks them (phone
 * numbers as Vietnamese people write them), and the courses they are enrolled in.
 */
export function StudentFormDialog({
  student,
  isOpen,
  onOpenChange,
}: {
  student?: StudentDetail;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const { showToast } = useToast();
  const reportToTutorial = useTutorialReport();
  const courses = useCourses();
  const form = useForm<StudentInput, unknown, StudentData>({
    resolver: checkStudent,
    defaultValues: {
      name: student?.name ?? '',
      phone: student?.phone ?? '',
      email: student?.email ?? '',
      address: student?.address ?? '',
      dob: student?.dob ?? '',
      avatarUrl: student?.avatarUrl.startsWith('/media/') ? student.avatarUrl : null,
      courseIds: student?.courses.map((course) => course.id) ?? [],
    },
    // A field's error goes as soon as it is changed, not at the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const uploaded = form.watch('avatarUrl');
  const avatarUrl = typeof uploaded === 'string' ? uploaded : null;
  const save = useSaveStudent(student?.id);
  const saving = save.isPending;
  // What the shared schema made of what was typed; the server applies the same schema again.
  const submit = form.handleSubmit((data) => {
    if (save.isPending) return;
    write(save, data, {
      onSuccess: () => {
        showToast(t(student ? 'screens.students.updated' : 'screens.students.added'), 'success');
        if (!student) reportToTutorial('student-created');
        onOpenChange(false);
      },
    });
  });

  const field = (name: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={t(`screens.students.form.${name}`)}
      {...form.register(name, { onChange: () => form.clearErrors(name) })}
      error={errors[name]?.message}
      {...extra}
    />
  );

  return (
    <SheetDialogFrame
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t(student ? 'screens.students.form.editTitle' : 'screens.students.form.newTitle')}
      isDismissable={!saving}
      footer={
        <FormDialogActions
          formId={formId}
          submitLabel={t(student ? 'screens.students.form.save' : 'screens.students.form.create')}
          cancelLabel={t('screens.students.cancel')}
          onCancel={() => onOpenChange(false)}
          busy={saving}
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-6">
        <section className="flex items-center gap-4" aria-label={t('screens.students.form.avatar')}>
          <Avatar
            url={avatarUrl ?? student?.avatarUrl}
            name={t('screens.students.form.avatar')}
            size={72}
          />
          <ImagePicker
            use="avatar"
            label={t('screens.students.form.chooseAvatar')}
            onUploaded={(result) => form.setValue('avatarUrl', result.secure_url)}
            className="flex-1"
          />
        </section>
        <section className="flex flex-col gap-4" aria-label={t('screens.students.form.personal')}>
          {field('name', { autoComplete: 'off', maxLength: 100 })}
          {field('phone', {
            type: 'tel',
            inputMode: 'tel',
            hint: t('screens.students.form.phoneHint'),
          })}
          {field('email', { type: 'email', inputMode: 'email', autoComplete: 'off' })}
          {field('address', { maxLength: 200 })}
          {field('dob', { type: 'date' })}
        </section>
        <Controller
          control={form.control}
          name="courseIds"
          render={({ field: chosen }) => (
            <CheckboxGroup
              value={chosen.value ?? []}
              onChange={chosen.onChange}
              className="flex flex-col gap-2"
            >
              <Label className="text-sm font-semibold text-stone-700">
                {t('screens.students.form.courses')}
              </Label>
              {courses.data?.courses.length === 0 ? (
                <p className="text-sm text-stone-500">{t('screens.students.form.noCourses')}</p>
              ) : null}
              {courses.data?.courses
                .filter((course) => course.status === 'active')
                .map((course) => (
                  <ChoiceCheckbox key={course.id} value={course.id}>
                    <span className="text-[15px] text-stone-800">{course.name}</span>
                  </ChoiceCheckbox>
                ))}
            </CheckboxGroup>
          )}
        />
      </form>
    </SheetDialogFrame>
  );
}
