import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Checkbox } from 'react-aria-components';

/** One option of a React Aria CheckboxGroup, as a 48 px row with a visible tick. */
export function ChoiceCheckbox({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Checkbox
      value={value}
      className="group flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-stone-200 px-3 py-2 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300 data-[selected]:border-accent-300 data-[selected]:bg-accent-50"
    >
      <span
        aria-hidden="true"
        className="grid size-5 shrink-0 place-items-center rounded-md border-2 border-stone-300 text-white group-data-[selected]:border-accent-600 group-data-[selected]:bg-accent-600"
      >
        <Check className="size-3.5" strokeWidth={3} />
      </span>
      {children}
    </Checkbox>
  );
}
