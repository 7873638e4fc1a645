import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '#shared/schemas/accounts';
import type { AcademyIdentity, AcademyIdentityPatch } from '#shared/schemas/identity';
import { setAcademy } from '../../../lib/academy.ts';
import { answer, api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { publicConfigQueryKey } from '../../accounts/index.ts';

/** The academy renamed here at once, and in the public config every screen reads. */
function useShowIdentity() {
  const queryClient = useQueryClient();
  return (identity: AcademyIdentity) => {
    setAcademy(identity);
    queryClient.setQueryData<PublicConfig>(publicConfigQueryKey, (config) =>
      config ? { ...config, academy: identity } : config,
    );
  };
}

/** An admin names the academy and chooses its colour. */
export function useSaveAcademyIdentity() {
  const show = useShowIdentity();
  return useMutation({
    mutationFn: (patch: AcademyIdentityPatch) => answer(api.PUT('/admin/academy', { body: patch })),
    onSuccess: show,
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

/** An admin sets the academy's logo from one image file. */
export function useSetAcademyLogo() {
  const show = useShowIdentity();
  return useMutation({
    mutationFn: (file: Blob) => {
      const form = new FormData();
      form.append('file', file);
      return answer(api.PUT('/admin/academy/logo', { body: form, bodySerializer: (body) => body }));
    },
    onSuccess: show,
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

/** An admin goes back to the product's mark. */
export function useRemoveAcademyLogo() {
  const show = useShowIdentity();
  return useMutation({
    mutationFn: () => answer(api.DELETE('/admin/academy/logo')),
    onSuccess: show,
    meta: { errorToast: t('toasts.updateFailed') },
  });
}
