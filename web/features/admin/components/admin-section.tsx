import { type ReactNode, useId, useState } from 'react';
import { t } from '../../../lib/text.ts';

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
        {hint ? <span className="text-xs text-stone-500">{hint}</span> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * A titled list of the admin screens: a placeholder while `items` loads, `empty` when there are
 * none, else the first `limit` with a button that shows them all (a log of 100 on a phone).
 */
export function ListSection<T>({
  title,
  hint,
  items,
  limit,
  empty,
  render,
}: {
  title: string;
  hint?: string;
  items: T[] | undefined;
  limit: number;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items?.slice(0, limit);
  return (
    <AdminSection title={title} {...(hint ? { hint } : {})}>
      {!items ? (
        <div aria-hidden="true" className="m-4 h-24 animate-pulse rounded-xl bg-stone-100" />
      ) : items.length === 0 ? (
        <p className="px-4 py-4 text-stone-500">{empty}</p>
      ) : (
        <>
          <ul className="divide-y divide-stone-100">{shown?.map(render)}</ul>
          {items.length > limit ? (
            <button
              type="button"
              onClick={() => setExpanded((value) => !value)}
              className="min-h-12 w-full border-t border-stone-100 text-[15px] font-semibold text-accent-700 hover:bg-accent-50"
            >
              {expanded
                ? t('screens.adminTools.showLess')
                : t('screens.adminTools.showAll', { count: items.length })}
            </button>
          ) : null}
        </>
      )}
    </AdminSection>
  );
}
