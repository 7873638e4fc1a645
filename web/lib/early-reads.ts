/*
 * The first reads the page asked for itself, before the app's JavaScript arrived (vite.config.ts,
 * earlyStart): who is signed in and the feed's first page. The API client takes each answer once,
 * instead of asking again, while it is fresh.
 */

declare global {
  interface Window {
    __hvEarlyReads?: Record<string, Promise<Response>>;
  }
}

/** Past this time after the page opened an early answer is not used: it may be out of date. */
const FRESH_FOR_MS = 15_000;

/** The answer asked for early to `GET /api{path}`, if there is one not yet taken. */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const reads = window.__hvEarlyReads;
  const read = reads?.[path];
  if (!reads || !read) return undefined;
  delete reads[path];
  return performance.now() < FRESH_FOR_MS ? read : undefined;
}

/**
 * The early answer to `GET /api{path}` without taking it, for a look at it before the API client
 * takes it (first-photo.ts); its reader clones the response, synchronously on its arrival, before
 * the client reads the body.
 */
export function peekEarlyRead(path: string): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  return window.__hvEarlyReads?.[path];
}

/** Forgets every early answer not taken: a sign-out or another person's sign-in. */
export function dropEarlyReads(): void {
  if (typeof window !== 'undefined') window.__hvEarlyReads = {};
}
