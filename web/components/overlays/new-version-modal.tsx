import { Sparkles } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { applyUpdate, postponeUpdate, useUpdateOffer } from '../../lib/service-worker.ts';
import { t } from '../../lib/shell-text.ts';

/**
 * Shown when a new version of the app is out, or a lazily loaded screen failed to load while
 * online (its file was replaced by a deployment): updating moves to the new version.
 * A native modal <dialog> traps focus and makes the page behind it inert. After a failed
 * screen it cannot be dismissed (the old version can no longer load its screens); a new version
 * waiting in the service worker can be put off (`onLater`), since the running one still works
 * and an instructor may be in the middle of writing something.
 */
export function NewVersionModal({ onLater }: { onLater?: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      data-testid="new-version-modal"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => event.preventDefault()}
      className="m-auto max-w-[calc(100vw-2rem)] rounded-3xl bg-white p-6 shadow-xl backdrop:bg-stone-900/40 sm:max-w-sm"
    >
      <div className="mb-4 grid size-12 place-items-center rounded-full bg-accent-50 text-accent-600">
        <Sparkles className="size-6" aria-hidden="true" />
      </div>
      <h2 id={titleId} className="text-lg font-semibold text-stone-900">
        {t('newVersion.title')}
      </h2>
      <p id={bodyId} className="mt-1 text-sm leading-6 text-stone-600">
        {t('newVersion.body')}
      </p>
      <button
        type="button"
        onClick={applyUpdate}
        className="mt-6 h-12 w-full rounded-xl bg-accent-600 font-semibold text-white hover:bg-accent-700 active:bg-accent-800"
      >
        {t('newVersion.action')}
      </button>
      {onLater && (
        <button
          type="button"
          onClick={onLater}
          className="mt-2 h-12 w-full rounded-xl font-semibold text-stone-700 hover:bg-stone-100 active:bg-stone-200"
        >
          {t('newVersion.later')}
        </button>
      )}
    </dialog>
  );
}

/** Offers a new version the service worker has installed, once per version unless put off. */
export function UpdateOffer() {
  return useUpdateOffer() ? <NewVersionModal onLater={postponeUpdate} /> : null;
}
