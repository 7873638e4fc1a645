import type { Db } from '../../db/schema.ts';

/** Records a staff action (spec: activityLogs — actor, action, target, time, details). */
export async function insertActivityLog(
  db: Db,
  entry: {
    actorId: string | null;
    action: string;
    target: string | null;
    details?: Record<string, unknown>;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('activity_logs')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target: entry.target,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: entry.now,
    })
    .execute();
}
