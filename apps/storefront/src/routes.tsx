import type { StorefrontPath } from '@shop/contract';
import { matchPath, Route, Routes, useSearchParams } from 'react-router';
import { GOODS_IMAGE_SIZES } from './features/catalog/goods-image.tsx';
import { isListing, parseListing } from './features/catalog/listing-params.ts';
import { goodsDetailQuery, goodsListingQuery, goodsRowQuery } from './features/catalog/queries.ts';
import { lazyPage } from './features/chunks/lazy-page.tsx';
import type { LazyPage } from './features/chunks/lazy-page.tsx';
import { preloadImage } from './features/navigation/preload-image.ts';
import { RequireShopper } from './features/session/require-shopper.tsx';
import { shopperQuery } from './features/session/use-shopper.ts';
import { categoriesQuery, couponsQuery, systemsQuery } from './features/shop/queries.ts';
import type { MessageId } from './i18n/message-id.ts';
import { queryClient } from './query-client.ts';

/**
 * `shopperUnlessToken`: `/passwordchange` sets a new password from a mailed link, or changes it when logged in;
 * `/my/order` shows a guest checkout's order from its link's token, else the shopper's orders.
 */
type Access = 'anyone' | 'shopper' | 'shopperUnlessToken';

interface PageRoute {
  title: MessageId;
  access: Access;
  Page: LazyPage;
  /**
   * The page's initial data, asked for while its chunk downloads (the spec's per-page initial data loader);
   * settles when all of it has arrived or failed.
   */
  load?: (query: URLSearchParams) => Promise<unknown>;
}

const HomePage = lazyPage(() => import('./pages/home/home-page.tsx'));

/**
 * The listing the query asks for, or the showcase: its first banner (the largest paint, fetched as soon as its
 * address is known), goods rows and the coupons as this visitor sees them. Categories either way.
 */
function loadHome(query: URLSearchParams): Promise<unknown> {
  const categories = queryClient.prefetchQuery(categoriesQuery);
  if (isListing(query)) {
    return Promise.allSettled([
      categories,
      queryClient.prefetchQuery(goodsListingQuery(parseListing(query))),
    ]);
  }
  return Promise.allSettled([
    categories,
    queryClient.fetchQuery(systemsQuery).then((systems) => preloadImage(systems.banners[0]?.image)),
    queryClient.prefetchQuery(goodsRowQuery('newest')),
    queryClient.prefetchQuery(goodsRowQuery('sales')),
    queryClient
      .fetchQuery(shopperQuery)
      .then((shopper) => queryClient.prefetchQuery(couponsQuery(shopper?.id ?? null))),
  ]);
}

/** The goods (its first picture fetched as soon as its address is known) and the categories for its path. */
function loadDetail(query: URLSearchParams): Promise<unknown> {
  const id = query.get('id')?.trim();
  return Promise.allSettled([
    queryClient.prefetchQuery(categoriesQuery),
    id &&
      queryClient
        .fetchQuery(goodsDetailQuery(id))
        .then((goods) => preloadImage(goods.images[0] ?? goods.image, GOODS_IMAGE_SIZES.gallery)),
  ]);
}

/** Every storefront route (exact match); each page is its own chunk, loaded on first visit. */
export const pageRoutes: Record<StorefrontPath, PageRoute> = {
  '/': { title: 'page.home', access: 'anyone', Page: HomePage, load: loadHome },
  '/home': { title: 'page.home', access: 'anyone', Page: HomePage, load: loadHome },
  '/user': {
    title: 'page.user',
    access: 'shopper',
    Page: lazyPage(() => import('./pages/user/user-page.tsx')),
  },
  '/detail': {
    title: 'page.detail',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/detail/detail-page.tsx')),
    load: loadDetail,
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
  // Signed out, checkout offers signing in or buying as a guest (the page decides).
  '/order': {
    title: 'page.order',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/order/order-page.tsx')),
  },
  '/my/order': {
    title: 'page.myOrder',
    access: 'shopperUnlessToken',
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
  '/wishlist/shared': {
    title: 'page.sharedWishlist',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/shared-wishlist/shared-wishlist-page.tsx')),
  },
  '/stock-alerts/unsubscribe': {
    title: 'page.stockAlertUnsubscribe',
    access: 'anyone',
    Page: lazyPage(() => import('./pages/stock-alerts/stock-alerts-page.tsx')),
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

/**
 * Starts what the page at this address needs, without rendering anything: its chunk and, for a page anyone may
 * see, its initial data. Called at start-up, so neither waits for the locale catalog; settles when both have
 * arrived or failed.
 */
export function startLoading(pathname: string, search: string): Promise<unknown> {
  const route = findRoute(pathname);
  const data = route.access === 'anyone' ? route.load?.(new URLSearchParams(search)) : undefined;
  return Promise.allSettled([route.Page.preload(), data]);
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
