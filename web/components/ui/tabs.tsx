import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

/*
 * Tabs as plain HTML with the WAI-ARIA tabs pattern: one tab in the Tab order (the chosen one),
 * arrow keys, Home and End move between tabs and choose them, each panel is labelled by its tab.
 * Plain, rather than a widget library's, because a screen shows them at once and a slow phone
 * pays for every module evaluated before the first paint.
 */

export function useTabIds() {
  const base = useId();
  return {
    tab: (id: string) => `${base}-tab-${id}`,
    panel: (id: string) => `${base}-panel-${id}`,
  };
}

const tabClass =
  'relative flex min-h-12 flex-1 cursor-pointer items-center justify-center px-2 whitespace-nowrap md:flex-none md:px-4 text-[15px] font-medium text-stone-500 outline-none aria-selected:text-accent-700 aria-selected:after:absolute aria-selected:after:inset-x-3 aria-selected:after:bottom-0 aria-selected:after:h-0.5 aria-selected:after:rounded-full aria-selected:after:bg-accent-600 focus-visible:ring-2 focus-visible:ring-accent-500 hover:text-stone-800';

export function TabStrip<Id extends string>({
  ids,
  tabs,
  selected,
  onSelect,
  label,
  labelOf,
  className,
  ...rest
}: {
  ids: ReturnType<typeof useTabIds>;
  tabs: readonly Id[];
  selected: Id;
  onSelect: (id: Id) => void;
  label: string;
  labelOf: (id: Id) => string;
  className?: string;
  'data-tour'?: string;
}) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>());
  const move = (event: KeyboardEvent, from: Id) => {
    const at = tabs.indexOf(from);
    const to =
      event.key === 'ArrowRight'
        ? tabs[(at + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(at - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (to === undefined) return;
    event.preventDefault();
    onSelect(to);
    buttons.current.get(to)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className} data-tour={rest['data-tour']}>
      {tabs.map((id) => (
        <button
          key={id}
          ref={(element) => {
            if (element) buttons.current.set(id, element);
            else buttons.current.delete(id);
          }}
          type="button"
          role="tab"
          id={ids.tab(id)}
          aria-selected={id === selected}
          aria-controls={ids.panel(id)}
          tabIndex={id === selected ? 0 : -1}
          onClick={() => onSelect(id)}
          onKeyDown={(event) => move(event, id)}
          className={tabClass}
        >
          {labelOf(id)}
        </button>
      ))}
    </div>
  );
}

/** The chosen tab's panel; the others are not rendered. */
export function TabPanel({
  ids,
  id,
  selected,
  children,
}: {
  ids: ReturnType<typeof useTabIds>;
  id: string;
  selected: string;
  children: ReactNode;
}) {
  if (id !== selected) return null;
  return (
    <div role="tabpanel" id={ids.panel(id)} aria-labelledby={ids.tab(id)}>
      {children}
    </div>
  );
}
