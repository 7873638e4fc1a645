import { useQuery } from '@tanstack/react-query';
import type { AdminPeople, AdminPerson, RoleInput } from '#shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client.ts';

export const adminPeopleQueryKey = ['admin', 'people'] as const;

export type PeopleView = 'pending' | 'blocked' | 'all';

/** The people of one view of user management, matching what was typed. */
export function useAdminPeople(view: PeopleView, q: string) {
  return useQuery({
    queryKey: [...adminPeopleQueryKey, view, q],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ view });
      if (q.trim()) query.set('q', q.trim());
      return apiRequest<AdminPeople>(`/admin/people?${query}`, { signal });
    },
    placeholderData: (previous) => previous,
  });
}

const personAction = (id: string, action: string, body?: object) =>
  apiRequest<AdminPerson>(`/admin/people/${id}/${action}`, {
    method: 'POST',
    ...(body ? { body } : {}),
  });

export const approvePerson = (id: string) => personAction(id, 'approve');
export const rejectPerson = (id: string) =>
  apiRequest<{ deleted: true }>(`/admin/people/${id}/reject`, { method: 'POST' });
export const blockPerson = (id: string, reason: string) => personAction(id, 'block', { reason });
export const unblockPerson = (id: string) => personAction(id, 'unblock');
export const mergePerson = (id: string, targetId: string) =>
  personAction(id, 'merge', { targetId });
export const changeRole = (id: string, role: RoleInput['role']) =>
  apiRequest<AdminPerson>(`/admin/people/${id}/role`, { method: 'PUT', body: { role } });
export const deletePerson = (id: string) =>
  apiRequest<{ deleted: true }>(`/admin/people/${id}`, { method: 'DELETE' });
