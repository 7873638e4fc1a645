/** Types of scripts/release.mjs for the tests that make a release. */
export function makeRelease(options?: { build?: boolean; out?: string; web?: string }): string;
