import { useId } from 'react';

/** A setting that is on or off: label and explanation, with a switch at thumb reach. */
export function ToggleRow({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex min-h-16 items-center gap-4 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p id={labelId} className="text-[15px] font-medium text-stone-900">
          {label}
        </p>
        {hint ? (
          <p id={hintId} className="mt-0.5 text-sm leading-5 text-stone-500">
            {hint}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative h-8 w-14 shrink-0 rounded-full transition-colors disabled:opacity-50 ${checked ? 'bg-accent-600' : 'bg-stone-300'}`}
      >
        <span
          className={`absolute top-1 left-1 size-6 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-6' : ''}`}
        />
      </button>
    </div>
  );
}
