import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { effects } from '../../api.ts';
import { reportFailure } from '../toast/report.ts';
import { signedOut } from './use-shopper.ts';

/** History state of the way home after a logout. */
const SIGNED_OUT = { signedOut: true } as const;

const isSignedOut = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { signedOut?: unknown }).signedOut === true;

/** Logs out: ends the session and goes home, where `useFinishLogout` forgets the shopper. */
export function useLogout() {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    try {
      await effects.logout();
      void navigate('/', { state: SIGNED_OUT });
    } catch (error) {
      reportFailure(error);
    } finally {
      setLeaving(false);
    }
  };

  return { logout, leaving };
}

/**
 * Forgets the shopper once the way home after a logout has landed. Not sooner: navigations are transitions, so
 * the page being left stays on screen while home loads, and a page that needs a shopper would send the
 * just-logged-out guest to /login instead. Used once, by the always-mounted header.
 */
export function useFinishLogout(): void {
  const queryClient = useQueryClient();
  const location = useLocation();
  const arrivedSignedOut = isSignedOut(location.state);
  useEffect(() => {
    if (arrivedSignedOut) signedOut(queryClient);
  }, [location.key, arrivedSignedOut, queryClient]);
}
