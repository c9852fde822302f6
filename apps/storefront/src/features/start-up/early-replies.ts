/** Tells the boot script, if it has not run yet, that the app now sends its own start-up requests. */
export function markAppStarted(): void {
  window.__shopAppStarted = true;
}

/** The key of a reply the boot script (src/boot.ts) fetched: the URL in the locale it was asked in. */
export const earlyKey = (url: string, locale: string) => `${locale} ${url}`;

function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  const headers = init?.headers;
  if (!headers || headers instanceof Headers || Array.isArray(headers)) return undefined;
  return headers[name];
}

/**
 * The reply of a request the boot script already sent for the landing page, handed out once: only for a GET of
 * the same URL in the same locale, in the first seconds of the page. `undefined` otherwise, and the caller
 * fetches as usual.
 */
export function takeEarly(url: string, init: RequestInit | undefined): Promise<Response> | undefined {
  const replies = window.__shopEarlyReplies;
  if (!replies || (init?.method ?? 'GET') !== 'GET' || init?.body) return undefined;
  const locale = headerOf(init, 'Accept-Language');
  if (!locale) return undefined;
  const key = earlyKey(url, locale);
  const reply = replies.get(key);
  replies.delete(key);
  return reply;
}
