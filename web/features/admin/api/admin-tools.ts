import { useQuery } from '@tanstack/react-query';
import type {
  ActivityLog,
  AdminFeedbackList,
  BackupStatus,
  CleanupResult,
  DemoSummary,
  ErrorLog,
  FeedbackStatusInput,
} from '#shared/schemas/admin';
import type { Health } from '#shared/schemas/health';
import type { ShowcaseConsents } from '#shared/schemas/showcase';
import { apiErrorOf, apiRequest, networkError } from '../../../lib/api-client.ts';
import { adminPeopleQueryKey } from './people.ts';

/** Both logs live under one key: `logs.updated` refreshes them together. */
export const adminLogsQueryKey = ['admin', 'logs'] as const;
/** Under the feedback key every feedback event already refreshes. */
export const adminFeedbackQueryKey = ['feedback', 'admin'] as const;

/** The version the server runs (its health answer), shown to admins under the tools. */
export const useServerVersion = () =>
  useQuery({
    queryKey: ['admin', 'version'],
    queryFn: ({ signal }) => apiRequest<Health>('/health', { signal }),
    select: (health) => health.version,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useActivityLog = () =>
  useQuery({
    queryKey: [...adminLogsQueryKey, 'activity'],
    queryFn: ({ signal }) => apiRequest<ActivityLog>('/admin/activity-log', { signal }),
  });

export const useErrorLog = () =>
  useQuery({
    queryKey: [...adminLogsQueryKey, 'errors'],
    queryFn: ({ signal }) => apiRequest<ErrorLog>('/admin/error-log', { signal }),
  });

export const useAdminFeedback = () =>
  useQuery({
    queryKey: adminFeedbackQueryKey,
    queryFn: ({ signal }) => apiRequest<AdminFeedbackList>('/admin/feedback', { signal }),
  });

export const setFeedbackStatus = (id: string, status: FeedbackStatusInput['status']) =>
  apiRequest<AdminFeedbackList>(`/admin/feedback/${id}/status`, {
    method: 'PUT',
    body: { status },
  });

export const backupStatusQueryKey = ['admin', 'backup-status'] as const;

export const useBackupStatus = () =>
  useQuery({
    queryKey: backupStatusQueryKey,
    queryFn: ({ signal }) => apiRequest<BackupStatus>('/admin/backup-status', { signal }),
  });

export const demoQueryKey = ['admin', 'demo'] as const;

export const useDemoSummary = () =>
  useQuery({
    queryKey: demoQueryKey,
    queryFn: ({ signal }) => apiRequest<DemoSummary>('/admin/demo-data', { signal }),
  });

export const generateDemoData = () =>
  apiRequest<DemoSummary>('/admin/demo-data', { method: 'POST' });
export const wipeDemoData = () => apiRequest<DemoSummary>('/admin/demo-data', { method: 'DELETE' });
export const cleanUp = () =>
  apiRequest<CleanupResult>('/admin/maintenance/cleanup', { method: 'POST' });

/**
 * Downloads the backup through fetch (not a plain link) so that a refusal — PostgreSQL, a
 * signed-out session — shows its Vietnamese message instead of saving an error as a file.
 * The file is held in memory until saved: fine for an academy's database and photos on the
 * admin's computer.
 */
export async function downloadBackup(): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/admin/backup', { credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    throw apiErrorOf(response.status, await response.json().catch(() => undefined));
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'hoc-vien.tar.gz';
  const url = URL.createObjectURL(await response.blob());
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
    queryFn: ({ signal }) => apiRequest<ShowcaseConsents>('/admin/showcase', { signal }),
  });
