import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/form.tsx';
import { academy, academyMark } from '../../lib/academy.ts';
import { lazyComponent } from '../../lib/lazy-module.ts';
import { t } from '../../lib/text.ts';
import { iosInstructions, useInstallPrompt } from './install.ts';

// Its dialog code is fetched when the sheet first opens, not with every signed-in screen.
const IosInstallSheet = lazyComponent(() =>
  import('./ios-install-sheet.tsx').then((module) => module.IosInstallSheet),
);

/** Not on first paint: the offer comes once the person has had a moment in the app. */
const OFFER_DELAY_MS = 4_000;

function useAfterDelay(enabled: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setReady(true), OFFER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  return enabled && ready;
}

/**
 * Offers to install the app to a signed-in person, a few seconds in: Chromium's own dialog
 * behind an "Cài đặt" card (put off for 30 days with "Để sau"), or on iPhone Safari the
 * instruction screen, once.
 */
export function InstallOffers({ signedIn }: { signedIn: boolean }) {
  const prompt = useInstallPrompt();
  const ready = useAfterDelay(signedIn);
  const [iosOpen, setIosOpen] = useState(false);
  useEffect(() => {
    if (ready && iosInstructions.shouldShow()) {
      iosInstructions.markSeen();
      setIosOpen(true);
    }
  }, [ready]);

  return (
    <>
      {ready && prompt.available ? (
        <section
          aria-label={t('install.bannerTitle', { academy: academy().shortName })}
          className="mx-auto mt-4 flex w-[calc(100%-2rem)] max-w-5xl items-center gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)] md:w-[calc(100%-4rem)]"
        >
          <img
            src={academyMark(academy())}
            alt=""
            width={44}
            height={44}
            className="size-11 rounded-xl"
          />
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold text-stone-900">
              {t('install.bannerTitle', { academy: academy().shortName })}
            </h2>
            <p className="text-sm text-stone-600">{t('install.bannerBody')}</p>
          </div>
          <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
            <Button className="h-11 px-4" onClick={() => void prompt.install()}>
              {t('install.install')}
            </Button>
            <Button variant="ghost" className="h-11 px-4" onClick={prompt.snooze}>
              {t('install.later')}
            </Button>
          </div>
        </section>
      ) : null}
      {iosOpen ? <IosInstallSheet isOpen onOpenChange={setIosOpen} /> : null}
    </>
  );
}
