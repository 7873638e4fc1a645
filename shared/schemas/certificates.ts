import { z } from '../zod.ts';

/** A certificate's code: 12 letters and digits of Crockford's base 32 (no I, L, O or U). */
export const CERTIFICATE_CODE = /^[0-9A-HJKMNP-TV-Z]{12}$/;

export const CertificateCodeParams = z.strictObject({ code: z.string().max(64) });

/** A certificate as its student and staff see it. */
export const Certificate = z.object({
  code: z.string(),
  courseId: z.string().nullable(),
  courseName: z.string(),
  instructors: z.array(z.string()),
  issuedAt: z.number(),
  revokedAt: z.number().nullable(),
});
export type Certificate = z.infer<typeof Certificate>;

export const CertificateList = z.object({ certificates: z.array(Certificate) });
export type CertificateList = z.infer<typeof CertificateList>;

/** "XXXX-XXXX-XXXX": how a code is printed and read aloud. */
export const formatCertificateCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');
