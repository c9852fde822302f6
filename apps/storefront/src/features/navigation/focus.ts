/**
 * Where focus goes after an action (issue 15): to its result — the message, the changed line, the next control —
 * or back to the control that opened a form. A keyboard or screen-reader user never lands on `<body>`.
 *
 * The result is often not on the page yet when the action settles (a list re-renders, a form closes), so each
 * candidate is looked for again on every frame, for up to a second; the first one that is in the page, shown and
 * enabled takes focus. It is then scrolled only as far as needed to be seen below the sticky header (the page's
 * `scroll-padding-top`, see styles.css).
 */
export type FocusTarget =
  HTMLElement | string | null | undefined | (() => HTMLElement | string | null | undefined);

const resolve = (target: FocusTarget): HTMLElement | null => {
  const found = typeof target === 'function' ? target() : target;
  if (typeof found === 'string') return found ? document.querySelector<HTMLElement>(found) : null;
  return found ?? null;
};

const canTakeFocus = (element: HTMLElement) =>
  element.isConnected &&
  !(element as HTMLButtonElement).disabled &&
  element.checkVisibility({ visibilityProperty: true });

/** Focuses `element`, giving it a place in the focus order first if it has none (a message, a heading). */
export function focusElement(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/** Moves focus to the first of `targets` (elements, selectors or functions giving one) that can take it. */
export function moveFocus(...targets: FocusTarget[]): void {
  let frames = 60;
  const attempt = () => {
    for (const target of targets) {
      const element = resolve(target);
      if (element && canTakeFocus(element)) {
        focusElement(element);
        return;
      }
    }
    if (--frames > 0) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * Remembers the control that opened something (a form, a question) so that closing it gives focus back there;
 * `fallbacks` take it when that control is gone.
 */
export function rememberOpener(): (...fallbacks: FocusTarget[]) => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return (...fallbacks) => moveFocus(opener && opener !== document.body ? opener : null, ...fallbacks);
}
