import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '#shared/schemas/accounts';
import type { PublicConfigPatch } from '#shared/schemas/config';
import { useToast } from '../../components/overlays/toast.tsx';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import { ToggleRow } from '../../components/ui/toggle-row.tsx';
import { publicConfigQueryKey, usePublicConfig } from '../../features/accounts/api/session.ts';
import { UploadSettingsForm } from '../../features/media/components/upload-settings-form.tsx';
import { ApiError, apiRequest } from '../../lib/api-client.ts';

export default function AdminToolsScreen() {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const { data: config } = usePublicConfig();
  const change = useMutation({
    mutationFn: (patch: PublicConfigPatch) =>
      apiRequest<PublicConfig>('/admin/public-config', { method: 'PATCH', body: patch }),
    onSuccess: (saved) => {
      queryClient.setQueryData(publicConfigQueryKey, saved);
      showToast(t('screens.adminTools.saved'), 'success');
    },
    onError: (failure) =>
      showToast(failure instanceof ApiError ? failure.message : t('toasts.updateFailed'), 'error'),
  });
  return (
    <>
      <PageHeader
        title={t('screens.adminTools.title')}
        subtitle={t('screens.adminTools.subtitle')}
      />
      <PageBody>
        <section
          aria-labelledby="access-heading"
          className="overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]"
        >
          <h2
            id="access-heading"
            className="px-4 pt-4 text-sm font-semibold tracking-wide text-stone-500 uppercase"
          >
            {t('screens.adminTools.access')}
          </h2>
          <div className="divide-y divide-stone-100">
            <ToggleRow
              label={t('screens.adminTools.studentAccess')}
              hint={t('screens.adminTools.studentAccessHint')}
              checked={config?.studentAccessEnabled ?? false}
              disabled={!config || change.isPending}
              onChange={(on) => change.mutate({ studentAccessEnabled: on })}
            />
            <ToggleRow
              label={t('screens.adminTools.guestMode')}
              hint={t('screens.adminTools.guestModeHint')}
              checked={config?.guestModeEnabled ?? false}
              disabled={!config || change.isPending}
              onChange={(on) => change.mutate({ guestModeEnabled: on })}
            />
          </div>
        </section>
        <section
          aria-labelledby="uploads-heading"
          className="mt-5 overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]"
        >
          <h2
            id="uploads-heading"
            className="px-4 pt-4 text-sm font-semibold tracking-wide text-stone-500 uppercase"
          >
            {t('screens.adminTools.uploads')}
          </h2>
          <UploadSettingsForm />
        </section>
      </PageBody>
    </>
  );
}
