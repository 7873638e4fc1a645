import type { Transaction } from 'kysely';
import type { AppDatabase } from './database.ts';
import type { Database } from './schema.ts';

/*
 * Every multi-step change runs in one transaction through here. On PostgreSQL two transactions
 * that lock the same rows in different orders (a like and the post's deletion, an enrolment and
 * the course's) can deadlock, and one of them is chosen to fail; it is run again from the start,
 * which is safe because the work does nothing outside the database until it commits. SQLite runs
 * one writer at a time and never deadlocks.
 */
const RETRYABLE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure
const ATTEMPTS = 4;

function retryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

export function inTransaction<T>(
  database: Pick<AppDatabase, 'db'>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return retryingDeadlocks(() => runOnce(database, work));
}

/**
 * One attempt, failing with the error that stopped it. SQLite ends a transaction by itself when
 * a write fails for want of space (SQLITE_FULL), so the rollback that follows fails too ("no
 * transaction is active"); Kysely's `transaction().execute` would then throw that instead and
 * hide why. The rollback's own failure is dropped here (the connection is released either way).
 */
async function runOnce<T>(
  database: Pick<AppDatabase, 'db'>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const trx = await database.db.startTransaction().execute();
  try {
    const result = await work(trx);
    await trx.commit().execute();
    return result;
  } catch (error) {
    if (!trx.isCommitted)
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
    throw error;
  }
}

/** Runs a change (one transaction, or one statement that is its own) again when it deadlocked. */
export async function retryingDeadlocks<T>(change: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await change();
    } catch (error) {
      if (attempt >= ATTEMPTS || !retryable(error)) throw error;
      // A short random pause, so the two that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
