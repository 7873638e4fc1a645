import { actionMenuTriggerClass } from '../../../components/ui/action-menu-trigger.ts';

/** Styles shared by the post form, the student picker the feed also uses, and the post menu. */
export const selectClass =
  'h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100';
export const labelClass = 'mb-1.5 block text-sm font-medium text-stone-700';
/** A post's "…" button, the same before and after its menu's code has arrived. */
export const menuTriggerClass = `-mt-1 -mr-2 ${actionMenuTriggerClass}`;
