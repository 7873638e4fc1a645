import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { type StudentDetail, StudentInput } from '#shared/schemas/students';
import { useToast } from '../../../components/overlays/toast.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ChoiceCheckbox } from '../../../components/ui/choice-checkbox.tsx';
import { FormDialogActions, SheetDialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/form.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { useCourses } from '../../courses/api/courses.ts';
import { ImagePicker } from '../../media/components/image-picker.tsx';
import { useTutorialReport } from '../../tutorial/tutorial.tsx';
import {
  createStudent,
  studentQueryKey,
  studentsQueryKey,
  updateStudent,
} from '../api/students.ts';

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
  const queryClient = useQueryClient();
  const reportToTutorial = useTutorialReport();
  const courses = useCourses();
  const [values, setValues] = useState<Record<Field, string>>({
    name: student?.name ?? '',
    phone: student?.phone ?? '',
    email: student?.email ?? '',
    address: student?.address ?? '',
    dob: student?.dob ?? '',
  });
  const [avatarUrl, setAvatarUrl] = useState<string | null>(
    student?.avatarUrl.startsWith('/media/') ? student.avatarUrl : null,
  );
  const [courseIds, setCourseIds] = useState<string[]>(
    student?.courses.map((course) => course.id) ?? [],
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, avatarUrl, courseIds };
    const parsed = StudentInput.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field)) next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = student ? await updateStudent(student.id, input) : await createStudent(input);
      queryClient.setQueryData(studentQueryKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: studentsQueryKey });
      showToast(t(student ? 'screens.students.updated' : 'screens.students.added'), 'success');
      if (!student) reportToTutorial('student-created');
      onOpenChange(false);
    } catch (failure) {
      const fallback = student ? t('toasts.updateFailed') : t('toasts.addStudentFailed');
      showToast(failureMessage(fallback, failure), 'error');
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Field, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={t(`screens.students.form.${name}`)}
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        // The field's error goes as soon as it is changed, not at the next submit.
        setErrors(({ [name]: _, ...rest }) => rest);
      }}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <SheetDialog
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
            onUploaded={(result) => setAvatarUrl(result.secure_url)}
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
        <CheckboxGroup value={courseIds} onChange={setCourseIds} className="flex flex-col gap-2">
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
      </form>
    </SheetDialog>
  );
}
