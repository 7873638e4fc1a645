import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me, MePerson } from '#shared/schemas/accounts';
import { fetchMe, fetchPublicConfig, signOut } from './session.ts';

export const meQueryKey = ['me'] as const;
export const publicConfigQueryKey = ['public-config'] as const;

/** Who this browser is signed in as; the guard and the navigation read it. */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });
}

/**
 * Asks the server again who this is, after signing in or out, and waits for the answer, so the
 * guard never acts on the answer from before.
 */
export function refreshMe(queryClient: QueryClient): Promise<Me> {
  return queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 });
}

/** The signed-in member, for screens that only members reach. */
export function useMember(): MePerson | null {
  const { data } = useMe();
  return data?.state === 'member' ? data.person : null;
}

export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: fetchPublicConfig,
    staleTime: 60_000,
  });
}

/** Signs out and forgets everything cached for the person. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.clear();
    },
  });
}
