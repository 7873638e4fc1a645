import { useEffect, useRef, useState } from 'react';
import { ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { FieldErrorText } from '../../../components/ui/form.tsx';
import { useDebounced } from '../../../hooks/use-debounced.ts';
import { t } from '../../../lib/text.ts';
import { StudentsNeverLoaded, useStudentChoices } from '../../students/index.ts';
import { labelClass, selectClass } from './form-classes.ts';

export interface StudentPickerProps {
  value: { id: string; name: string } | null;
  onChange: (student: { id: string; name: string } | null) => void;
  error?: string | undefined;
  label?: string;
}

/** Picks a student (whom an evaluation is about, whose posts to show), searching as one types. */
export function StudentPicker({
  value,
  onChange,
  error,
  label,
  autoFocus = false,
}: StudentPickerProps & {
  autoFocus?: boolean;
}) {
  const [text, setText] = useState(value?.name ?? '');
  // A student chosen elsewhere (a suggestion tapped) shows in the field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new choice from outside matters
  useEffect(() => {
    if (value) setText(value.name);
  }, [value?.id]);
  const input = useRef<HTMLInputElement>(null);
  // Focused once mounted rather than with the autoFocus attribute, so React Aria sees the focus
  // and opens the list, as for a person's own tap.
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  // The list is asked for once someone opens it, not by every screen showing the field.
  const [opened, setOpened] = useState(false);
  const q = useDebounced(text, 200);
  const students = useStudentChoices(q, opened);
  const items = students.data?.students ?? [];
  const empty =
    students.error instanceof StudentsNeverLoaded
      ? t('posts.form.studentsNotLoaded')
      : students.isPending || students.isFetching
        ? t('loading')
        : students.data?.fromDevice
          ? t('posts.form.noMatchOnDevice')
          : t('screens.students.noMatch');
  return (
    <ComboBox
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (value && next !== value.name) onChange(null);
      }}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const student = items.find((item) => item.id === key);
        if (student) {
          onChange({ id: student.id, name: student.name });
          setText(student.name);
        }
      }}
      onOpenChange={(open) => open && setOpened(true)}
      defaultFilter={() => true}
      menuTrigger="focus"
      // The list opens at once and says when it is loading or nothing matches.
      allowsEmptyCollection
      className="relative"
    >
      <Label className={labelClass}>{label ?? t('posts.form.student')}</Label>
      <Input
        ref={input}
        placeholder={t('posts.form.chooseStudent')}
        aria-invalid={error ? true : undefined}
        className={`${selectClass} ${error ? 'border-red-500' : ''}`}
      />
      <FieldErrorText message={error} />
      <Popover
        offset={4}
        className="z-[60] max-h-72 w-[var(--trigger-width)] overflow-y-auto rounded-2xl border border-stone-200 bg-white p-1.5 shadow-xl"
      >
        <ListBox
          className="outline-none"
          renderEmptyState={() => (
            <p role="status" className="px-3 py-2.5 text-[15px] text-stone-500">
              {empty}
            </p>
          )}
        >
          {items.map((student) => (
            <ListBoxItem
              key={student.id}
              id={student.id}
              textValue={student.name}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-1.5 text-[15px] text-stone-800 outline-none data-[focused]:bg-accent-50"
            >
              <Avatar url={student.avatarUrl} size={28} />
              {student.name}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
