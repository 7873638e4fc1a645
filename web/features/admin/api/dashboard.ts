import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/api-client.ts';
import { adminPeopleQueryKey } from './people.ts';

/** Under the admin people key: a person's change (approval, block) refreshes the figures. */
export const useDashboard = () =>
  useQuery({
    queryKey: [...adminPeopleQueryKey, 'dashboard'],
    queryFn: ({ signal }) => answer(api.GET('/admin/dashboard', { signal })),
  });
