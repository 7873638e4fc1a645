import { useQuery } from '@tanstack/react-query';
import {
  ActivityLog,
  AdminFeedbackList,
  ErrorLog,
  type FeedbackStatusInput,
} from '#shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client.ts';

/** Both logs live under one key: `logs.updated` refreshes them together. */
export const adminLogsQueryKey = ['admin', 'logs'] as const;
/** Under the feedback key every feedback event already refreshes. */
export const adminFeedbackQueryKey = ['feedback', 'admin'] as const;

export const useActivityLog = () =>
  useQuery({
    queryKey: [...adminLogsQueryKey, 'activity'],
    queryFn: ({ signal }) => apiRequest('/admin/activity-log', { signal, schema: ActivityLog }),
  });

export const useErrorLog = () =>
  useQuery({
    queryKey: [...adminLogsQueryKey, 'errors'],
    queryFn: ({ signal }) => apiRequest('/admin/error-log', { signal, schema: ErrorLog }),
  });

export const useAdminFeedback = () =>
  useQuery({
    queryKey: adminFeedbackQueryKey,
    queryFn: ({ signal }) => apiRequest('/admin/feedback', { signal, schema: AdminFeedbackList }),
  });

export const setFeedbackStatus = (id: string, status: FeedbackStatusInput['status']) =>
  apiRequest(`/admin/feedback/${id}/status`, {
    method: 'PUT',
    body: { status },
    schema: AdminFeedbackList,
  });
