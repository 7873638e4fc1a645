import { Loader2, Search } from 'lucide-react';
import {
  type ButtonHTMLAttributes,
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  useId,
} from 'react';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost';
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

const variants = {
  primary:
    'bg-accent-600 text-white hover:bg-accent-700 active:bg-accent-800 disabled:bg-accent-600/60',
  secondary:
    'border border-stone-300 bg-white text-stone-800 hover:bg-stone-50 disabled:text-stone-400',
  ghost: 'text-accent-700 hover:bg-accent-50 disabled:text-stone-400',
};

/** A button at least 48 px tall; while `busy` it shows progress and cannot be pressed again. */
export function Button({
  variant = 'primary',
  busy = false,
  children,
  className = '',
  disabled,
  ...props
}: ButtonProps) {
  return (
    <button
      type="button"
      {...props}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`inline-flex h-12 items-center justify-center gap-2 rounded-xl px-5 text-[15px] font-semibold transition-colors ${variants[variant]} ${className}`}
    >
      {busy ? (
        <Loader2 className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : null}
      {children}
    </button>
  );
}

/** A field's error under it, announced to screen readers; nothing when there is none. */
export function FieldErrorText({ id, message }: { id?: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled input with its error under it, announced to screen readers. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, hint, className = '', id, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined
        }
        className={`h-12 w-full rounded-xl border bg-white px-3.5 text-base text-stone-900 placeholder:text-stone-400 focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100 ${error ? 'border-red-500' : 'border-stone-300'}`}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <FieldErrorText id={errorId} message={error} />
    </div>
  );
});

/** A search box: magnifier, the label as placeholder (and for screen readers), 48 px tall. */
export function SearchField({
  label,
  placeholder = label,
  value,
  onChange,
  onBlur,
  className = '',
}: {
  label: string;
  /** Shorter than the label where the label would not fit a phone's field. */
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  className?: string;
}) {
  return (
    <label className={`relative ${className}`}>
      <span className="sr-only">{label}</span>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-stone-400"
        aria-hidden="true"
      />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        placeholder={placeholder}
        className="h-12 w-full rounded-xl border border-stone-300 bg-white pr-3 pl-11 text-base focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100"
      />
    </label>
  );
}
