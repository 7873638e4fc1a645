import { isStaff, isStudent, type Who } from './who.ts';

/** A student alone says whether her featured work may be shown publicly. */
export function mayChangeShowcaseConsent(who: Who): boolean {
  return isStudent(who);
}

/** Staff choose an evaluation's photo as "Tác phẩm tiêu biểu", or take it back. */
export function mayFeatureWork(who: Who): boolean {
  return isStaff(who);
}
