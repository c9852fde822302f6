/** Where the back office starts: the first page after login and the exception pages' "Back to home". */
export const HOME_PATH = '/dashboard/analysis';

/**
 * A `redirect` query value that is safe to follow after login: a path inside the back office (relative to
 * `/admin`), never another site (`//evil`, `https:…`) nor the login page itself.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return HOME_PATH;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return HOME_PATH;
  return value;
}

/** `/login?redirect=…` for the page being left (path, query and hash, relative to `/admin`). */
export function loginPathFor(current: { pathname: string; search?: string; hash?: string }): string {
  const target = `${current.pathname}${current.search ?? ''}${current.hash ?? ''}`;
  if (current.pathname === '/login' || target === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(target)}`;
}
