import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../../components/overlays/toast.tsx';
import { Button } from '../../components/ui/form.tsx';
import { academy } from '../../lib/academy.ts';
import { t } from '../../lib/text.ts';
import { write } from '../../lib/write.ts';
import { IosInstallSheet, isIosSafariInBrowser } from '../install/index.ts';
import { useEnablePush } from './api/enable-push.ts';
import { usePushPermission } from './push.ts';

/**
 * Offers push notifications on this device, on the notifications screen: a moment when the
 * person is thinking about being told things, and a tap the browser requires for the question.
 */
export function PushOffer({ personId }: { personId: string }) {
  const { showToast } = useToast();
  const [permission, refresh] = usePushPermission();
  const enabling = useEnablePush(personId);
  const ask = () =>
    write(enabling, undefined, {
      onSuccess: (decided) => {
        if (decided === 'granted') showToast(t('screens.notifications.push.enabled'), 'success');
      },
      // The browser's answer (granted, denied, or the question dismissed) decides what shows next.
      onSettled: () => refresh(),
    });
  const busy = enabling.isPending;
  const [howTo, setHowTo] = useState(false);
  if (permission === 'unsupported' && isIosSafariInBrowser()) {
    // iPhone Safari has no push outside the installed app: say so, and how to install.
    return (
      <section
        aria-label={t('screens.notifications.push.title')}
        className="flex items-start gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]"
      >
        <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-stone-900">{t('screens.notifications.push.title')}</h2>
          <p className="mt-1 text-sm text-stone-600">
            {t('install.iosPushOffer', { academy: academy().shortName })}
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => setHowTo(true)}>
            {t('install.iosHowTo')}
          </Button>
        </div>
        <IosInstallSheet isOpen={howTo} onOpenChange={setHowTo} />
      </section>
    );
  }
  if (permission === 'unsupported' || permission === 'granted') return null;

  const enable = () => {
    if (!enabling.isPending) ask();
  };

  return (
    <section
      aria-label={t('screens.notifications.push.title')}
      className="flex items-start gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]"
    >
      <BellRing aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-stone-900">{t('screens.notifications.push.title')}</h2>
        {permission === 'denied' ? (
          <p className="mt-1 text-sm text-stone-600">{t('screens.notifications.push.denied')}</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-stone-600">{t('screens.notifications.push.body')}</p>
            <Button className="mt-3" onClick={() => void enable()} busy={busy}>
              {t('screens.notifications.push.enable')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
