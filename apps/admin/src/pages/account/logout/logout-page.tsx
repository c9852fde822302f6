import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { adminApi } from '../../../api.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { rememberSignedIn } from '../../../features/session/signed-in-hint.ts';

/** Ends the staff session and shows the login page; the cached data of the session goes with it. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    adminApi.session
      .logout({ handles: [401] })
      .catch(() => undefined)
      .finally(() => {
        if (cancelled) return;
        rememberSignedIn(false);
        queryClient.clear();
        void navigate('/login', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);
  return <PageLoading />;
}
