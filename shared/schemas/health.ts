import { z } from '../zod.ts';

export const Health = z.object({
  status: z.literal('ok'),
  db: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});
export type Health = z.infer<typeof Health>;

export const HealthUnavailable = z.object({
  status: z.literal('unavailable'),
  db: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  reason: z.string(),
});
export type HealthUnavailable = z.infer<typeof HealthUnavailable>;
