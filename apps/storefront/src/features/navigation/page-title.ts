import { useEffect, useSyncExternalStore } from 'react';

/**
 * The title a page gives itself from what it shows (a goods' name, a search, a category), in place of its
 * route's generic one. One page is on show at a time, so one value suffices; it is cleared when the page goes.
 */
let specificTitle: string | null = null;
const listeners = new Set<() => void>();

function setSpecificTitle(title: string | null) {
  specificTitle = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Titles the document after what the page shows; `undefined` (still loading, nothing specific) keeps the route's. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    setSpecificTitle(title);
    return () => setSpecificTitle(null);
  }, [title]);
}

/** The title the page on show gave itself, or null. */
export function useSpecificPageTitle(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => specificTitle,
    () => null,
  );
}
