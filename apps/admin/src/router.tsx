import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { canAccess } from './access.ts';
import type { PageAccess } from './access.ts';
import { handleUnauthorized } from './api.ts';
import { queryClient } from './app/query-client.ts';
import { ExceptionPanel } from './components/exception-panel.tsx';
import { PageBoundary } from './components/page-boundary.tsx';
import { PageLoading } from './components/page-loading.tsx';
import { HOME_PATH, loginPathFor } from './features/session/redirect.ts';
import { RequireStaff } from './features/session/require-staff.tsx';
import { rememberSignedIn } from './features/session/signed-in-hint.ts';
import { staffQuery } from './features/session/staff-query.ts';
import { useStaffRole } from './features/session/use-staff-role.ts';
import { adminRoutes, flattenRoutes } from './routes.tsx';

export const ADMIN_BASENAME = '/admin';

const BasicLayout = lazy(() => import('./layout/basic-layout.tsx'));
const LoginPage = lazy(() => import('./pages/login/login-page.tsx'));

/** A page the member's role may open, or the 403 page (its menu entry is hidden as well). */
function Gate({ access, Page }: { access: PageAccess; Page: ComponentType }) {
  const role = useStaffRole();
  if (!canAccess(role, access)) return <ExceptionPanel status="403" />;
  return <Page />;
}

const pageRoutes: RouteObject[] = flattenRoutes(adminRoutes).map((route) => {
  const Page = lazy(route.page);
  return { path: route.path, element: <Gate access={route.access} Page={Page} /> };
});

export const router = createBrowserRouter(
  [
    {
      path: '/login',
      element: (
        <PageBoundary>
          <Suspense fallback={<PageLoading fullscreen />}>
            <LoginPage />
          </Suspense>
        </PageBoundary>
      ),
    },
    {
      path: '/',
      element: (
        <RequireStaff>
          <PageBoundary>
            <Suspense fallback={<PageLoading fullscreen />}>
              <BasicLayout />
            </Suspense>
          </PageBoundary>
        </RequireStaff>
      ),
      children: [
        { index: true, element: <Navigate to={HOME_PATH} replace /> },
        ...pageRoutes,
        { path: '*', element: <ExceptionPanel status="404" /> },
      ],
    },
  ],
  { basename: ADMIN_BASENAME },
);

// Any call answering 401 (the session ended or expired) leads to the login page, and back here afterwards.
handleUnauthorized(() => {
  rememberSignedIn(false);
  queryClient.removeQueries({ queryKey: staffQuery.queryKey });
  const { pathname, search, hash } = router.state.location;
  if (pathname !== '/login')
    void router.navigate(loginPathFor({ pathname, search, hash }), { replace: true });
});
