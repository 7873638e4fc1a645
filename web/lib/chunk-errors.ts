/**
 * Whether an error is a lazily loaded screen's file failing to load, which after a deployment
 * means the file name changed: the new-version modal then offers a reload.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch|Unable to preload CSS/i.test(
    error.message,
  );
}
