import { TOAST_LONG_MS, TOAST_SHORT_MS } from '@shop/contract';

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
  /** A transparent layer that keeps clicks off the page while the toast shows (the spec's default). */
  mask: boolean;
}

export interface ToastOptions {
  tone?: ToastTone;
  /** `short` (3 s, the default), `long` (8 s) or milliseconds. */
  duration?: 'short' | 'long' | number;
  mask?: boolean;
}

type Timer = (callback: () => void, ms: number) => unknown;

export function createToastStore(setTimer: Timer = (callback, ms) => setTimeout(callback, ms)) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const publish = (next: readonly Toast[]) => {
    toasts = next;
    for (const listener of listeners) listener();
  };

  const dismiss = (id: number) => publish(toasts.filter((toast) => toast.id !== id));

  return {
    show(text: string, options: ToastOptions = {}): number {
      const { duration = 'short', tone = 'info', mask = true } = options;
      const ms = duration === 'short' ? TOAST_SHORT_MS : duration === 'long' ? TOAST_LONG_MS : duration;
      const id = nextId++;
      // One toast at a time, as in the spec's mobile toast: a newer message replaces the older one.
      publish([{ id, text, tone, mask }]);
      setTimer(() => dismiss(id), ms);
      return id;
    },
    dismiss,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
  };
}

export const toastStore = createToastStore();
export const showToast = toastStore.show;
