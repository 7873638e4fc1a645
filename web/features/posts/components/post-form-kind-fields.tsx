import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import type { ClassRoster } from '#shared/schemas/students';
import { FieldErrorText } from '../../../components/ui/form.tsx';
import { t } from '../../../lib/text.ts';
import type { PostDraft, PostKind } from '../post-draft.ts';
import { labelClass, selectClass } from './form-classes.ts';
import { StudentPicker } from './student-picker.tsx';
import { SuggestedStudents } from './suggested-students.tsx';

const KINDS: readonly PostKind[] = ['evaluation', 'general'];
const RATINGS = ['none', ...Array.from({ length: 11 }, (_, rating) => String(rating))];

const isKind = (value: unknown): value is PostKind => KINDS.some((kind) => kind === value);

/** An evaluation of one student, or a general post. */
export function KindChoice({ form }: { form: UseFormReturn<PostDraft> }) {
  const kind = useWatch({ control: form.control, name: 'kind' });
  return (
    <RadioGroup
      value={kind}
      onChange={(value) => {
        if (isKind(value)) form.setValue('kind', value, { shouldDirty: true });
      }}
      orientation="horizontal"
      className="flex flex-col gap-1.5"
    >
      <Label className="text-sm font-medium text-stone-700">{t('posts.form.kind')}</Label>
      <div className="grid grid-cols-2 gap-2">
        {KINDS.map((value) => (
          <Radio
            key={value}
            value={value}
            className="flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-stone-300 px-2 text-sm font-medium text-stone-700 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300 data-[selected]:border-accent-600 data-[selected]:bg-accent-50 data-[selected]:text-accent-800"
          >
            {t(`posts.form.${value}`)}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

/** Whom an evaluation is of (suggested first, or found by name). */
export function StudentField({
  form,
  roster,
}: {
  form: UseFormReturn<PostDraft>;
  roster: ClassRoster | undefined;
}) {
  const student = useWatch({ control: form.control, name: 'student' });
  const choose = (next: PostDraft['student']) => {
    form.clearErrors('student');
    form.setValue('student', next, { shouldDirty: true });
  };
  return (
    <div className="flex flex-col gap-2">
      <SuggestedStudents students={roster} chosen={student} onChoose={choose} />
      <StudentPicker
        value={student}
        onChange={choose}
        error={form.formState.errors.student?.message}
      />
    </div>
  );
}

/** An evaluation's rating: one tap on a row of 0–10 (and no rating), not a list to scroll. */
export function RatingField({ form }: { form: UseFormReturn<PostDraft> }) {
  const error = form.formState.errors.rating;
  return (
    <div>
      <Controller
        control={form.control}
        name="rating"
        render={({ field: rating }) => (
          <RadioGroup
            value={rating.value === '' ? 'none' : rating.value}
            onChange={(value) => {
              form.clearErrors('rating');
              rating.onChange(value === 'none' ? '' : value);
            }}
            orientation="horizontal"
            className="flex flex-col gap-1.5"
          >
            <Label className={labelClass}>{t('posts.form.rating')}</Label>
            <div className="grid grid-cols-6 gap-1.5">
              {RATINGS.map((value) => (
                <Radio
                  key={value}
                  value={value}
                  className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-stone-300 text-center text-stone-700 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300 data-[selected]:border-accent-600 data-[selected]:bg-accent-600 data-[selected]:text-white ${value === 'none' ? 'px-0.5 text-xs leading-tight font-medium' : 'text-[15px] font-semibold'}`}
                >
                  {value === 'none' ? t('posts.form.noRating') : value}
                </Radio>
              ))}
            </div>
          </RadioGroup>
        )}
      />
      <FieldErrorText message={error?.message} />
    </div>
  );
}

/** The instructor a general post tags, if any. */
export function TaggedInstructorField({
  form,
  id,
  instructors,
}: {
  form: UseFormReturn<PostDraft>;
  id: string;
  instructors: ReadonlyArray<{ id: string; name: string }> | undefined;
}) {
  const { errors } = form.formState;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t('posts.form.taggedInstructor')}
      </label>
      <select id={id} {...form.register('taggedInstructorId')} className={selectClass}>
        <option value="">{t('posts.form.nobody')}</option>
        {instructors?.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
      <FieldErrorText message={errors.kind?.message ?? errors.taggedInstructorId?.message} />
    </div>
  );
}
