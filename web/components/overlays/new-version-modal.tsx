import * as Dialog from '@radix-ui/react-dialog';
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a new version of the app is out, or a lazily loaded screen failed to load while
 * online (its file was replaced by a deployment): reloading picks up the new version.
 */
export function NewVersionModal({ onUpdate }: { onUpdate?: () => void }) {
  const { t } = useTranslation();
  const update = onUpdate ?? (() => window.location.reload());
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-stone-900/40" />
        <Dialog.Content
          data-testid="new-version-modal"
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          className="fixed inset-x-4 bottom-6 z-[81] mx-auto max-w-sm rounded-3xl bg-white p-6 shadow-xl md:top-1/2 md:bottom-auto md:-translate-y-1/2"
        >
          <div className="mb-4 grid size-12 place-items-center rounded-full bg-accent-50 text-accent-600">
            <Sparkles className="size-6" aria-hidden="true" />
          </div>
          <Dialog.Title className="text-lg font-semibold text-stone-900">
            {t('newVersion.title')}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm leading-6 text-stone-600">
            {t('newVersion.body')}
          </Dialog.Description>
          <button
            type="button"
            onClick={update}
            className="mt-6 h-12 w-full rounded-xl bg-accent-600 font-semibold text-white hover:bg-accent-700 active:bg-accent-800"
          >
            {t('newVersion.action')}
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
