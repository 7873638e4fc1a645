import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { t } from '../../../lib/text.ts';
import { labelClass } from './form-classes.ts';

const NONE = 'none';
/** A longer list shows a few chips around the chosen one and a button for the rest. */
const SHORT = 6;

/**
 * One choice among a few, each a chip a thumb taps once (a native select is two taps and a
 * scrolling wheel). A long list (a course's lessons) shows the chosen chip and those after it,
 * with a button for all: the form below stays in reach, and the chosen chip is never hidden in
 * a scrolling box.
 */
export function ChipChoice({
  label,
  options,
  value,
  onChange,
  noneLabel,
  isDisabled = false,
  extra,
}: {
  label: string;
  options: readonly { id: string; label: string }[];
  /** The chosen option's id, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  noneLabel: string;
  isDisabled?: boolean;
  /** Shown after the chips: a way to see more of them. */
  extra?: React.ReactNode;
}) {
  const [all, setAll] = useState(false);
  const chosenAt = Math.max(
    0,
    options.findIndex((option) => option.id === value),
  );
  const from = Math.max(0, Math.min(chosenAt - 1, options.length - SHORT));
  const shown = all || options.length <= SHORT + 1 ? options : options.slice(from, from + SHORT);
  return (
    <RadioGroup
      value={value === '' ? NONE : value}
      onChange={(next) => onChange(next === NONE ? '' : next)}
      isDisabled={isDisabled}
      className="flex min-w-0 flex-col"
    >
      <Label className={labelClass}>{label}</Label>
      <div className="flex min-w-0 flex-wrap gap-2 p-0.5">
        {[{ id: NONE, label: noneLabel }, ...shown].map((option) => (
          <Radio
            key={option.id}
            value={option.id}
            className={`flex min-h-11 max-w-full cursor-pointer items-center rounded-xl border border-stone-300 bg-white px-3.5 py-1.5 text-left text-sm font-medium text-stone-700 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300 data-[selected]:border-accent-600 data-[selected]:bg-accent-50 data-[selected]:text-accent-800 ${option.id === NONE ? 'text-stone-500' : ''}`}
          >
            <span className="line-clamp-2 break-words">{option.label}</span>
          </Radio>
        ))}
        {shown.length < options.length ? (
          <button
            type="button"
            onClick={() => setAll(true)}
            className="min-h-11 rounded-xl px-3 text-sm font-medium text-accent-700 underline-offset-2 hover:underline"
          >
            {t('posts.form.showAll', { count: options.length })}
          </button>
        ) : null}
        {extra}
      </div>
    </RadioGroup>
  );
}
