import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AppError, Code } from '@shop/contract';
import { ExceptionPanel } from '../../components/exception-panel.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { loginPathFor } from './redirect.ts';
import { mayBeSignedIn } from './signed-in-hint.ts';
import { staffQuery } from './staff-query.ts';

/** Renders its children for a logged-in member of staff; anyone else goes to the login page and back. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const location = useLocation();
  const known = mayBeSignedIn();
  const me = useQuery({ ...staffQuery, enabled: known });
  // Nobody signed in from this browser: the login page at once, without a request the server must refuse.
  if (!me.data && !known) return <Navigate to={loginPathFor(location)} replace />;
  if (me.isPending) return <PageLoading fullscreen />;
  if (me.isError) {
    const code = me.error instanceof AppError ? me.error.code : Code.internal;
    if (code === Code.unauthorized || code === Code.forbidden) {
      return <Navigate to={loginPathFor(location)} replace />;
    }
    return <ExceptionPanel status="500" onRetry={() => void me.refetch()} />;
  }
  return children;
}
