import { CircleCheck, PlusSquare, Share } from 'lucide-react';
import { SheetDialog } from '../../components/ui/dialog.tsx';
import { Button } from '../../components/ui/form.tsx';
import { academy } from '../../lib/academy.ts';
import { t } from '../../lib/text.ts';

/** The iPhone instructions: the share-icon steps, and that push needs the installed app. */
export function IosInstallSheet({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const steps = [
    { icon: Share, text: t('install.iosStep1') },
    { icon: PlusSquare, text: t('install.iosStep2') },
    { icon: CircleCheck, text: t('install.iosStep3') },
  ];
  return (
    <SheetDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('install.iosTitle', { academy: academy().shortName })}
      footer={
        <Button className="flex-1" onClick={() => onOpenChange(false)}>
          {t('install.iosDone')}
        </Button>
      }
    >
      <p className="text-[15px] leading-6 text-stone-700">
        {t('install.iosIntro', { academy: academy().shortName })}
      </p>
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
        {t('install.iosPush', { academy: academy().shortName })}
      </p>
    </SheetDialog>
  );
}
