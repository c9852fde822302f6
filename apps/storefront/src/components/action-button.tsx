import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';

/**
 * A button that keeps focus while it cannot act: busy (its request is running) or unavailable (nothing to do,
 * e.g. "One less" at 1) it is `aria-disabled`, not `disabled` — a disabled button drops focus to `<body>` — and
 * a press does nothing, a form's submission included.
 */
export function ActionButton({
  busy = false,
  unavailable = false,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  busy?: boolean;
  unavailable?: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  const inert = busy || unavailable;
  return (
    <button
      {...props}
      aria-disabled={inert || undefined}
      aria-busy={busy || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (inert) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
