import type { Page } from '@playwright/test';

/**
 * The keys of the answers this device keeps for reading offline (web/lib/query-persister.ts),
 * read straight from IndexedDB; an empty list when nothing is kept.
 */
export function keptQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const opening = indexedDB.open('hoc-vien-cache');
        opening.onerror = () => resolve([]);
        opening.onupgradeneeded = () => opening.result.createObjectStore('queries');
        opening.onsuccess = () => {
          const database = opening.result;
          const reading = database
            .transaction('queries', 'readonly')
            .objectStore('queries')
            .get('client');
          reading.onerror = () => resolve([]);
          reading.onsuccess = () => {
            const client = reading.result as
              | { clientState: { queries: Array<{ queryKey: unknown[] }> } }
              | undefined;
            database.close();
            resolve(
              client?.clientState.queries.map((query) => JSON.stringify(query.queryKey)) ?? [],
            );
          };
        };
      }),
  );
}

/** Forgets what this device keeps for reading offline, as a device that never loaded it. */
export function forgetKept(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const removing = indexedDB.deleteDatabase('hoc-vien-cache');
        removing.onsuccess = () => resolve();
        removing.onerror = () => resolve();
        removing.onblocked = () => resolve();
      }),
  );
}
