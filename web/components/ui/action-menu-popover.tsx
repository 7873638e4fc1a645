import { MoreHorizontal, MoreVertical } from 'lucide-react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { ActionMenuProps } from './action-menu.tsx';
import { actionMenuTriggerClass } from './action-menu-trigger.ts';

/**
 * A "⋯" button opening a list of actions (React Aria: arrow keys, Escape, focus back to the
 * button). Screens show it through `ActionMenu` (action-menu.tsx), which fetches it when pressed.
 */
export function ActionMenuPopover<Id extends string>({
  label,
  choices,
  onChoose,
  icon = 'vertical',
  triggerClassName = actionMenuTriggerClass,
  triggerRef,
  isOpen,
  onOpenChange,
}: ActionMenuProps<Id>) {
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
