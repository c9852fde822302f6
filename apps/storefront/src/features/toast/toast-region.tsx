import { useSyncExternalStore } from 'react';
import { toastStore } from './toast-store.ts';

/** The live region toasts are announced in; it is always in the page so screen readers pick up changes. */
export function ToastRegion() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  const masked = toasts.some((toast) => toast.mask);
  return (
    <>
      {masked && <div className="toast-mask" aria-hidden="true" />}
      <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
        {toasts.map((toast) => (
          <p key={toast.id} className={`toast toast-${toast.tone}`}>
            {toast.text}
          </p>
        ))}
      </div>
    </>
  );
}
