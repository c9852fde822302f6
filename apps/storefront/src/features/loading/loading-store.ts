import { useSyncExternalStore } from 'react';

/**
 * The spec's loading indicator (§4): a global busy flag, one flag per module (`common`, `user` …) and one per
 * effect (`common/fetchGoods` …). A flag is on from an effect's start to its end; the global flag is on while
 * any effect runs. Server data itself lives in TanStack Query; this store only says what is busy.
 */
export interface LoadingState {
  readonly global: boolean;
  readonly models: Readonly<Record<string, boolean>>;
  readonly effects: Readonly<Record<string, boolean>>;
}

export interface LoadingStore {
  /** Runs `task` as the effect `name` (`module/effect`), keeping its flags on until it settles. */
  track<T>(name: string, task: () => Promise<T>): Promise<T>;
  subscribe(listener: () => void): () => void;
  getSnapshot(): LoadingState;
}

export function createLoadingStore(): LoadingStore {
  // Running count per effect, so overlapping runs of one effect keep its flag on until the last ends.
  const running = new Map<string, number>();
  const listeners = new Set<() => void>();
  let snapshot: LoadingState = { global: false, models: {}, effects: {} };

  const publish = () => {
    const effects: Record<string, boolean> = {};
    const models: Record<string, boolean> = {};
    for (const [name, count] of running) {
      const model = name.slice(0, name.indexOf('/'));
      effects[name] = count > 0;
      models[model] = (models[model] ?? false) || count > 0;
    }
    snapshot = { global: Object.values(effects).some(Boolean), models, effects };
    for (const listener of listeners) listener();
  };

  const change = (name: string, delta: number) => {
    running.set(name, (running.get(name) ?? 0) + delta);
    publish();
  };

  return {
    async track(name, task) {
      if (!name.includes('/')) throw new Error(`effect name "${name}" must be "module/effect"`);
      change(name, 1);
      try {
        return await task();
      } finally {
        change(name, -1);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}

export const loadingStore = createLoadingStore();

/** The whole loading state; re-renders only when a flag changes. */
export function useLoading(): LoadingState {
  return useSyncExternalStore(loadingStore.subscribe, loadingStore.getSnapshot, loadingStore.getSnapshot);
}

/** Whether one effect (`user/login`) or one module (`user`) is busy. */
export function useBusy(name: string): boolean {
  const read = () => {
    const state = loadingStore.getSnapshot();
    return (name.includes('/') ? state.effects[name] : state.models[name]) ?? false;
  };
  return useSyncExternalStore(loadingStore.subscribe, read, read);
}
