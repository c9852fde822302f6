import {
  DashboardOutlined,
  FormOutlined,
  ProfileOutlined,
  CheckCircleOutlined,
  TableOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';
import type { PageAccess } from './access.ts';

/** A page module: its default export is the page (the file is loaded only when the page is first opened). */
export type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * One entry of the back office: a page (with `page`) or a menu group (with `children`). The same table gives
 * the router, the menu and who may open what (src/access.ts). Paths are relative to the parent and to `/admin`.
 */
export interface AdminRoute {
  path: string;
  /** Message id of the menu label (src/locales/shell: `menu.*`). */
  name: string;
  icon?: ReactNode;
  /** The lowest role that may open it; `staff` when left out. Admin-only pages show 403 to staff. */
  access?: PageAccess;
  /** Reached from other pages (a record's detail), not from the menu. */
  hideInMenu?: boolean;
  page?: PageModule;
  children?: AdminRoute[];
}

/**
 * Every page of the back office. To add a page: put it at `src/pages/<area>/<page>/<page>-page.tsx` with a
 * default export and add one line here in its group (see apps/admin/README.md).
 */
export const adminRoutes: AdminRoute[] = [
  {
    path: 'dashboard',
    name: 'menu.dashboard',
    icon: <DashboardOutlined />,
    children: [
      {
        path: 'analysis',
        name: 'menu.dashboard.analysis',
        page: () => import('./pages/dashboard/analysis/analysis-page.tsx'),
      },
      {
        path: 'monitor',
        name: 'menu.dashboard.monitor',
        page: () => import('./pages/dashboard/monitor/monitor-page.tsx'),
      },
      {
        path: 'workplace',
        name: 'menu.dashboard.workplace',
        page: () => import('./pages/dashboard/workplace/workplace-page.tsx'),
      },
      {
        path: 'reconciliation',
        name: 'menu.dashboard.reconciliation',
        page: () => import('./pages/dashboard/reconciliation/reconciliation-page.tsx'),
      },
      {
        path: 'tax-report',
        name: 'menu.dashboard.taxReport',
        page: () => import('./pages/dashboard/tax-report/tax-report-page.tsx'),
      },
    ],
  },
  {
    path: 'list',
    name: 'menu.list',
    icon: <TableOutlined />,
    children: [
      {
        path: 'goods',
        name: 'menu.list.goods',
        page: () => import('./pages/list/goods/goods-list-page.tsx'),
      },
      {
        path: 'orders',
        name: 'menu.list.orders',
        page: () => import('./pages/list/orders/orders-list-page.tsx'),
      },
      {
        path: 'returns',
        name: 'menu.list.returns',
        page: () => import('./pages/list/returns/returns-list-page.tsx'),
      },
      {
        path: 'reviews',
        name: 'menu.list.reviews',
        page: () => import('./pages/list/reviews/reviews-list-page.tsx'),
      },
      {
        path: 'shoppers',
        name: 'menu.list.shoppers',
        page: () => import('./pages/list/shoppers/shoppers-list-page.tsx'),
      },
      {
        path: 'coupons',
        name: 'menu.list.coupons',
        page: () => import('./pages/list/coupons/coupons-list-page.tsx'),
      },
      {
        path: 'categories',
        name: 'menu.list.categories',
        page: () => import('./pages/list/categories/categories-list-page.tsx'),
      },
      {
        path: 'markets',
        name: 'menu.list.markets',
        page: () => import('./pages/list/markets/markets-list-page.tsx'),
      },
      {
        path: 'tax-rates',
        name: 'menu.list.taxRates',
        page: () => import('./pages/list/tax-rates/tax-rates-list-page.tsx'),
      },
      {
        path: 'shipping',
        name: 'menu.list.shipping',
        page: () => import('./pages/list/shipping/shipping-list-page.tsx'),
      },
      {
        path: 'search',
        name: 'menu.list.search',
        page: () => import('./pages/list/search/search-page.tsx'),
      },
    ],
  },
  {
    path: 'form',
    name: 'menu.form',
    icon: <FormOutlined />,
    children: [
      {
        path: 'goods',
        name: 'menu.form.goods',
        page: () => import('./pages/form/goods/goods-form-page.tsx'),
      },
      {
        path: 'goods/:id',
        name: 'menu.form.goods',
        hideInMenu: true,
        page: () => import('./pages/form/goods/goods-form-page.tsx'),
      },
      {
        path: 'coupon',
        name: 'menu.form.coupon',
        page: () => import('./pages/form/coupon/coupon-form-page.tsx'),
      },
      {
        path: 'settings',
        name: 'menu.form.settings',
        access: 'admin',
        page: () => import('./pages/form/settings/settings-form-page.tsx'),
      },
      { path: 'goal', name: 'menu.form.goal', page: () => import('./pages/form/goal/goal-form-page.tsx') },
    ],
  },
  {
    path: 'profile',
    name: 'menu.profile',
    icon: <ProfileOutlined />,
    children: [
      {
        path: 'order/:id',
        name: 'menu.profile.order',
        hideInMenu: true,
        page: () => import('./pages/profile/order/order-profile-page.tsx'),
      },
      {
        path: 'shopper/:id',
        name: 'menu.profile.shopper',
        hideInMenu: true,
        page: () => import('./pages/profile/shopper/shopper-profile-page.tsx'),
      },
    ],
  },
  {
    path: 'result',
    name: 'menu.result',
    icon: <CheckCircleOutlined />,
    children: [
      {
        path: 'success',
        name: 'menu.result.success',
        page: () => import('./pages/result/success/success-page.tsx'),
      },
      { path: 'fail', name: 'menu.result.fail', page: () => import('./pages/result/fail/fail-page.tsx') },
    ],
  },
  {
    path: 'exception',
    name: 'menu.exception',
    icon: <WarningOutlined />,
    children: [
      {
        path: '403',
        name: 'menu.exception.not-permission',
        page: () => import('./pages/exception/403/exception-403-page.tsx'),
      },
      {
        path: '404',
        name: 'menu.exception.not-find',
        page: () => import('./pages/exception/404/exception-404-page.tsx'),
      },
      {
        path: '500',
        name: 'menu.exception.server-error',
        page: () => import('./pages/exception/500/exception-500-page.tsx'),
      },
      {
        path: 'trigger',
        name: 'menu.exception.trigger',
        page: () => import('./pages/exception/trigger/trigger-page.tsx'),
      },
    ],
  },
  {
    path: 'account',
    name: 'menu.account',
    icon: <UserOutlined />,
    children: [
      {
        path: 'center',
        name: 'menu.account.center',
        page: () => import('./pages/account/center/center-page.tsx'),
      },
      {
        path: 'settings',
        name: 'menu.account.settings',
        page: () => import('./pages/account/settings/settings-page.tsx'),
      },
      {
        path: 'staff',
        name: 'menu.account.staff',
        access: 'admin',
        page: () => import('./pages/account/staff/staff-page.tsx'),
      },
      {
        path: 'audit',
        name: 'menu.account.audit',
        access: 'admin',
        page: () => import('./pages/account/audit/audit-page.tsx'),
      },
      {
        path: 'mailbox',
        name: 'menu.account.mailbox',
        // Reset links and codes in it open their addressees' accounts.
        access: 'admin',
        page: () => import('./pages/account/mailbox/mailbox-page.tsx'),
      },
      {
        path: 'logout',
        name: 'menu.account.logout',
        page: () => import('./pages/account/logout/logout-page.tsx'),
      },
    ],
  },
];

/** A page of the table with its full path (`/list/goods`), its access and its chain of menu names. */
export interface FlatRoute {
  path: string;
  name: string;
  access: PageAccess;
  page: PageModule;
}

/** Every page of a route tree with full paths; a page inherits the strictest access of its groups. */
export function flattenRoutes(
  routes: readonly AdminRoute[],
  parent = '',
  inherited?: PageAccess,
): FlatRoute[] {
  return routes.flatMap((route) => {
    const path = `${parent}/${route.path}`;
    const access = route.access === 'admin' || inherited === 'admin' ? 'admin' : 'staff';
    const own: FlatRoute[] = route.page ? [{ path, name: route.name, access, page: route.page }] : [];
    return [...own, ...flattenRoutes(route.children ?? [], path, access)];
  });
}
