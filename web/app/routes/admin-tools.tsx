import { FileSpreadsheet } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicConfigPatch } from '#shared/schemas/config';
import { useToast } from '../../components/overlays/toast.tsx';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import { ToggleRow } from '../../components/ui/toggle-row.tsx';
import { usePublicConfig } from '../../features/accounts/api/me.ts';
import { useChangePublicConfig, useServerVersion } from '../../features/admin/api/admin-tools.ts';
import { AdminSection } from '../../features/admin/components/admin-section.tsx';
import { FeedbackSection } from '../../features/admin/components/feedback-section.tsx';
import { IdentitySection } from '../../features/admin/components/identity-section.tsx';
import {
  ActivityLogSection,
  ErrorLogSection,
} from '../../features/admin/components/log-sections.tsx';
import { MaintenanceSections } from '../../features/admin/components/maintenance-sections.tsx';
import { ShowcaseConsentsSection } from '../../features/admin/components/showcase-section.tsx';
import { UploadSettingsForm } from '../../features/media/components/upload-settings-form.tsx';
import { ImportDownloads } from '../../features/students/components/import-downloads.tsx';
import { ti } from '../../features/students/components/import-text.ts';
import { t } from '../../lib/text.ts';
import { write } from '../../lib/write.ts';

function ServerVersion() {
  const { data: version } = useServerVersion();
  if (!version) return null;
  return (
    <p className="mt-6 text-center text-stone-500 text-xs" data-testid="server-version">
      {t('screens.adminTools.version', { version })}
    </p>
  );
}

export default function AdminToolsScreen() {
  const { showToast } = useToast();
  const { data: config } = usePublicConfig();
  const change = useChangePublicConfig();
  const save = (patch: PublicConfigPatch) =>
    write(change, patch, { onSuccess: () => showToast(t('screens.adminTools.saved'), 'success') });
  return (
    <>
      <PageHeader
        title={t('screens.adminTools.title')}
        subtitle={t('screens.adminTools.subtitle')}
        back="/profile"
      />
      <PageBody>
        <div className="pb-10">
          <IdentitySection />
          <AdminSection title={ti('entry')}>
            <div className="flex flex-col gap-3 p-4">
              <p className="text-sm text-stone-600">{ti('entryHint')}</p>
              <Link
                to="/student-import"
                className="inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-accent-600 px-5 text-[15px] font-semibold text-white hover:bg-accent-700"
              >
                <FileSpreadsheet className="size-5" aria-hidden="true" />
                {ti('entry')}
              </Link>
              <ImportDownloads />
            </div>
          </AdminSection>
          <AdminSection title={t('screens.adminTools.access')}>
            <div className="divide-y divide-stone-100">
              <ToggleRow
                label={t('screens.adminTools.studentAccess')}
                hint={t('screens.adminTools.studentAccessHint')}
                checked={config?.studentAccessEnabled ?? false}
                disabled={!config || change.isPending}
                onChange={(on) =>
                  save({
                    studentAccessEnabled: on,
                    previous: { studentAccessEnabled: config?.studentAccessEnabled ?? false },
                  })
                }
              />
              <ToggleRow
                label={t('screens.adminTools.guestMode')}
                hint={t('screens.adminTools.guestModeHint')}
                checked={config?.guestModeEnabled ?? false}
                disabled={!config || change.isPending}
                onChange={(on) =>
                  save({
                    guestModeEnabled: on,
                    previous: { guestModeEnabled: config?.guestModeEnabled ?? false },
                  })
                }
              />
              <ToggleRow
                label={t('screens.adminTools.showcase')}
                hint={t('screens.adminTools.showcaseHint')}
                checked={config?.showcaseEnabled ?? false}
                disabled={!config || change.isPending}
                onChange={(on) =>
                  save({
                    showcaseEnabled: on,
                    previous: { showcaseEnabled: config?.showcaseEnabled ?? false },
                  })
                }
              />
            </div>
          </AdminSection>
          <ShowcaseConsentsSection open={config?.showcaseEnabled ?? false} />
          <AdminSection title={t('screens.adminTools.uploads')}>
            <UploadSettingsForm />
          </AdminSection>
          <FeedbackSection />
          <ActivityLogSection />
          <ErrorLogSection />
          <MaintenanceSections />
          <ServerVersion />
        </div>
      </PageBody>
    </>
  );
}
