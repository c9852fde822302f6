import { API_ERROR_TOAST_MS, TOAST_LONG_MS, TOAST_SHORT_MS } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { createToastStore } from './toast-store.ts';

function withFakeTimers() {
  const timers: { callback: () => void; ms: number }[] = [];
  const store = createToastStore((callback, ms) => timers.push({ callback, ms }));
  return { store, timers };
}

describe('toast store', () => {
  it('shows a toast for 3 s by default, with a mask', () => {
    const { store, timers } = withFakeTimers();
    store.show('Saved');
    expect(store.getSnapshot()).toMatchObject([{ text: 'Saved', tone: 'info', mask: true }]);
    expect(timers[0]?.ms).toBe(TOAST_SHORT_MS);
    timers[0]?.callback();
    expect(store.getSnapshot()).toEqual([]);
  });

  it('knows the long duration and exact milliseconds', () => {
    const { store, timers } = withFakeTimers();
    store.show('a', { duration: 'long' });
    store.show('b', { duration: API_ERROR_TOAST_MS, tone: 'error' });
    expect(timers.map((t) => t.ms)).toEqual([TOAST_LONG_MS, API_ERROR_TOAST_MS]);
  });

  it('replaces an older toast, and the older timer does not remove the newer one', () => {
    const { store, timers } = withFakeTimers();
    store.show('first');
    store.show('second');
    expect(store.getSnapshot().map((t) => t.text)).toEqual(['second']);
    timers[0]?.callback();
    expect(store.getSnapshot().map((t) => t.text)).toEqual(['second']);
    timers[1]?.callback();
    expect(store.getSnapshot()).toEqual([]);
  });
});
