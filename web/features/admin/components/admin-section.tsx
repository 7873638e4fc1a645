import { type ReactNode, useId } from 'react';

/** A titled card of the admin screens, its heading naming the region for screen readers. */
export function AdminSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-5 overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)] first:mt-0"
    >
      <div className="flex items-baseline justify-between gap-3 px-4 pt-4">
        <h2 id={headingId} className="text-sm font-semibold tracking-wide text-stone-500 uppercase">
          {title}
        </h2>
        {hint ? <span className="text-xs text-stone-400">{hint}</span> : null}
      </div>
      {children}
    </section>
  );
}

/** The first `limit` items, and a button that shows them all (a log of 100 on a phone). */
export function ShowMore<T>({
  items,
  limit,
  render,
  moreLabel,
  lessLabel,
  expanded,
  onToggle,
}: {
  items: T[];
  limit: number;
  render: (item: T) => ReactNode;
  moreLabel: string;
  lessLabel: string;
  expanded: boolean;
  onToggle: () => void;
}) {
  const shown = expanded ? items : items.slice(0, limit);
  return (
    <>
      <ul className="divide-y divide-stone-100">{shown.map(render)}</ul>
      {items.length > limit ? (
        <button
          type="button"
          onClick={onToggle}
          className="min-h-12 w-full border-t border-stone-100 text-[15px] font-semibold text-accent-700 hover:bg-accent-50"
        >
          {expanded ? lessLabel : moreLabel}
        </button>
      ) : null}
    </>
  );
}
