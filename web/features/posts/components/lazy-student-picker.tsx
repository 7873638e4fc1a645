import { useId, useState } from 'react';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module.ts';
import { t } from '../../../lib/text.ts';
import { labelClass, selectClass } from './form-classes.ts';
import type { StudentPickerProps } from './student-picker.tsx';

const studentPickerModule = lazyModule(() => import('./student-picker.tsx'));

/**
 * The feed's student filter without React Aria's combo box in the feed's first load: a field
 * that looks the same stands in until the picker's code arrives (when the browser is idle, or
 * at once when the field is focused), and what was typed meanwhile is kept.
 */
export function LazyStudentPicker(props: StudentPickerProps) {
  const { module, load } = useLazyModule(studentPickerModule);
  const [typed, setTyped] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const id = useId();
  if (module) {
    return (
      <module.StudentPicker
        {...props}
        {...(typed !== null ? { initialText: typed } : {})}
        // Focus moves over only if the person is still in the field (not if they moved on).
        autoFocus={focused}
      />
    );
  }
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {props.label ?? t('posts.form.student')}
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="list"
        autoComplete="off"
        placeholder={t('posts.form.chooseStudent')}
        value={typed ?? props.value?.name ?? ''}
        onFocus={() => {
          setFocused(true);
          setTyped((current) => current ?? props.value?.name ?? '');
          load();
        }}
        onBlur={() => setFocused(false)}
        onChange={(event) => setTyped(event.target.value)}
        className={selectClass}
      />
    </div>
  );
}
