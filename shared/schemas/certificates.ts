import { z } from '../zod.ts';

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
