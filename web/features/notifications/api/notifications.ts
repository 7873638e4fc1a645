import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { UnreadState } from '#shared/schemas/notifications';
import { answer, api } from '../../../lib/api-client.ts';

export const notificationsQueryKey = ['notifications'] as const;
export const unreadQueryKey = [...notificationsQueryKey, 'unread'] as const;

/** A guest has none: nothing is asked for (the server would answer 401). */
export function useNotifications(enabled = true) {
  return useInfiniteQuery({
    queryKey: [...notificationsQueryKey, 'list'],
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      answer(
        api.GET('/notifications', {
          params: { query: { cursor: pageParam ?? undefined } },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
}

const readKey = (personId: string) => `hv.notifications-read.${personId}`;

/**
 * Whether anything is unread, asked every minute and when the app comes back into view; the
 * last answer is kept on the device so the red dot stays right offline (spec 9).
 */
export function useUnread(personId: string | null) {
  return useQuery({
    queryKey: [...unreadQueryKey, personId],
    queryFn: async ({ signal }) => {
      const state = await answer(api.GET('/notifications/unread', { signal }));
      localStorage.setItem(readKey(personId!), JSON.stringify(state));
      return state;
    },
    enabled: personId !== null,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
    initialData: () => {
      if (!personId) return undefined;
      try {
        const stored = localStorage.getItem(readKey(personId));
        return stored ? (JSON.parse(stored) as UnreadState) : undefined;
      } catch {
        return undefined;
      }
    },
    initialDataUpdatedAt: 0,
  });
}

export async function markNotificationsRead(personId: string) {
  const state = await answer(api.POST('/notifications/read'));
  localStorage.setItem(readKey(personId), JSON.stringify(state));
  return state;
}
