import { useEffect, useState } from 'react';
import { installPrompt } from '../../lib/install-prompt.ts';
import { readLocal, writeLocal } from '../../lib/local-store.ts';

/*
 * Installing the app: Chromium's own prompt (`beforeinstallprompt`) on Android and desktop, and
 * on iPhone Safari — which has no prompt — an instruction screen, shown once.
 */

const IOS_SEEN_KEY = 'hv.install.iosSeen';
const PROMPT_SNOOZED_KEY = 'hv.install.snoozedUntil';
const SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iPhone or iPad Safari (not another browser on iOS, which cannot install), not installed. */
export function isIosSafariInBrowser(userAgent = navigator.userAgent): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
  return ios && !otherBrowser && /Safari/.test(userAgent) && !isStandalone();
}

export const iosInstructions = {
  /** Shown once: after it was seen, only on request (the push offer links to it). */
  shouldShow: () => isIosSafariInBrowser() && readLocal(IOS_SEEN_KEY) === null,
  markSeen: () => writeLocal(IOS_SEEN_KEY, String(Date.now())),
};

/**
 * The browser's install prompt when it offers one and the person has not put it off in the
 * last 30 days: `install()` shows the browser's dialog, `snooze()` hides the offer.
 */
export function useInstallPrompt() {
  const [, rerender] = useState(0);
  useEffect(() => installPrompt.subscribe(() => rerender((n) => n + 1)), []);
  const snoozedUntil = Number(readLocal(PROMPT_SNOOZED_KEY) ?? 0);
  const available = installPrompt.pending() !== null && Date.now() > snoozedUntil;
  return {
    available,
    install: async () => {
      const event = installPrompt.take();
      if (!event) return;
      await event.prompt();
      const choice = await event.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
      if (choice.outcome === 'dismissed')
        writeLocal(PROMPT_SNOOZED_KEY, String(Date.now() + SNOOZE_MS));
      rerender((n) => n + 1);
    },
    snooze: () => {
      writeLocal(PROMPT_SNOOZED_KEY, String(Date.now() + SNOOZE_MS));
      rerender((n) => n + 1);
    },
  };
}
