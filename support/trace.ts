/*
 * Reading a Chromium trace (Playwright's `browser.startTracing`) the way the phone benchmarks and
 * the long-task journey need it: the page's main thread and its tasks.
 */

/** The fields of a trace event these readers use. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event (absent on some events). */
  tdur?: number;
  args?: { name?: string };
}

/**
 * The tasks of every thread's loop: "RunTask" events, which the timeline's detailed category
 * records, or else the "ThreadControllerImpl::RunTask" of the `toplevel` category (a trace with
 * both has each task twice).
 */
export function tasksOf<Event extends TraceEvent>(events: Event[]): Event[] {
  const name = events.some((event) => event.name === 'RunTask')
    ? 'RunTask'
    : 'ThreadControllerImpl::RunTask';
  return events.filter((event) => event.ph === 'X' && event.name === name);
}

const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;

/**
 * The page's main thread, as "pid:tid": a renderer's main thread (by the trace's names for its
 * threads), the busiest if there are several.
 */
export function mainThread(events: TraceEvent[]): string | undefined {
  const rendererMains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map(threadOf),
  );
  const busy = new Map<string, number>();
  for (const task of tasksOf(events)) {
    if (!rendererMains.has(threadOf(task))) continue;
    busy.set(threadOf(task), (busy.get(threadOf(task)) ?? 0) + (task.dur ?? 0));
  }
  return [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The events of the page's main thread. */
export function onMainThread<Event extends TraceEvent>(events: Event[]): Event[] {
  const main = mainThread(events);
  return events.filter((event) => threadOf(event) === main);
}

/** The main thread's task durations, in ms. */
export function mainThreadTaskMs(events: TraceEvent[]): number[] {
  return tasksOf(onMainThread(events)).map((task) => (task.dur ?? 0) / 1000);
}

/**
 * The main thread's task CPU times, in ms: the time each task ran, without the time the
 * thread waited for a CPU that other processes (the server, the browser, the host's
 * neighbours) were using.
 */
export function mainThreadTaskCpuMs(events: TraceEvent[]): number[] {
  return tasksOf(onMainThread(events)).map((task) => (task.tdur ?? task.dur ?? 0) / 1000);
}

/** Lighthouse's total blocking time of tasks (ms): each one's time past 50 ms, summed. */
export const blockingMs = (taskMs: number[]): number =>
  Math.round(taskMs.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0));
