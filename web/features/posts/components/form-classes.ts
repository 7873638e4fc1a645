/** The post form's field styles, shared with the student picker the feed also uses. */
export const selectClass =
  'h-12 w-full rounded-xl border border-stone-300 bg-white px-3 text-base text-stone-900 focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100';
export const labelClass = 'mb-1.5 block text-sm font-medium text-stone-700';
