// No imports: the login screen's bundle carries this, and must not carry zod.
/**
 * The person a page or the service worker sends a write for. On a shared phone the cookie can
 * belong to someone else by the time a queued write goes out (a sign-out and another sign-in
 * meanwhile): the server refuses a write whose session is not this person's, so nothing is
 * ever sent under another person's name (server/plugins/acting-person.ts).
 */
export const actingPersonHeader = 'x-acting-person';
