/**
 * The "⋯" button of an action menu: 44 px, so a thumb finds it in the middle of a class. Apart
 * from the menu, so a stand-in button can look the same before the menu's code has arrived.
 */
export const actionMenuTriggerClass =
  'grid size-11 shrink-0 place-items-center rounded-full text-stone-500 outline-none hover:bg-stone-100 focus-visible:ring-2 focus-visible:ring-accent-300 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300';
