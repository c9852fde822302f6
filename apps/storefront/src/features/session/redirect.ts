/** Where the login page sends a guest back to: a path of this site only, never another origin. */
export function safeRedirect(target: string | null | undefined, fallback = '/user'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  return target;
}

export function loginPath(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}
