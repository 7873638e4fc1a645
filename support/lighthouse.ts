import fs from 'node:fs';
import path from 'node:path';
import lighthouse, { type RunnerResult } from 'lighthouse';

export interface LighthouseScores {
  /** Where the page ended up (a signed-out visit to /activity ends at /login). */
  finalUrl: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The audits that fail, with their titles (scores under 0.9, for a reader to act on). */
  failing: string[];
  /** First and largest contentful paint and total blocking time, as Lighthouse simulates them. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Cumulative layout shift. */
  cls: number;
  /**
   * Lighthouse's measure of the host's CPU (a mid-range phone's reference desktop scores about
   * 1,000 and up): under it, the fixed 4× slowdown emulates a slower phone than intended.
   */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated (Lighthouse's mobile profile: 4 unless set). */
  cpuSlowdownMultiplier: number;
}

interface AuditOptions {
  /** Sent with every request: a signed-in visit. */
  cookie?: string;
  categories?: Array<'performance' | 'accessibility' | 'best-practices'>;
  /** Keeps the browser's storage and caches (a returning visit); Lighthouse clears them otherwise. */
  keepStorage?: boolean;
  /** Kept reports are named by the page and this (a visit and a run). */
  name?: string;
  /** The simulated CPU slowdown (support/phone.ts calibrates it to a phone); else the profile's 4. */
  cpuSlowdownMultiplier?: number;
}

/** What a visit that keeps nothing clears before it opens the page. */
const FIRST_VISIT_CLEARS = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'local_storage',
  'indexeddb',
] as const;

/**
 * One Lighthouse run on the mobile profile against a Chromium listening for DevTools on `port`
 * (the benchmark's scores, and the journey that holds accessibility and best practices to
 * their floor).
 */
export async function audit(
  url: string,
  port: number,
  {
    cookie,
    categories = ['performance', 'accessibility', 'best-practices'],
    keepStorage = false,
    name = '',
    cpuSlowdownMultiplier,
  }: AuditOptions = {},
): Promise<LighthouseScores> {
  // A run Lighthouse could not finish (about one in ten here) has no scores: it is taken again
  // once, then its reason is given rather than zeros.
  let result: RunnerResult | undefined;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      disableStorageReset: keepStorage,
      // A visit that does not keep storage starts from nothing: Lighthouse's own reset leaves
      // local storage and IndexedDB, where the app keeps who was signed in and her last answers,
      // so a second "first visit" would be a returning one without its service worker.
      ...(keepStorage ? {} : { clearStorageTypes: [...FIRST_VISIT_CLEARS] }),
      ...(cookie ? { extraHeaders: { cookie } } : {}),
      // Merged into the mobile profile's throttling: only the CPU changes.
      ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError) break;
  }
  if (!result || result.lhr.runtimeError) {
    const error = result?.lhr.runtimeError;
    throw new Error(`Lighthouse on ${url} did not finish: ${error?.code} ${error?.message}`);
  }
  // BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each full report (open in the Lighthouse viewer).
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) {
    fs.mkdirSync(reports, { recursive: true });
    const page = new URL(url).hash.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
    fs.writeFileSync(
      path.join(reports, `${[page, name].filter(Boolean).join('.')}.json`),
      String(result.report),
    );
  }
  const { audits } = result.lhr;
  const score = (key: string) => Math.round((result.lhr.categories[key]?.score ?? 0) * 100);
  const failing = Object.values(audits)
    .filter(
      (item) =>
        item.score !== null &&
        item.score < 0.9 &&
        item.scoreDisplayMode !== 'informative' &&
        item.scoreDisplayMode !== 'manual',
    )
    .map((item) => {
      // The first element an audit names, so a failure says where without the report.
      const details = item.details as { items?: Array<{ node?: { snippet?: string } }> };
      const where = details?.items?.[0]?.node?.snippet;
      return `${item.id} (${item.score})${where ? ` at ${where.slice(0, 160)}` : ''}`;
    });
  const millis = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
  return {
    finalUrl: result.lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    failing,
    fcpMs: millis('first-contentful-paint'),
    lcpMs: millis('largest-contentful-paint'),
    tbtMs: millis('total-blocking-time'),
    cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    cpuSlowdownMultiplier: result.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4,
  };
}
