import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { ActionButton } from '../../components/action-button.tsx';

/**
 * A button for an action that cannot be undone (cancel an order, delete an address): the first press asks
 * in place, with the confirming button focused; "keep" or Escape puts everything back, focus included. While
 * `busy` the buttons keep focus but do nothing. `name` says what it acts on when the label alone does not
 * ("Delete address Ana Lima, São Paulo").
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  keepLabel,
  onConfirm,
  name,
  busy = false,
  primary = false,
}: {
  label: ReactNode;
  question: ReactNode;
  confirmLabel: ReactNode;
  keepLabel: ReactNode;
  onConfirm: () => void;
  name?: string;
  busy?: boolean;
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
      <ActionButton
        ref={openRef}
        type="button"
        className={primary ? 'button button-primary' : 'button'}
        aria-label={name}
        busy={busy}
        onClick={() => setAsking(true)}
      >
        {label}
      </ActionButton>
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
      <ActionButton
        ref={confirmRef}
        type="button"
        className="button button-primary"
        busy={busy}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </ActionButton>
      <button type="button" className="button" onClick={() => setAsking(false)}>
        {keepLabel}
      </button>
    </span>
  );
}
