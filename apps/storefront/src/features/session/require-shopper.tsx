import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { loginPath } from './redirect.ts';
import { ShopperContext, useShopper } from './use-shopper.ts';

/** Shows its page to a logged-in shopper; sends a guest to `/login?redirect=<this page>`. */
export function RequireShopper({ children }: { children: ReactNode }) {
  const shopper = useShopper();
  const location = useLocation();
  if (shopper.isPending) return <PageLoading />;
  if (!shopper.data) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <ShopperContext value={shopper.data}>{children}</ShopperContext>;
}
