/**
 * What blocks a phone's main thread, screen by screen: Chromium at 412×823 (Lighthouse's mobile
 * viewport) with its CPU slowed four times, against the production server and the demo academy,
 * traced from navigation until the screen has been still for two seconds. Every task over 50 ms is
 * listed with what ran in it: the browser's own work (style, layout, paint, parsing) and the
 * JavaScript by the source module it came from, read through the build's source maps (build with
 * `npx vite build --sourcemap` first; without maps it names the built chunk).
 *
 * `npm run bench:long-tasks` prints the table; BENCH_LONG_TASKS_ONLY=<text> keeps the pages whose
 * route contains it. Built with React's profiling build (`HV_REACT_PROFILING=1 npx vite build
 * --sourcemap`), it also lists React's own passes of 10 ms or more, by lane: a render in the
 * blocking lane cannot yield, one in the transition lane yields every few milliseconds.
 *
 * Visits: /activity first (signed in, nothing stored, the tour opens), then every screen an
 * instructor returns to with the app installed and the tours done.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { browserCookies } from '../server/test/sessions.ts';
import { TUTORIAL_AUTOSTART_KEY } from '../shared/storage-keys.ts';
import { signInToDemoAcademy } from '../support/demo-academy.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/provision.ts';
import { onMainThread, type TraceEvent, tasksOf } from '../support/trace.ts';
import { returningPages } from './lighthouse.ts';
import { startServer, stopServer } from './served.ts';

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

interface ProfileTraceEvent extends TraceEvent {
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: {
        nodes?: Array<{
          id: number;
          parent?: number;
          callFrame: {
            functionName: string;
            url: string;
            lineNumber: number;
            columnNumber: number;
          };
        }>;
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

export interface LongTask {
  startMs: number;
  durationMs: number;
  /** The browser's and the scripts' work in it, by what it was, largest first (ms). */
  parts: Array<[string, number]>;
}

/** A pass of React's work as its profiling build marks it in a trace (its "Scheduler ⚛" track). */
export interface ReactPass {
  startMs: number;
  durationMs: number;
  /** Blocking, Transition, Suspense or Idle. */
  lane: string;
  /** Render, Commit, Remaining Effects, Update Blocked, … */
  pass: string;
}

export interface LongTaskRow {
  page: string;
  visit: 'first' | 'returning';
  tasks: LongTask[];
  /** Empty unless the build is React's profiling build. */
  reactPasses: ReactPass[];
  /** Each task's time past 50 ms, summed (Lighthouse's total blocking time, unsimulated). */
  blockingMs: number;
}

/** Source maps of the built chunks, read once each. */
const maps = new Map<string, TraceMap | null>();
function traceMap(url: string): TraceMap | null {
  const file = new URL(url).pathname;
  if (!maps.has(file)) {
    const mapFile = path.join('dist/web', `${file}.map`);
    maps.set(file, fs.existsSync(mapFile) ? new TraceMap(fs.readFileSync(mapFile, 'utf8')) : null);
  }
  return maps.get(file) ?? null;
}

