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

/** The latest staff actions, newest first, with the names of who did them and what they touched. */
export function listLatestActivityLogs(db: Db, limit: number) {
  return db
    .selectFrom('activity_logs')
    .leftJoin('people as actor', 'actor.id', 'activity_logs.actor_id')
    .leftJoin('people as person', 'person.id', 'activity_logs.target')
    .leftJoin('courses', 'courses.id', 'activity_logs.target')
    .select([
      'activity_logs.id',
      'activity_logs.action',
      'activity_logs.target',
      'activity_logs.details',
      'activity_logs.created_at',
      'activity_logs.actor_id',
      'actor.name as actor_name',
      'actor.avatar_url as actor_avatar_url',
      'person.name as person_name',
      'courses.name as course_name',
    ])
    .orderBy('activity_logs.created_at', 'desc')
    .orderBy('activity_logs.id', 'desc')
    .limit(limit)
    .execute();
}
