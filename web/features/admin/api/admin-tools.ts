import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DemoSummary, FeedbackStatusInput } from '#shared/schemas/admin';
import type { PublicConfigPatch } from '#shared/schemas/config';
import { answer, api, apiErrorOf } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { publicConfigQueryKey } from '../../accounts/index.ts';
import { adminPeopleQueryKey } from './people.ts';

/** Both logs live under one key: `logs.updated` refreshes them together. */
export const adminLogsQueryKey = ['admin', 'logs'] as const;
/** Under the feedback key every feedback event already refreshes. */
export const adminFeedbackQueryKey = ['feedback', 'admin'] as const;

/** The version the server runs (its health answer), shown to admins under the tools. */
export const useServerVersion = () =>
  useQuery({
    queryKey: ['admin', 'version'],
    queryFn: ({ signal }) => answer(api.GET('/health', { signal })),
    select: (health) => health.version,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useActivityLog = () =>
  useQuery({
    queryKey: [...adminLogsQueryKey, 'activity'],
    queryFn: ({ signal }) => answer(api.GET('/admin/activity-log', { signal })),
  });

export const useErrorLog = () =>
  useQuery({
    queryKey: [...adminLogsQueryKey, 'errors'],
    queryFn: ({ signal }) => answer(api.GET('/admin/error-log', { signal })),
  });

export const useAdminFeedback = () =>
  useQuery({
    queryKey: adminFeedbackQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/admin/feedback', { signal })),
  });

export const setFeedbackStatus = (feedbackId: string, status: FeedbackStatusInput['status']) =>
  answer(
    api.PUT('/admin/feedback/{feedbackId}/status', {
      params: { path: { feedbackId } },
      body: { status },
    }),
  );

export const backupStatusQueryKey = ['admin', 'backup-status'] as const;

export const useBackupStatus = () =>
  useQuery({
    queryKey: backupStatusQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/admin/backup-status', { signal })),
  });

export const demoQueryKey = ['admin', 'demo'] as const;

export const useDemoSummary = () =>
  useQuery({
    queryKey: demoQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/admin/demo-data', { signal })),
  });

export const generateDemoData = () => answer(api.POST('/admin/demo-data'));
export const wipeDemoData = () => answer(api.DELETE('/admin/demo-data'));
export const cleanUp = () => answer(api.POST('/admin/maintenance/cleanup'));

/**
 * Downloads the backup through fetch (not a plain link) so that a refusal — PostgreSQL, a
 * signed-out session — shows its Vietnamese message instead of saving an error as a file.
 * The file is held in memory until saved: fine for an academy's database and photos on the
 * admin's computer.
 */
export async function downloadBackup(): Promise<void> {
  const { data, error, response } = await api.GET('/admin/backup', { parseAs: 'blob' });
  if (!response.ok || !data) throw apiErrorOf(response.status, error);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'hoc-vien.tar.gz';
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The students who agreed to show their work; refreshed with the people lists. */
export const useShowcaseConsents = () =>
  useQuery({
    queryKey: [...adminPeopleQueryKey, 'showcase'],
    queryFn: ({ signal }) => answer(api.GET('/admin/showcase', { signal })),
  });

/**
 * An admin turns one of the academy's switches; the switches show the server's answer. On a
 * failure they are read again: another admin may have changed them.
 */
export function useChangePublicConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PublicConfigPatch) =>
      answer(api.PATCH('/admin/public-config', { body: patch })),
    onSuccess: (saved) => queryClient.setQueryData(publicConfigQueryKey, saved),
    onError: () => queryClient.invalidateQueries({ queryKey: publicConfigQueryKey }),
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

/** An admin marks a piece of feedback seen or handled; the list shows the server's answer. */
export function useSetFeedbackStatus(feedbackId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: FeedbackStatusInput['status']) => setFeedbackStatus(feedbackId, status),
    onSuccess: (list) => queryClient.setQueryData(adminFeedbackQueryKey, list),
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

/** The demo academy made or wiped; the counts show the server's answer. */
function useDemoChange(change: () => Promise<DemoSummary>, errorToast: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (summary) => queryClient.setQueryData(demoQueryKey, summary),
    meta: { errorToast },
  });
}

export const useGenerateDemoData = () => useDemoChange(generateDemoData, t('toasts.updateFailed'));
export const useWipeDemoData = () => useDemoChange(wipeDemoData, t('toasts.deleteFailed'));

/** Removes what nothing uses any more; says how much went. */
export const useCleanUp = () =>
  useMutation({ mutationFn: cleanUp, meta: { errorToast: t('toasts.updateFailed') } });

/** Downloads a backup of the academy to the admin's device. */
export const useDownloadBackup = () =>
  useMutation({ mutationFn: downloadBackup, meta: { errorToast: t('toasts.updateFailed') } });
