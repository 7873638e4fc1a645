import { MoreHorizontal, MoreVertical } from 'lucide-react';
import { type Ref, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { lazyModule, useLazyModule } from '../../lib/lazy-module.ts';
import { actionMenuTriggerClass } from './action-menu-trigger.ts';

/** One choice of an action menu; `danger` draws it red (delete, and the like). */
export type MenuChoice<Id extends string> = { id: Id; label: string; danger?: boolean };

export interface ActionMenuProps<Id extends string> {
  /** What a screen reader says for the button, naming what the actions act on. */
  label: string;
  choices: MenuChoice<Id>[];
  onChoose: (id: Id) => void;
  icon?: 'vertical' | 'horizontal';
  triggerClassName?: string;
  triggerRef?: Ref<HTMLButtonElement>;
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

const popoverModule = lazyModule(() => import('./action-menu-popover.tsx'));

/**
 * A "⋯" button opening a list of actions: a person's, a student's, a post's and a comment's alike.
 * A list shows one per row, so the menu's code (React Aria's menu and popover) is not part of the
 * screen: a plain button that looks the same stands in, and pressing it fetches the menu and opens
 * it from the button, with focus on it so that closing brings focus back there.
 */
export function ActionMenu<Id extends string>(props: ActionMenuProps<Id>) {
  const { module, load, warm } = useLazyModule(popoverModule);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const { triggerRef, isOpen, onOpenChange } = props;
  const wantsOpen = isOpen ?? open;
  // Opened from outside (a controlled menu) before its code arrived: fetch it now.
  useEffect(() => {
    if (wantsOpen && !module) load();
  }, [wantsOpen, module, load]);
  useEffect(() => {
    if (module && wantsOpen) trigger.current?.focus();
  }, [module, wantsOpen]);
  const setRefs = useCallback(
    (element: HTMLButtonElement | null) => {
      trigger.current = element;
      if (typeof triggerRef === 'function') triggerRef(element);
      else if (triggerRef) (triggerRef as RefObject<HTMLButtonElement | null>).current = element;
    },
    [triggerRef],
  );
  const changeOpen = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  if (module) {
    return (
      <module.ActionMenuPopover
        {...props}
        triggerRef={setRefs}
        isOpen={wantsOpen}
        onOpenChange={changeOpen}
      />
    );
  }
  return (
    <MenuStandIn
      label={props.label}
      icon={props.icon}
      className={props.triggerClassName}
      buttonRef={setRefs}
      onWarm={warm}
      onPress={() => changeOpen(true)}
    />
  );
}

/**
 * The plain "⋯" button that stands in for a menu whose code has not been fetched: it looks as
 * the menu's own button does; pointer down or focus starts the fetch, a press opens the menu.
 */
export function MenuStandIn({
  label,
  icon = 'vertical',
  className = actionMenuTriggerClass,
  buttonRef,
  onWarm,
  onPress,
}: {
  label: string;
  icon?: 'vertical' | 'horizontal' | undefined;
  className?: string | undefined;
  buttonRef?: Ref<HTMLButtonElement>;
  onWarm: () => void;
  onPress: () => void;
}) {
  const Icon = icon === 'horizontal' ? MoreHorizontal : MoreVertical;
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      className={className}
      onPointerDown={onWarm}
      onFocus={onWarm}
      onClick={onPress}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}
