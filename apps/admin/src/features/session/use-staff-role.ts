import { useQuery } from '@tanstack/react-query';
import type { StaffRole } from '@shop/contract';
import { staffQuery } from './staff-query.ts';

/** The logged-in member's role, or null while unknown. */
export function useStaffRole(): StaffRole | null {
  return useQuery(staffQuery).data?.role ?? null;
}
