/**
 * Which of a screen's writes is under way, by its name, or null. Where writes go one at a time
 * (a person's card, the admin's maintenance), the button of the one under way shows it and the
 * others wait.
 */
export function pendingWrite<Name extends string>(
  writes: Record<Name, { isPending: boolean }>,
): Name | null {
  for (const name in writes) if (writes[name].isPending) return name;
  return null;
}
