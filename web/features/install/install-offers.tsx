import { CircleCheck, PlusSquare, Share } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetDialog } from '../../components/ui/dialog.tsx';
import { Button } from '../../components/ui/form.tsx';
import { iosInstructions, useInstallPrompt } from './install.ts';

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

/** The iPhone instructions: the share-icon steps, and that push needs the installed app. */
export function IosInstallSheet({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const steps = [
    { icon: Share, text: t('install.iosStep1') },
    { icon: PlusSquare, text: t('install.iosStep2') },
    { icon: CircleCheck, text: t('install.iosStep3') },
  ];
  return (
    <SheetDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('install.iosTitle')}
      footer={
        <Button className="flex-1" onClick={() => onOpenChange(false)}>
          {t('install.iosDone')}
        </Button>
      }
    >
      <p className="text-[15px] leading-6 text-stone-700">{t('install.iosIntro')}</p>
      <ol className="mt-4 flex flex-col gap-3">
        {steps.map(({ icon: Icon, text }, index) => (
          <li key={text} className="flex items-start gap-3">
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-50 font-semibold text-accent-700">
              {index + 1}
            </span>
            <Icon aria-hidden="true" className="mt-1.5 size-5 shrink-0 text-sky-600" />
            <span className="pt-1 text-[15px] leading-6 text-stone-800">{text}</span>
          </li>
        ))}
      </ol>
      <p className="mt-4 rounded-xl bg-amber-50 p-3 text-sm leading-6 text-amber-900">
        {t('install.iosPush')}
      </p>
    </SheetDialog>
  );
}

/**
 * Offers to install the app to a signed-in person, a few seconds in: Chromium's own dialog
 * behind an "Cài đặt" card (put off for 30 days with "Để sau"), or on iPhone Safari the
 * instruction screen, once.
 */
export function InstallOffers({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
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
          aria-label={t('install.bannerTitle')}
          className="mx-auto mt-4 flex w-[calc(100%-2rem)] max-w-5xl items-center gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)] md:w-[calc(100%-4rem)]"
        >
          <img
            src="/icons/icon-192.png"
            alt=""
            width={44}
            height={44}
            className="size-11 rounded-xl"
          />
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold text-stone-900">{t('install.bannerTitle')}</h2>
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
      <IosInstallSheet isOpen={iosOpen} onOpenChange={setIosOpen} />
    </>
  );
}
