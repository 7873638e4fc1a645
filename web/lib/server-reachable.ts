import { sharedFlag } from './shared-flag.ts';

/**
 * Whether the academy's server answered the app's last request. The browser may say it is
 * online (a phone on a dead Wi-Fi, a captive portal, the academy's machine restarting) while
 * nothing reaches the server: a request that fails before any answer marks the server
 * unreachable, the next answer of any kind marks it reachable again.
 */
export const serverReachable = sharedFlag(true);
