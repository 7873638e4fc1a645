import type { ProfileCan } from '#shared/schemas/profile';
import { mayChangeShowcaseConsent } from './showcase.ts';
import { isStaff, type Who } from './who.ts';

/**
 * What a person may do with her own profile: instructors and admins have a bio and privacy
 * switches (spec 3); a student has neither, and alone says whether her work may be shown.
 */
export function profileCan(who: Who): ProfileCan {
  return {
    editBio: isStaff(who),
    changePrivacy: isStaff(who),
    changeShowcaseConsent: mayChangeShowcaseConsent(who),
  };
}
