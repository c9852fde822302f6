import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * A button for an action that cannot be undone (cancel an order, delete an address): the first press asks
 * in place, with the confirming button focused; "keep" or Escape puts everything back, focus included.
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  keepLabel,
  onConfirm,
  disabled = false,
  primary = false,
}: {
  label: ReactNode;
  question: ReactNode;
  confirmLabel: ReactNode;
  keepLabel: ReactNode;
  onConfirm: () => void;
  disabled?: boolean;
  primary?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (wasAsking.current) openRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={openRef}
        type="button"
        className={primary ? 'button button-primary' : 'button'}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span
      className="confirm"
      role="group"
      aria-labelledby={questionId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false);
      }}
    >
      <span id={questionId} className="confirm-question">
        {question}
      </span>
      <button
        ref={confirmRef}
        type="button"
        className="button button-primary"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="button" onClick={() => setAsking(false)}>
        {keepLabel}
      </button>
    </span>
  );
}
