import { z } from '../zod.ts';

/** The data folder's disk: nearly full (under 1 GB free) or full (writes refused). */
export const DiskState = z.enum(['ok', 'low', 'full']);
export type DiskState = z.infer<typeof DiskState>;

export const Health = z.object({
  status: z.literal('ok'),
  db: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  disk: DiskState,
  /** When this process started (epoch ms): a restart shows as another value. */
  startedAt: z.number().int().nonnegative(),
});
export type Health = z.infer<typeof Health>;

export const HealthUnavailable = z.object({
  status: z.literal('unavailable'),
  db: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  disk: DiskState,
  reason: z.string(),
});
export type HealthUnavailable = z.infer<typeof HealthUnavailable>;
