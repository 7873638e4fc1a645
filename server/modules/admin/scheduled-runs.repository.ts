import type { Db } from '../../db/schema.ts';

/** The nightly backup's name among the scheduled runs. */
export const NIGHTLY_BACKUP_JOB = 'nightly-backup';

/**
 * Claims one run of a scheduled job (`slot`: which one, e.g. the night it is due) for this
 * server. True for the one server whose claim is inserted; false for every other, whichever
 * comes later, so a job several servers plan runs once.
 */
export async function claimScheduledRun(
  db: Db,
  run: { job: string; slot: string; claimedBy: string; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto('scheduled_runs')
    .values({ job: run.job, slot: run.slot, claimed_by: run.claimedBy, claimed_at: run.now })
    .onConflict((conflict) => conflict.columns(['job', 'slot']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Records how a claimed run ended: the size of what it wrote, or why it failed. */
export async function finishScheduledRun(
  db: Db,
  run: { job: string; slot: string; now: number } & (
    | { bytes: number; failure?: undefined }
    | { failure: string; bytes?: undefined }
  ),
): Promise<void> {
  await db
    .updateTable('scheduled_runs')
    .set({ finished_at: run.now, bytes: run.bytes ?? null, failure: run.failure ?? null })
    .where('job', '=', run.job)
    .where('slot', '=', run.slot)
    .execute();
}

/** A job's last run that succeeded and its last that failed, whichever server ran them. */
export async function lastScheduledOutcomes(db: Db, job: string) {
  const finished = db
    .selectFrom('scheduled_runs')
    .select(['finished_at', 'bytes', 'failure'])
    .where('job', '=', job)
    .where('finished_at', 'is not', null)
    .orderBy('finished_at', 'desc')
    .limit(1);
  const [success, failure] = await Promise.all([
    finished.where('failure', 'is', null).executeTakeFirst(),
    finished.where('failure', 'is not', null).executeTakeFirst(),
  ]);
  return {
    success:
      success?.finished_at != null
        ? { at: Number(success.finished_at), bytes: Number(success.bytes ?? 0) }
        : undefined,
    failure:
      failure?.finished_at != null && failure.failure
        ? { at: Number(failure.finished_at), reason: failure.failure }
        : undefined,
  };
}
