/**
 * Keys the web app keeps in the browser's storage that tools outside it set too: the journeys
 * and benchmarks turn the guided tours off before a screen loads.
 */
export const TUTORIAL_AUTOSTART_KEY = 'hv.tutorial.autostart';
