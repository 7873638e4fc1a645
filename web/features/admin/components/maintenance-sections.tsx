import { useState } from 'react';
import { formatBytes } from '#shared/format';
import type { Catalogue } from '#shared/locales/vi';
import type { BackupStatus } from '#shared/schemas/admin';
import type { PlaceholderValues } from '#shared/text';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/form.tsx';
import type { MessageKey } from '../../../lib/messages.ts';
import { pendingWrite } from '../../../lib/pending-write.ts';
import { formatDateTime } from '../../../lib/relative-time.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import {
  useBackupStatus,
  useCleanUp,
  useDemoSummary,
  useDownloadBackup,
  useGenerateDemoData,
  useWipeDemoData,
} from '../api/admin-tools.ts';
import { diskMessage } from '../disk-message.ts';
import { AdminSection } from './admin-section.tsx';

/** Demo data, clean-up and backup: the admin's maintenance, each a button with its effect said. */
export function MaintenanceSections() {
  const { showToast } = useToast();
  const demo = useDemoSummary();
  const backups = useBackupStatus();
  const [confirmWipe, setConfirmWipe] = useState(false);
  const a = (key: MessageKey<Catalogue['screens']['adminTools']>, values?: PlaceholderValues) =>
    t(`screens.adminTools.${key}`, values);

  const changes = {
    generate: useGenerateDemoData(),
    wipe: useWipeDemoData(),
    cleanup: useCleanUp(),
    backup: useDownloadBackup(),
  };
  const busy = pendingWrite(changes);
  const said = (message: string) => ({ onSuccess: () => showToast(message, 'success') });
  const hasDemo = (demo.data?.people ?? 0) > 0;

  return (
    <>
      <AdminSection title={a('demo')}>
        <div className="flex flex-col gap-3 p-4">
          <p className="text-[15px] leading-6 text-stone-600">{a('demoHint')}</p>
          <p className="text-sm font-medium text-stone-800" aria-live="polite">
            {demo.data ? (hasDemo ? a('demoCounts', demo.data) : a('demoNone')) : '\u00a0'}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              className="flex-1 whitespace-nowrap"
              busy={busy === 'generate'}
              disabled={busy !== null || !demo.data || hasDemo}
              onClick={() => {
                if (!busy) write(changes.generate, undefined, said(a('demoGenerated')));
              }}
            >
              {a('demoGenerate')}
            </Button>
            <Button
              variant="secondary"
              className="flex-1 whitespace-nowrap text-red-700"
              disabled={busy !== null || !hasDemo}
              onClick={() => setConfirmWipe(true)}
            >
              {a('demoWipe')}
            </Button>
          </div>
        </div>
      </AdminSection>
      <AdminSection title={a('maintenance')}>
        <div className="flex flex-col gap-3 p-4">
          <p className="text-[15px] leading-6 text-stone-600">{a('cleanupHint')}</p>
          <Button
            variant="secondary"
            className="self-start"
            busy={busy === 'cleanup'}
            disabled={busy !== null}
            onClick={() => {
              if (busy) return;
              write(changes.cleanup, undefined, {
                onSuccess: (result) =>
                  showToast(
                    a('cleanedUp', {
                      mappings: result.mappingsRemoved,
                      media: result.mediaRemoved,
                    }),
                    'success',
                  ),
              });
            }}
          >
            {a('cleanup')}
          </Button>
        </div>
      </AdminSection>
      <AdminSection title={a('backup')}>
        <div className="flex flex-col gap-3 p-4">
          <p className="text-[15px] leading-6 text-stone-600">{a('backupHint')}</p>
          {backups.data && <BackupStatusLines status={backups.data} />}
          <Button
            className="self-start"
            busy={busy === 'backup'}
            disabled={busy !== null}
            onClick={() => {
              if (!busy) write(changes.backup, undefined, said(a('backupDone')));
            }}
          >
            {a('backupDownload')}
          </Button>
        </div>
      </AdminSection>
      <ConfirmDialog
        isOpen={confirmWipe}
        onOpenChange={setConfirmWipe}
        title={a('demoConfirm')}
        body={a('demoConfirmBody')}
        confirmLabel={a('demoWipe')}
        cancelLabel={a('cancel')}
        busy={busy === 'wipe'}
        onConfirm={() => {
          if (busy) return;
          write(changes.wipe, undefined, {
            onSuccess: () => {
              setConfirmWipe(false);
              showToast(a('demoWiped'), 'success');
            },
          });
        }}
      />
    </>
  );
}

/** The data folder's disk, where backups and photos go: its free space, or that it is full. */
function DiskLine({ disk }: { disk: BackupStatus['disk'] }) {
  if (disk.state === 'ok') return <p data-testid="disk-status">{diskMessage(disk)}</p>;
  return (
    <p
      data-testid="disk-status"
      role="alert"
      className={disk.state === 'full' ? 'break-words text-red-700' : 'break-words text-amber-800'}
    >
      {diskMessage(disk)}
    </p>
  );
}

/** The nightly backups into the server's folder: when they run, the last one, a failure. */
function BackupStatusLines({ status }: { status: BackupStatus }) {
  const a = (key: MessageKey<Catalogue['screens']['adminTools']>, values?: PlaceholderValues) =>
    t(`screens.adminTools.${key}`, values);
  return (
    <div
      className="flex flex-col gap-1 text-[15px] leading-6 text-stone-800"
      data-testid="backup-status"
    >
      <p>
        {status.nightlyAt
          ? a('backupNightly', { time: status.nightlyAt, keep: status.keep })
          : a('backupNightlyOff')}
      </p>
      {status.last ? (
        <p>
          {a('backupLast', {
            time: formatDateTime(status.last.at),
            size: formatBytes(status.last.bytes),
          })}
        </p>
      ) : (
        status.nightlyAt && <p>{a('backupNone')}</p>
      )}
      {status.lastFailure && (
        <p className="break-words text-red-700" role="alert">
          {a('backupFailed', {
            time: formatDateTime(status.lastFailure.at),
            reason: status.lastFailure.reason,
          })}
        </p>
      )}
      <DiskLine disk={status.disk} />
    </div>
  );
}
