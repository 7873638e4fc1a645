import { sharedFlag } from './shared-flag.ts';

/**
 * Whether any query is fetching, for the shell's loading bar. The bar loads with /login, before
 * TanStack Query, which comes with the screens that ask the server through it
 * (query-client.ts sets this).
 */
export const queriesFetching = sharedFlag(false);
