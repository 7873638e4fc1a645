/**
 * The courses search box's field, for the combobox (global-search.tsx) and the plain field that
 * stands in for it until its code arrives (search-field.tsx): they must look the same.
 */
export const searchInputClass =
  'h-12 w-full rounded-xl border border-stone-300 bg-white pr-10 pl-11 text-base text-stone-900 placeholder:text-stone-400 focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100';
