import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, Code } from '@shop/contract';
import type { StaffMember } from '@shop/contract';
import { adminApi } from '../../api.ts';
import { rememberSignedIn } from './signed-in-hint.ts';

/**
 * The logged-in member of staff. A 401 here is the normal "not logged in" answer, handled by <RequireStaff>
 * rather than by the global 401 redirect; a 403 means a shopper's session (shoppers are refused everywhere).
 * It is asked only where this browser may hold a session (signed-in-hint.ts).
 */
export const staffQuery = queryOptions({
  queryKey: ['admin', 'me'],
  queryFn: async ({ signal }) => {
    try {
      const member = await adminApi.session.me({
        signal,
        handles: [Code.unauthorized, Code.forbidden, Code.internal],
      });
      rememberSignedIn(true);
      return member;
    } catch (error) {
      if (error instanceof AppError && (error.code === Code.unauthorized || error.code === Code.forbidden))
        rememberSignedIn(false);
      throw error;
    }
  },
  retry: false,
  staleTime: 60_000,
});

/** The member of staff, inside the layout (where <RequireStaff> has made sure there is one). */
export function useStaff(): StaffMember {
  const { data } = useQuery(staffQuery);
  if (!data) throw new Error('useStaff outside <RequireStaff>');
  return data;
}
