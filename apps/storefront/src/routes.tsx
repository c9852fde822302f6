import type { StorefrontPath } from '@shop/contract';
import type { ComponentType } from 'react';
import { matchPath, Route, Routes, useSearchParams } from 'react-router';
import { lazyPage } from './features/chunks/lazy-page.tsx';
import { RequireShopper } from './features/session/require-shopper.tsx';
import type { MessageId } from './i18n/message-id.ts';

/** `shopperUnlessToken`: `/passwordchange` sets a new password from a mailed link, or changes it when logged in. */
type Access = 'anyone' | 'shopper' | 'shopperUnlessToken';

interface PageRoute {
  title: MessageId;
  access: Access;
  Page: ComponentType;
}

const HomePage = lazyPage(() => import('./pages/home/home-page.tsx'));

/** Every storefront route (exact match); each page is its own chunk, loaded on first visit. */
export const pageRoutes: Record<StorefrontPath, PageRoute> = {
  '/': { title: 'page.home', access: 'anyone', Page: HomePage },
  '/home': { title: 'page.home', access: 'anyone', Page: HomePage },
  '/user': {
    title: 'page.user',
    access: 'shopper',
    Page: lazyPage(() => import('./pages/user/user-page.tsx')),
  },
  '/detail': {
    title: 'page.detail',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/detail/detail-page.tsx')),
  },
  '/address': {
    title: 'page.address',
    access: 'shopper',
    Page: lazyPage(() => import('./pages/address/address-page.tsx')),
  },
  '/cart': {
    title: 'page.cart',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/cart/cart-page.tsx')),
  },
  '/order': {
    title: 'page.order',
    access: 'shopper',
    Page: lazyPage(() => import('./pages/order/order-page.tsx')),
  },
  '/my/order': {
    title: 'page.myOrder',
    access: 'shopper',
    Page: lazyPage(() => import('./pages/my-order/my-order-page.tsx')),
  },
  '/tips': {
    title: 'page.tips',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/tips/tips-page.tsx')),
  },
  '/forget': {
    title: 'page.forget',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/forget/forget-page.tsx')),
  },
  '/forgetsucess': {
    title: 'page.forgetSuccess',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/forget-success/forget-success-page.tsx')),
  },
  '/passwordchange': {
    title: 'page.passwordChange',
    access: 'shopperUnlessToken',
    Page: lazyPage(() => import('./pages/password-change/password-change-page.tsx')),
  },
  '/register': {
    title: 'page.register',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/register/register-page.tsx')),
  },
  '/registersucess': {
    title: 'page.registerSuccess',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/register-success/register-success-page.tsx')),
  },
  '/login': {
    title: 'page.login',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/login/login-page.tsx')),
  },
  '/registerchange': {
    title: 'page.registerChange',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/register-change/register-change-page.tsx')),
  },
};

const notFound: PageRoute = {
  title: 'page.notFound',
  access: 'anyone',
  Page: lazyPage(() => import('./pages/not-found/not-found-page.tsx')),
};

const entries = Object.entries(pageRoutes) as [StorefrontPath, PageRoute][];

/** The route a path shows, or the 404 page. */
export function findRoute(pathname: string): PageRoute {
  return entries.find(([path]) => matchPath({ path, end: true }, pathname))?.[1] ?? notFound;
}

function Guarded({ route }: { route: PageRoute }) {
  const [params] = useSearchParams();
  const needsShopper =
    route.access === 'shopper' || (route.access === 'shopperUnlessToken' && !params.get('token'));
  const { Page } = route;
  return needsShopper ? (
    <RequireShopper>
      <Page />
    </RequireShopper>
  ) : (
    <Page />
  );
}

export function AppRoutes() {
  return (
    <Routes>
      {entries.map(([path, route]) => (
        <Route key={path} path={path} element={<Guarded route={route} />} />
      ))}
      <Route path="*" element={<Guarded route={notFound} />} />
    </Routes>
  );
}
