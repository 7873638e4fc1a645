import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { AppDatabase } from '../../db/database.ts';
import type { SearchHits } from './search.repository.ts';
import type { SearchTask } from './search.worker.ts';

/**
 * SQLite searches run on a worker thread (decision 0029). better-sqlite3 answers on the thread
 * that asks, and a search's trigram lookups are most of its cost: on the event loop they would
 * hold up every like and page behind them. PostgreSQL searches in its own process already.
 */

/** The worker as this process runs: its TypeScript source under tsx, else the built entry. */
function workerFile(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? {
        filename: new URL('./search.worker.ts', import.meta.url).href,
        execArgv: ['--import', import.meta.resolve('tsx')],
      }
    : { filename: new URL('./search-worker.mjs', import.meta.url).href, execArgv: [] };
}

const pools = new WeakMap<AppDatabase, Piscina<SearchTask, SearchHits>>();

/**
 * How long a thread waits without a search before it goes: 30 s, within the minute a server
 * has to give a load's memory back (the next search starts a thread first; bench/README.md says
 * what that costs). Read when a database's pool starts; its test shortens it.
 */
export const searchThreadIdle = { ms: 30_000 };

function poolOf(database: AppDatabase, file: string) {
  let pool = pools.get(database);
  if (!pool) {
    const created = new Piscina<SearchTask, SearchHits>({
      ...workerFile(),
      workerData: { file },
      // None kept: a thread holds a heap of its own (tens of MB after a burst of searches),
      // which an idle server gives back by letting the thread go.
      minThreads: 0,
      // One thread leaves the other cores to the event loop; a second one only helps where
      // there are cores to spare.
      maxThreads: Math.min(2, Math.max(1, availableParallelism() - 1)),
      // Searches in flight per thread: better-sqlite3 answers each at once, so they run one
      // after another, but the next ones are already there when one finishes rather than a
      // message away (under load it answers markedly more searches a second than with one).
      concurrentTasksPerWorker: 16,
      idleTimeout: searchThreadIdle.ms,
      recordTiming: false,
    });
    // A thread that fails outside a search (it could not open the file) rejects the searches
    // waiting on it, which report it; the pool's own event would otherwise end the process.
    created.on('error', () => {});
    pool = created;
    pools.set(database, created);
    database.onClose(async () => {
      pools.delete(database);
      await created.destroy();
    });
  }
  return pool;
}

/** The search, on the SQLite database's worker thread. */
export function searchOnThread(
  database: AppDatabase & { file: string },
  task: SearchTask,
): Promise<SearchHits> {
  return poolOf(database, database.file).run(task);
}

/** How many threads the database's searches have now; null with none ever started. */
export function searchThreads(database: AppDatabase): number | null {
  return pools.get(database)?.threads.length ?? null;
}

/** How many searches the database's worker thread has answered; null with none started. */
export function searchesOnThread(database: AppDatabase): number | null {
  return pools.get(database)?.completed ?? null;
}