/** A frame as the module a person would look for: an npm package, or a file of the app. */
function moduleOf(frame: {
  url: string;
  functionName: string;
  lineNumber: number;
  columnNumber: number;
}): string {
  if (!frame.url) return '(browser)';
  if (!frame.url.startsWith('http')) return frame.url;
  const map = traceMap(frame.url);
  const chunk = new URL(frame.url).pathname;
  if (!map) return chunk;
  let original: ReturnType<typeof originalPositionFor>;
  try {
    original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  } catch {
    // A position past the map's last line (code the bundler added): the chunk names it.
    return chunk;
  }
  if (!original.source) return chunk;
  const source = original.source.replace(/^(\.\.\/)+/, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  const module = inPackage ? inPackage[1]! : source;
  // BENCH_LONG_TASKS_FUNCTIONS=1 names the function too, to find the cause inside a module.
  return process.env.BENCH_LONG_TASKS_FUNCTIONS
    ? `${module}:${original.name ?? frame.functionName}:${original.line}`
    : module;
}

/** Samples of the V8 CPU profile in a trace, as [timestamp µs, module] pairs. */
function profileSamples(events: ProfileTraceEvent[]): Array<[number, string]> {
  const nodes = new Map<number, string>();
  const samples: Array<[number, string]> = [];
  const starts = new Map<string, number>();
  for (const event of events) {
    if (event.name === 'Profile' && event.args?.data?.startTime !== undefined) {
      starts.set(String(event.id), event.args.data.startTime);
    }
  }
  const clocks = new Map(starts);
  for (const event of events) {
    if (event.name !== 'ProfileChunk') continue;
    const data = event.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      const name = node.callFrame.functionName;
      nodes.set(
        node.id,
        name === '(garbage collector)'
          ? '(garbage collection)'
          : name === '(program)' || name === '(idle)' || name === '(root)'
            ? '(browser)'
            : moduleOf(node.callFrame),
      );
    }
    let clock = clocks.get(String(event.id)) ?? 0;
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      clock += deltas[index] ?? 0;
      samples.push([clock, nodes.get(node) ?? '(unknown)']);
    });
    clocks.set(String(event.id), clock);
  }
  return samples.sort((a, b) => a[0] - b[0]);
}

/** The browser's own work, by the trace's names for it. */
const BROWSER_WORK: Record<string, string> = {
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'V8.CompileCode': 'compile',
  'v8.produceModuleCache': 'compile',
  'Decode Image': 'image decode',
  ImageDecodeTask: 'image decode',
};

function longTasks(trace: Buffer, sinceUs: number): LongTask[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: ProfileTraceEvent[] })
    .traceEvents;
  const onMain = onMainThread(events);
  const samples = profileSamples(events);
  const tasks = tasksOf(onMain)
    .filter((event) => event.ts >= sinceUs && (event.dur ?? 0) / 1000 > LONG_TASK_MS)
    .sort((a, b) => a.ts - b.ts);
  return tasks.map((task) => {
    const end = task.ts + task.dur!;
    const parts = new Map<string, number>();
    const add = (name: string, us: number) => parts.set(name, (parts.get(name) ?? 0) + us);
    // The browser's work, outside scripts.
    for (const event of onMain) {
      if (event.ph !== 'X' || event.ts < task.ts || event.ts >= end) continue;
      const kind = BROWSER_WORK[event.name];
      if (kind) add(kind, event.dur ?? 0);
    }
    // Scripts, by the module of the sampled frame.
    const inTask = samples.filter(([time]) => time >= task.ts && time < end);
    for (let index = 0; index < inTask.length; index += 1) {
      const [time, module] = inTask[index]!;
      const next = inTask[index + 1]?.[0] ?? end;
      if (module === '(browser)') continue;
      add(module, Math.min(next - time, 2000));
    }
    return {
      startMs: Math.round((task.ts - sinceUs) / 1000),
      durationMs: Math.round(task.dur! / 1000),
      parts: [...parts]
        .map(([name, us]): [string, number] => [name, Math.round(us / 1000)])
        .filter(([, ms]) => ms >= 3)
        .sort((a, b) => b[1] - a[1]),
    };
  });
}

const REACT_PASS_MS = 10;

/** React's passes of 10 ms or more since `sinceUs` (none unless its profiling build runs). */
function reactPasses(events: ProfileTraceEvent[], sinceUs: number): ReactPass[] {
  return events
    .flatMap((event) => {
      const data = (
        event.args as {
          data?: {
            trackGroup?: string;
            track?: string;
            message?: string;
            start?: number;
            end?: number;
          };
        }
      )?.data;
      if (event.name !== 'TimeStamp' || data?.trackGroup !== 'Scheduler ⚛') return [];
      const { start = 0, end = 0, track = '', message = '' } = data;
      if (start < sinceUs || (end - start) / 1000 < REACT_PASS_MS) return [];
      return [
        {
          startMs: Math.round((start - sinceUs) / 1000),
          durationMs: Math.round((end - start) / 1000),
          lane: track,
          pass: message,
        },
      ];
    })
    .sort((a, b) => a.startMs - b.startMs);
}

