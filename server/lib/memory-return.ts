import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';

export interface MemoryReturnOptions {
  /** No request for this long: the load is over. */
  idleMs: number;
  /** How often the heap is looked at. */
  checkMs: number;
  /** The heap V8 holds has grown this much past what it held after the last return. */
  slackBytes: number;
  /** Collects the garbage and gives the free heap back (a test's own in tests). */
  collect?: () => void;
  /** What V8 holds for the JavaScript heap now (a test's own in tests). */
  heldBytes?: () => number;
}

export const memoryReturnDefaults: MemoryReturnOptions = {
  idleMs: 15_000,
  checkMs: 5_000,
  slackBytes: 48 * 1024 * 1024,
};

/**
 * V8's full collection that shrinks the heap to what is alive and gives the rest back to the
 * system (the one it runs itself when the system is short of memory). The `gc` function exists
 * only in a context made while `--expose-gc` is set; the flag is off again at once, so no page
 * or script ever sees it.
 */
export function heapShrinkingCollector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  let gc: (options: object) => void;
  try {
    gc = vm.runInNewContext('gc') as typeof gc;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** What V8 holds for the JavaScript heap now, used or not. */
export const heldHeapBytes = () => v8.getHeapStatistics().total_heap_size;

/**
 * Gives the memory a burst of load grew back once the server is idle again. Under load V8
 * grows its heap, the young generation most (to tens of megabytes a semi-space), and keeps it:
 * its own reducer waits for a low allocation rate, which it measures only when it collects,
 * and an idle server allocates nothing and so never collects. A server of a small academy
 * would hold the memory of its busiest minute all day, beside the database on the same small
 * machine. So when no request has arrived for `idleMs` and the held heap has grown `slackBytes`
 * past what it was after the last return, the heap is collected and shrunk once (a pause of a
 * fraction of a second, only when nobody is asking). Returns the function that stops it.
 */
export function returnMemoryWhenIdle(
  app: FastifyInstance,
  options: MemoryReturnOptions = memoryReturnDefaults,
): () => void {
  const collect = options.collect ?? heapShrinkingCollector();
  const held = options.heldBytes ?? heldHeapBytes;
  let lastRequestAt = Date.now();
  let baseline = held();
  app.addHook('onRequest', async () => {
    lastRequestAt = Date.now();
  });
  const timer = setInterval(() => {
    if (Date.now() - lastRequestAt < options.idleMs) return;
    if (held() - baseline < options.slackBytes) return;
    collect();
    baseline = held();
  }, options.checkMs);
  timer.unref();
  return () => clearInterval(timer);
}
