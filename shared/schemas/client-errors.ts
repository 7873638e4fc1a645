import { limits } from '../limits.ts';
import { z } from '../zod.ts';

/** A failure the browser reports about itself (a crashed screen, a failed chunk load). */
export const ClientErrorReport = z.strictObject({
  context: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(limits.clientErrorMessageChars),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReport>;

export const Accepted = z.object({ accepted: z.literal(true) });
export type Accepted = z.infer<typeof Accepted>;
