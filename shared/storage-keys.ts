/**
 * Keys the web app keeps in the browser's storage that code outside it reads or sets too: the
 * journeys and benchmarks turn the guided tours off before a screen loads; the page's inline
 * start (vite.config.ts) asks nothing while a sign-out is owed, nor for a returning member.
 */
export const TUTORIAL_AUTOSTART_KEY = 'hv.tutorial.autostart';

/** A sign-out not yet confirmed by the server (web/lib/device-session.ts). */
export const SIGN_OUT_PENDING_KEY = 'hv.signOutPending';

/** Which member this device was last signed in as, a hint (web/lib/device-session.ts). */
export const MEMBER_HINT_KEY = 'hv.member';
