/** Types of scripts/release.mjs for the tests that make a release. */
export function makeRelease(options?: { build?: boolean; out?: string; web?: string }): string;
/** Packs a folder so that the same files give the same bytes; returns the archive's SHA-256. */
export function packReproducibly(stage: string, archive: string, time: number): string;
