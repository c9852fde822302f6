/**
 * Whether this browser may hold a staff session. The session cookie is httpOnly, so the back office cannot see
 * it; asking `GET /v1/admin/me` answers 401 for nobody (as the envelope contract says), which the browser logs as
 * a console error on every visit of a guest. So the back office remembers here that it signed someone in, and
 * asks only then: a guest's login page makes no request that fails. The hint is not a credential: the server
 * still decides on every request, and a stale hint costs one 401, after which it is forgotten.
 */
const KEY = 'admin_signed_in';

export function mayBeSignedIn(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    // No storage (a locked-down browser): ask, as before.
    return true;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to remember in: the next visit asks the server.
  }
}
