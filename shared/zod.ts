import { config, z } from 'zod';

// Every shared schema imports zod from here, so this runs before any schema is built: in the
// browser Zod must not compile validators with `new Function` (the CSP forbids eval, and even
// Zod's probe for it reports a violation). The server keeps Zod's faster compiled validators.
if (typeof document !== 'undefined') config({ jitless: true });

export { z };

/**
 * An id as the server makes them: a lower-case UUID. Capitals a client sends are folded here, at
 * the edge, so one id can never be two posts (or a second copy of one).
 */
export const uuid = (params?: Parameters<typeof z.uuid>[0]) =>
  z.uuid(params).overwrite((value) => value.toLowerCase());
