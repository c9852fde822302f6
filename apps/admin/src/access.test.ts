import { describe, expect, it } from 'vitest';
import { canAccess, visibleTo } from './access.ts';
import { safeRedirect, loginPathFor, HOME_PATH } from './features/session/redirect.ts';
import { adminRoutes, flattenRoutes } from './routes.tsx';

const pages = flattenRoutes(adminRoutes);
const pathsFor = (role: 'staff' | 'admin') =>
  flattenRoutes(visibleTo(adminRoutes, role)).map((page) => page.path);

describe('who may open which page', () => {
  it('lets admins open everything and staff what is not admin-only', () => {
    expect(canAccess('admin', 'admin')).toBe(true);
    expect(canAccess('admin', 'staff')).toBe(true);
    expect(canAccess('staff', 'staff')).toBe(true);
    expect(canAccess('staff', 'admin')).toBe(false);
    expect(canAccess(null, 'staff')).toBe(false);
    expect(canAccess(undefined)).toBe(false);
  });

  it('keeps shop settings, staff management, the audit log and the mailbox for admins', () => {
    const adminOnly = pages.filter((page) => page.access === 'admin').map((page) => page.path);
    expect(adminOnly).toEqual(expect.arrayContaining(['/account/audit', '/account/staff', '/form/settings']));
    expect(pathsFor('staff')).not.toContain('/form/settings');
    expect(pathsFor('staff')).not.toContain('/account/staff');
    expect(adminOnly).toContain('/account/mailbox');
    expect(pathsFor('staff')).not.toContain('/account/mailbox');
    expect(pathsFor('admin')).toEqual(pages.map((page) => page.path));
  });

  it('maps the template menu to the shop', () => {
    expect(pages.map((page) => page.path)).toEqual(
      expect.arrayContaining([
        '/dashboard/analysis',
        '/dashboard/monitor',
        '/dashboard/workplace',
        '/list/goods',
        '/list/orders',
        '/list/shoppers',
        '/list/coupons',
        '/list/categories',
        '/list/search',
        '/form/goods',
        '/form/coupon',
        '/form/settings',
        '/form/goal',
        '/profile/order/:id',
        '/profile/shopper/:id',
        '/result/success',
        '/result/fail',
        '/exception/403',
        '/exception/404',
        '/exception/500',
        '/account/center',
        '/account/settings',
        '/account/mailbox',
        '/account/logout',
      ]),
    );
    expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
  });

  it('lets a page inherit the admin-only access of its group', () => {
    const flat = flattenRoutes([
      {
        path: 'secret',
        name: 'x',
        access: 'admin',
        children: [{ path: 'page', name: 'y', page: async () => ({ default: () => null }) }],
      },
    ]);
    expect(flat).toEqual([expect.objectContaining({ path: '/secret/page', access: 'admin' })]);
  });
});

describe('going back after login', () => {
  it('follows only paths inside the back office', () => {
    expect(safeRedirect('/list/orders?status=paid')).toBe('/list/orders?status=paid');
    expect(safeRedirect(null)).toBe(HOME_PATH);
    expect(safeRedirect('//evil.example/x')).toBe(HOME_PATH);
    expect(safeRedirect('https://evil.example')).toBe(HOME_PATH);
    expect(safeRedirect('/\\evil.example')).toBe(HOME_PATH);
    expect(safeRedirect('/login?redirect=/x')).toBe(HOME_PATH);
  });

  it('sends the page being left along to the login page', () => {
    expect(loginPathFor({ pathname: '/list/goods', search: '?page=2' })).toBe(
      '/login?redirect=%2Flist%2Fgoods%3Fpage%3D2',
    );
    expect(loginPathFor({ pathname: '/' })).toBe('/login');
    expect(loginPathFor({ pathname: '/login' })).toBe('/login');
  });
});
