import type { StaffRole } from '@shop/contract';

/**
 * Who may see a page: `staff` pages are for every member of staff, `admin` pages for admins only (staff
 * accounts, the audit log, shop settings). The server checks every `/v1/admin` call again; this only decides what
 * the menu shows and whether a page or the 403 page renders.
 */
export type PageAccess = StaffRole;

const RANK: Record<StaffRole, number> = { staff: 1, admin: 2 };

/** Whether a member with `role` may open a page that needs `required` (no role: not logged in, nothing). */
export function canAccess(role: StaffRole | null | undefined, required: PageAccess = 'staff'): boolean {
  return role ? RANK[role] >= RANK[required] : false;
}

/** The subset of a route tree a role may see: entries it may not open, and groups left empty, are dropped. */
export function visibleTo<T extends { access?: PageAccess; children?: readonly T[] }>(
  routes: readonly T[],
  role: StaffRole | null | undefined,
): T[] {
  const visible: T[] = [];
  for (const route of routes) {
    if (!canAccess(role, route.access)) continue;
    if (route.children) {
      const children = visibleTo(route.children, role);
      if (children.length === 0) continue;
      visible.push({ ...route, children });
    } else {
      visible.push(route);
    }
  }
  return visible;
}
