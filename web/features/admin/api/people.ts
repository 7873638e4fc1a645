import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstructorInvite, RoleInput } from '#shared/schemas/admin';
import { answer, api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';

export const adminPeopleQueryKey = ['admin', 'people'] as const;

export type PeopleView = 'pending' | 'blocked' | 'all';

/** The people of one view of user management, matching what was typed. */
export function useAdminPeople(view: PeopleView, q: string) {
  return useQuery({
    queryKey: [...adminPeopleQueryKey, view, q],
    queryFn: ({ signal }) =>
      answer(
        api.GET('/admin/people', { params: { query: { view, q: q.trim() || undefined } }, signal }),
      ),
    placeholderData: (previous) => previous,
  });
}

const person = (personId: string) => ({ params: { path: { personId } } });

export const approvePerson = (id: string) =>
  answer(api.POST('/admin/people/{personId}/approve', person(id)));
export const rejectPerson = (id: string) =>
  answer(api.POST('/admin/people/{personId}/reject', person(id)));
export const blockPerson = (id: string, reason: string) =>
  answer(api.POST('/admin/people/{personId}/block', { ...person(id), body: { reason } }));
export const unblockPerson = (id: string) =>
  answer(api.POST('/admin/people/{personId}/unblock', person(id)));
export const mergePerson = (id: string, targetId: string) =>
  answer(api.POST('/admin/people/{personId}/merge', { ...person(id), body: { targetId } }));
export const changeRole = (id: string, role: RoleInput['role']) =>
  answer(api.PUT('/admin/people/{personId}/role', { ...person(id), body: { role } }));
export const deletePerson = (id: string) =>
  answer(api.DELETE('/admin/people/{personId}', person(id)));

/**
 * Invites an instructor by e-mail: an active profile her first sign-in with it leads to. Every
 * list of people follows; a failure is told in the toast with the server's reason.
 */
export function useInviteInstructor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InstructorInvite) =>
      answer(api.POST('/admin/people/instructors', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPeopleQueryKey }),
    meta: { errorToast: t('toasts.addInstructorFailed') },
  });
}

/**
 * One of an admin's changes to a person, with what the toast says when it fails; on success
 * every list of people is read again before the card says so, so it never shows the person as
 * they were.
 */
function usePeopleChange<Input>(change: (input: Input) => Promise<unknown>, errorToast?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminPeopleQueryKey }),
    ...(errorToast ? { meta: { errorToast } } : {}),
  });
}

export const useApprovePerson = () => usePeopleChange(approvePerson, t('toasts.approveFailed'));
export const useRejectPerson = () => usePeopleChange(rejectPerson, t('toasts.rejectFailed'));
export const useDeletePerson = () => usePeopleChange(deletePerson, t('toasts.deleteUserFailed'));
export const useUnblockPerson = () => usePeopleChange(unblockPerson, t('toasts.updateFailed'));
export const useBlockPerson = () =>
  usePeopleChange(
    ({ id, reason }: { id: string; reason: string }) => blockPerson(id, reason),
    t('toasts.updateFailed'),
  );
export const useChangeRole = () =>
  usePeopleChange(
    ({ id, role }: { id: string; role: RoleInput['role'] }) => changeRole(id, role),
    t('toasts.updateFailed'),
  );
/** Its failure is said in its own sentence, with the server's reason (`toasts.mergeFailed`). */
export const useMergePerson = () =>
  usePeopleChange(({ id, targetId }: { id: string; targetId: string }) =>
    mergePerson(id, targetId),
  );
