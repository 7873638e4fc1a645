import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { contrastText, contrastWithWhite } from '#shared/identity';
import { limits } from '#shared/limits';
import type { AcademyIdentityPatch } from '#shared/schemas/identity';
import { useToast } from '../../../components/overlays/toast.tsx';
import { Button, TextField } from '../../../components/ui/form.tsx';
import { academyMark, useAcademy } from '../../../lib/academy.ts';
import { reasonOr } from '../../../lib/api-client.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import {
  useRemoveAcademyLogo,
  useSaveAcademyIdentity,
  useSetAcademyLogo,
} from '../api/identity.ts';
import { AdminSection } from './admin-section.tsx';

const resolver = lazyZodResolver(() =>
  import('#shared/schemas/identity').then((schemas) => schemas.AcademyIdentityPatch),
);

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The academy's logo: what shows now, a file to replace it, and the way back to the product's. */
function LogoField() {
  const { showToast } = useToast();
  const identity = useAcademy();
  const input = useRef<HTMLInputElement>(null);
  const setLogo = useSetAcademyLogo();
  const removeLogo = useRemoveAcademyLogo();
  const busy = setLogo.isPending || removeLogo.isPending;
  const own = identity.logoVersion !== null;
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-stone-700">{t('screens.adminTools.logo')}</p>
      <div className="flex items-center gap-4">
        <img
          src={academyMark(identity, 'icon-192')}
          alt={t('screens.adminTools.logoAlt', { name: identity.name })}
          width={72}
          height={72}
          className="size-18 shrink-0 rounded-2xl border border-stone-200 bg-stone-50 object-contain"
          data-testid="academy-logo-preview"
        />
        <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
          <Button
            variant="secondary"
            className="h-11 px-4"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {own ? t('screens.adminTools.logoChange') : t('screens.adminTools.logoChoose')}
          </Button>
          {own ? (
            <Button
              variant="ghost"
              className="h-11 px-4"
              disabled={busy}
              onClick={() =>
                write(removeLogo, undefined, {
                  onSuccess: () => showToast(t('screens.adminTools.logoRemoved'), 'success'),
                })
              }
            >
              {t('screens.adminTools.logoRemove')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-xs text-stone-500">
        {own ? null : `${t('screens.adminTools.logoNone')} `}
        {t('screens.adminTools.logoHint')}
      </p>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('screens.adminTools.logoChoose')}
        data-testid="academy-logo-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          write(setLogo, file, {
            onSuccess: () => showToast(t('screens.adminTools.logoSaved'), 'success'),
            onError: (failure) => showToast(reasonOr(failure, t('toasts.updateFailed')), 'error'),
          });
        }}
      />
    </div>
  );
}

/** Admins name the academy, give it a home-screen name, a colour and a logo. */
export function IdentitySection() {
  const { showToast } = useToast();
  const identity = useAcademy();
  const save = useSaveAcademyIdentity();
  const form = useForm<AcademyIdentityPatch>({
    resolver,
    // The academy as the server last said: filled again when that changes (another admin, the
    // public config's fresh answer), keeping what this admin has typed.
    values: { name: identity.name, shortName: identity.shortName, themeColor: identity.themeColor },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;
  const chosen = useWatch({ control: form.control, name: 'themeColor' });
  const swatch = HEX.test(chosen) ? chosen : identity.themeColor;
  const ratio = contrastWithWhite(swatch.toLowerCase());
  const submit = form.handleSubmit((patch) => {
    if (save.isPending) return;
    write(save, patch, {
      onSuccess: (saved) => {
        form.reset({ name: saved.name, shortName: saved.shortName, themeColor: saved.themeColor });
        showToast(t('screens.adminTools.identitySaved'), 'success');
      },
      onError: (failure) => showToast(reasonOr(failure, t('toasts.updateFailed')), 'error'),
    });
  });
  return (
    <AdminSection title={t('screens.adminTools.identity')}>
      <div className="space-y-5 p-4">
        <p className="text-sm text-stone-600">{t('screens.adminTools.identityHint')}</p>
        <LogoField />
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="space-y-4"
          aria-label={t('screens.adminTools.identity')}
        >
          <TextField
            label={t('screens.adminTools.academyName')}
            hint={t('screens.adminTools.academyNameHint')}
            autoComplete="organization"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextField
            label={t('screens.adminTools.shortName')}
            hint={t('screens.adminTools.shortNameHint')}
            error={errors.shortName?.message}
            {...form.register('shortName')}
          />
          <div className="flex items-end gap-3">
            <TextField
              className="min-w-0 flex-1"
              label={t('screens.adminTools.themeColor')}
              hint={t('screens.adminTools.themeColorHint')}
              autoCapitalize="none"
              spellCheck={false}
              error={errors.themeColor?.message}
              {...form.register('themeColor')}
            />
            <input
              type="color"
              value={swatch}
              aria-label={t('screens.adminTools.themeColorPick')}
              className="mb-[1.85rem] size-12 shrink-0 cursor-pointer rounded-xl border border-stone-300 bg-white p-1"
              onChange={(event) =>
                form.setValue('themeColor', event.target.value, { shouldDirty: true })
              }
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <span
              className="inline-flex h-11 items-center rounded-xl px-4 text-[15px] font-semibold text-white"
              style={{ backgroundColor: swatch }}
              data-testid="theme-preview"
            >
              {t('screens.adminTools.themeColorPreview')}
            </span>
            <span
              className={`text-xs ${ratio < limits.themeContrastMin ? 'font-semibold text-red-700' : 'text-stone-500'}`}
              data-testid="theme-contrast"
            >
              {t('screens.adminTools.themeColorRatio', { ratio: contrastText(ratio) })}
            </span>
            <Button type="submit" className="ml-auto px-6" disabled={save.isPending}>
              {t('screens.adminTools.save')}
            </Button>
          </div>
        </form>
      </div>
    </AdminSection>
  );
}
