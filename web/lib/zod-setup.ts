import { config } from 'zod';

// Zod compiles validators with `new Function` unless told not to, and the CSP forbids eval.
// This module is imported first by main.tsx so it runs before any schema is built.
config({ jitless: true });
