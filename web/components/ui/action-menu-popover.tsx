import { MoreHorizontal, MoreVertical } from 'lucide-react';
import type { Ref } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { actionMenuTriggerClass } from './action-menu-trigger.ts';

/** One choice of an action menu; `danger` draws it red (delete, and the like). */
export type MenuChoice<Id extends string> = { id: Id; label: string; danger?: boolean };

/**
 * A "⋯" button opening a list of actions (React Aria: arrow keys, Escape, focus back to the
 * button). Used for a person's, a student's, a post's and a comment's actions alike.
 */
export function ActionMenu<Id extends string>({
  label,
  choices,
  onChoose,
  icon = 'vertical',
  triggerClassName = actionMenuTriggerClass,
  triggerRef,
  isOpen,
  onOpenChange,
}: {
  /** What a screen reader says for the button, naming what the actions act on. */
  label: string;
  choices: MenuChoice<Id>[];
  onChoose: (id: Id) => void;
  icon?: 'vertical' | 'horizontal';
  triggerClassName?: string;
  triggerRef?: Ref<HTMLButtonElement>;
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const Icon = icon === 'vertical' ? MoreVertical : MoreHorizontal;
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <AriaButton ref={triggerRef} aria-label={label} className={triggerClassName}>
        <Icon className="size-5" aria-hidden="true" />
      </AriaButton>
      <Popover
        placement="bottom end"
        className="min-w-44 rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-stone-200"
      >
        <Menu onAction={(key) => onChoose(key as Id)} className="outline-none">
          {choices.map((choice) => (
            <MenuItem
              key={choice.id}
              id={choice.id}
              className={`flex min-h-11 cursor-pointer items-center rounded-xl px-3 text-[15px] outline-none data-[focused]:bg-stone-100 ${choice.danger ? 'text-red-700' : 'text-stone-800'}`}
            >
              {choice.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
