import { config, z } from 'zod';

// Every shared schema imports zod from here, so this runs before any schema is built: in the
// browser Zod must not compile validators with `new Function` (the CSP forbids eval, and even
// Zod's probe for it reports a violation). The server keeps Zod's faster compiled validators.
if (typeof document !== 'undefined') config({ jitless: true });

export { z };
