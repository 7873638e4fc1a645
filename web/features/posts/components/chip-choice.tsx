import { Label, Radio, RadioGroup } from 'react-aria-components';
import { labelClass } from './form-classes.ts';

const NONE = 'none';

/**
 * One choice among a few, each a chip a thumb taps once (a native select is two taps and a
 * scrolling wheel). Long lists scroll inside a short box, so the form below stays in reach.
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
  return (
    <RadioGroup
      value={value === '' ? NONE : value}
      onChange={(next) => onChange(next === NONE ? '' : next)}
      isDisabled={isDisabled}
      className="flex min-w-0 flex-col"
    >
      <Label className={labelClass}>{label}</Label>
      <div className="flex max-h-[10.5rem] min-w-0 flex-wrap gap-2 overflow-y-auto p-0.5">
        {[{ id: NONE, label: noneLabel }, ...options].map((option) => (
          <Radio
            key={option.id}
            value={option.id}
            className={`flex min-h-11 max-w-full cursor-pointer items-center rounded-xl border border-stone-300 bg-white px-3.5 py-1.5 text-left text-sm font-medium text-stone-700 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300 data-[selected]:border-accent-600 data-[selected]:bg-accent-50 data-[selected]:text-accent-800 ${option.id === NONE ? 'text-stone-500' : ''}`}
          >
            <span className="line-clamp-2 break-words">{option.label}</span>
          </Radio>
        ))}
        {extra}
      </div>
    </RadioGroup>
  );
}
