import { z } from 'zod';

/** An admin's change to the public config; only the fields sent change. */
export const PublicConfigPatch = z
  .strictObject({
    studentAccessEnabled: z.boolean().optional(),
    guestModeEnabled: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Không có gì để thay đổi.' });
export type PublicConfigPatch = z.infer<typeof PublicConfigPatch>;
