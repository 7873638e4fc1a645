/*
 * The fixed phones speed is judged on, whatever this host's speed is that minute (issue #68).
 * Chrome DevTools calibrates its CPU throttling by the host's benchmark index, Lighthouse's
 * measure of a CPU: a mid-tier phone (Pixel 5 class: the Galaxy A and Redmi phones instructors
 * carry) is a host of index 1,000, a low-tier phone one of 264. A task that takes t on a host of
 * index i takes t × i / 1,000 on the mid-tier phone; Lighthouse's fixed 4× emulates a different
 * phone on every host.
 */

import type { Page } from '@playwright/test';
import { mainThreadTaskCpuMs, mainThreadTaskMs, type TraceEvent } from './trace.ts';

/** The benchmark index of the phones the project judges its screens on. */
export const PHONES = { mid: 1_000, low: 264 } as const;
export type PhoneTier = keyof typeof PHONES;

/**
 * The page's side of the measure, as source text: a function handed to `page.evaluate` would be
 * transformed by whichever loader runs the caller (tsx names inner functions with a helper the
 * page does not have).
 */
const BENCHMARK = `(() => {
  function perSecond(work) {
    const start = performance.now();
    let rounds = 0;
    while (rounds % 10 !== 0 || performance.now() - start < 500) {
      work();
      rounds += 1;
    }
    return rounds / 10 / ((performance.now() - start) / 1000);
  }
  const strings = perSecond(function () {
    let text = '';
    for (let index = 0; index < 10000; index += 1) text += 'a';
    // Read, so the engine cannot drop the loop.
    if (text.length === 1) throw new Error('unreachable');
  });
  const from = [];
  const to = [];
  for (let index = 0; index < 100000; index += 1) from[index] = to[index] = index;
  let turn = 0;
  const arrays = perSecond(function () {
    const source = turn % 2 === 0 ? from : to;
    const target = turn % 2 === 0 ? to : from;
    for (let index = 0; index < source.length; index += 1) target[index] = source[index];
    turn += 1;
  });
  return (strings + arrays) / 2;
})()`;

/**
 * This host's benchmark index as Lighthouse measures it (its `environment.benchmarkIndex`): the
 * mean of how many times a second, divided by ten, the page builds a 10,000-character string and
 * copies a 100,000-element array, each for half a second. By default counted per second of the
 * page's main thread's own CPU time (from a trace): on a busy two-core host the clock also counts
 * the time other processes had the CPU, and the index would move with them. `by: 'clock'` counts
 * by the clock, as Lighthouse does: what its simulation, which scales the clock times it
 * observed, is calibrated by.
 */
export async function hostBenchmarkIndex(
  page: Page,
  { by = 'cpu' }: { by?: 'cpu' | 'clock' } = {},
): Promise<number> {
  const browser = page.context().browser();
  if (!browser) throw new Error('hostBenchmarkIndex needs a page of a launched browser');
  if (by === 'cpu') await browser.startTracing(page, { categories: ['toplevel'] });
  const byClock = (await page.evaluate(BENCHMARK)) as number;
  if (by === 'clock') return Math.round(byClock);
  const events = (
    JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }
  ).traceEvents;
  // The benchmark is the main thread's longest task (about a second): its clock time over its
  // CPU time is how much of the clock the thread had.
  const clock = mainThreadTaskMs(events);
  const cpu = mainThreadTaskCpuMs(events);
  const longest = clock.indexOf(Math.max(...clock));
  const share = longest >= 0 && cpu[longest]! > 0 ? clock[longest]! / cpu[longest]! : 1;
  return Math.round(byClock * Math.max(1, share));
}

/** Lighthouse's CPU slowdown that makes this host the phone (never under 1). */
export const cpuSlowdownFor = (hostIndex: number, tier: PhoneTier): number =>
  Math.max(1, Math.round((hostIndex / PHONES[tier]) * 100) / 100);

/** How much longer a task of this host takes on the phone (under 1 on a host slower than it). */
export const phoneFactor = (hostIndex: number, tier: PhoneTier): number => hostIndex / PHONES[tier];
