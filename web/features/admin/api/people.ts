import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPeople,
  AdminPerson,
  InstructorInvite,
  InstructorInvited,
  RoleInput,
} from '#shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';

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

/**
 * Invites an instructor by e-mail: an active profile her first sign-in with it leads to. Every
 * list of people follows; a failure is told in the toast with the server's reason.
 */
export function useInviteInstructor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InstructorInvite) =>
      apiRequest<InstructorInvited>('/admin/people/instructors', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPeopleQueryKey }),
    meta: { errorToast: t('toasts.addInstructorFailed') },
  });
}
