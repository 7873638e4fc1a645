/** Types of scripts/node-support.mjs for the TypeScript that imports it. */
export function isSupported(version?: string): boolean;
export function unsupportedMessage(version?: string): string;
