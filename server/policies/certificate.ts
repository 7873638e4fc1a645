import { isAdmin, isSelf, isStaff, type Who } from './who.ts';

/** Her certificate's PDF is for herself and staff; its public page is for anyone with the code. */
export function mayPrintCertificate(who: Who, certificate: { personId: string }): boolean {
  return isStaff(who) || isSelf(who, certificate.personId);
}

/** Only admins revoke a certificate. */
export function mayRevokeCertificate(who: Who): boolean {
  return isAdmin(who);
}