/** Opens `url` in `page` under a trace, and waits for two still seconds after the screen shows. */
async function traced(
  context: BrowserContext,
  page: Page,
  url: string,
): Promise<{ tasks: LongTask[]; reactPasses: ReactPass[] }> {
  const devtools = await context.newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const browser = context.browser()!;
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'v8',
      'disabled-by-default-v8.cpu_profiler',
    ],
  });
  await page.goto(url);
  await page.locator('main h1, main article').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(4000);
  const trace = await browser.stopTracing();
  // BENCH_LONG_TASKS_TRACES=<dir> keeps each trace (DevTools' Performance panel opens it).
  const keep = process.env.BENCH_LONG_TASKS_TRACES;
  if (keep) {
    fs.mkdirSync(keep, { recursive: true });
    const name = new URL(url).hash.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    fs.writeFileSync(path.join(keep, `${name}-${Date.now()}.json`), trace);
  }
  // The navigation's own first event marks the start; tasks before it belong to the last page.
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const navigation = events
    .filter((event) => event.name === 'navigationStart' || event.name === 'TracingStartedInBrowser')
    .map((event) => event.ts)
    .sort((a, b) => b - a)[0];
  return {
    tasks: longTasks(trace, navigation ?? 0),
    reactPasses: reactPasses(events as ProfileTraceEvent[], navigation ?? 0),
  };
}

export async function measureLongTasks(): Promise<LongTaskRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-long-tasks-'));
  const mail = await startMailCatcher();
  const server = await startServer({ DATA_DIR: dataDir, SMTP_URL: mail.url });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const only = process.env.BENCH_LONG_TASKS_ONLY ?? '';
  const rows: LongTaskRow[] = [];
  const row = (
    page: string,
    visit: LongTaskRow['visit'],
    { tasks, reactPasses }: Awaited<ReturnType<typeof traced>>,
  ) => {
    const blockingMs = tasks.reduce((sum, task) => sum + task.durationMs - LONG_TASK_MS, 0);
    rows.push({ page, visit, tasks, blockingMs, reactPasses });
  };
  try {
    const cookie = await signInToDemoAcademy(server.url, mail);
    const phone = {
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    };
    if ('/activity'.includes(only)) {
      const context = await browser.newContext(phone);
      await context.addCookies(browserCookies(cookie, server.url));
      const page = await context.newPage();
      row('/activity', 'first', await traced(context, page, `${server.url}/#/activity`));
      await context.close();
    }
    const context = await browser.newContext(phone);
    await context.addCookies(browserCookies(cookie, server.url));
    const setUp = await context.newPage();
    await setUp.goto(`${server.url}/#/activity`);
    await setUp.evaluate((key) => localStorage.setItem(key, 'off'), TUTORIAL_AUTOSTART_KEY);
    await setUp.reload();
    await setUp.getByRole('article').first().waitFor();
    await setUp.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await setUp.waitForTimeout(2000);
    await setUp.close();
    for (const route of await returningPages(server.url, cookie)) {
      if (!route.includes(only)) continue;
      const page = await context.newPage();
      row(route, 'returning', await traced(context, page, `${server.url}/#${route}`));
      await page.close();
    }
    return rows;
  } finally {
    await browser.close();
    await stopServer(server.child);
    await mail.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printLongTasks(rows: LongTaskRow[]) {
  for (const row of rows) {
    console.info(
      `\n${row.visit} ${row.page}: ${row.tasks.length} long tasks, blocking ${row.blockingMs} ms`,
    );
    for (const task of row.tasks) {
      const parts = task.parts
        .slice(0, 6)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', ');
      console.info(`  @${task.startMs} ms  ${task.durationMs} ms: ${parts}`);
    }
    if (row.reactPasses.length > 0) console.info('  React (profiling build):');
    for (const pass of row.reactPasses)
      console.info(`  @${pass.startMs} ms  ${pass.durationMs} ms: ${pass.lane} ${pass.pass}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printLongTasks(await measureLongTasks());
}
