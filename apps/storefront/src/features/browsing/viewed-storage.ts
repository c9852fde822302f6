import { RECENTLY_VIEWED_STORAGE_KEY, withViewed } from '@shop/contract';

/**
 * A guest's recently viewed goods, kept in this browser (localStorage) as ids, newest first. Storage may be
 * full, blocked or hold something else under the key: then the list is simply empty.
 */
export function readViewed(storage: Storage | undefined = safeStorage()): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(RECENTLY_VIEWED_STORAGE_KEY) ?? '[]');
    return Array.isArray(value)
      ? withViewed(
          value.filter((id): id is string => typeof id === 'string'),
          [],
        )
      : [];
  } catch {
    return [];
  }
}

/** Puts `goodsId` in front of the browser's list (each goods once, the latest few). */
export function rememberViewed(goodsId: string, storage: Storage | undefined = safeStorage()): string[] {
  const next = withViewed(readViewed(storage), [goodsId]);
  try {
    storage?.setItem(RECENTLY_VIEWED_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // A full or blocked storage: the guest simply has no list.
  }
  return next;
}

/** After the list went to the shopper's account at login. */
export function forgetViewed(storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.removeItem(RECENTLY_VIEWED_STORAGE_KEY);
  } catch {
    // Nothing to forget where nothing could be kept.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
