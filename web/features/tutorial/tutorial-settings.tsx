import { useState } from 'react';
import { useToast } from '../../components/overlays/toast.tsx';
import { Button } from '../../components/ui/form.tsx';
import { ToggleRow } from '../../components/ui/toggle-row.tsx';
import { t } from '../../lib/text.ts';
import { tutorialAutostart, useTutorialReset } from './tutorial.tsx';

/** On the profile of an instructor: whether tours open by themselves, and seeing them again. */
export function TutorialSettings() {
  const { showToast } = useToast();
  const reset = useTutorialReset();
  const [autostart, setAutostart] = useState(tutorialAutostart.isOn());
  if (!reset) return null;
  return (
    <section
      aria-label={t('tutorial.settings')}
      className="overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]"
    >
      <h2 className="px-4 pt-4 text-sm font-semibold tracking-wide text-stone-500 uppercase">
        {t('tutorial.settings')}
      </h2>
      <ToggleRow
        label={t('tutorial.autostart')}
        hint={t('tutorial.autostartHint')}
        checked={autostart}
        onChange={(on) => {
          tutorialAutostart.set(on);
          setAutostart(on);
        }}
      />
      <div className="px-4 pb-4">
        <Button
          variant="secondary"
          onClick={() => {
            reset();
            tutorialAutostart.set(true);
            setAutostart(true);
            showToast(t('tutorial.replayed'), 'success');
          }}
        >
          {t('tutorial.replay')}
        </Button>
      </div>
    </section>
  );
}
