import { queryOptions, useQuery } from '@tanstack/react-query';
import { Code } from '@shop/contract';
import type { StaffMember } from '@shop/contract';
import { adminApi } from '../../api.ts';

/**
 * The logged-in member of staff. A 401 here is the normal "not logged in" answer, handled by <RequireStaff>
 * rather than by the global 401 redirect; a 403 means a shopper's session (shoppers are refused everywhere).
 */
export const staffQuery = queryOptions({
  queryKey: ['admin', 'me'],
  queryFn: ({ signal }) =>
    adminApi.session.me({ signal, handles: [Code.unauthorized, Code.forbidden, Code.internal] }),
  retry: false,
  staleTime: 60_000,
});

/** The member of staff, inside the layout (where <RequireStaff> has made sure there is one). */
export function useStaff(): StaffMember {
  const { data } = useQuery(staffQuery);
  if (!data) throw new Error('useStaff outside <RequireStaff>');
  return data;
}
