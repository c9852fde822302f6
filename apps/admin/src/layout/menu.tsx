import type { IntlShape } from 'react-intl';
import type { StaffRole } from '@shop/contract';
import { visibleTo } from '../access.ts';
import type { AdminRoute } from '../routes.tsx';

/** A ProLayout menu entry. */
export interface MenuEntry {
  path: string;
  name: string;
  icon?: React.ReactNode;
  children?: MenuEntry[];
}

/**
 * The menu for a role: the route table without what the role may not open, without pages reached from other
 * pages (`hideInMenu`), and without groups left empty; labels translated.
 */
export function menuFor(
  routes: readonly AdminRoute[],
  role: StaffRole,
  intl: IntlShape,
  parent = '',
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const route of visibleTo(routes, role)) {
    if (route.hideInMenu) continue;
    const path = `${parent}/${route.path}`;
    const name = intl.formatMessage({ id: route.name });
    if (route.children) {
      const children = menuFor(route.children, role, intl, path);
      if (children.length > 0) entries.push({ path, name, icon: route.icon, children });
    } else {
      entries.push({ path, name, ...(route.icon ? { icon: route.icon } : {}) });
    }
  }
  return entries;
}
