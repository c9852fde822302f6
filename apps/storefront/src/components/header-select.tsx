import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { moveFocus } from '../features/navigation/focus.ts';

/** Keys that move through a closed select's options, each firing `change` at once in Chromium. */
const BROWSING_KEYS = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

const RETURN_KEY = 'shop.focusHeaderMenu';

/** Which header menu the reload a choice caused should give focus back to, read once per page load. */
let returningTo = typeof window === 'undefined' ? null : takeReturn();

function takeReturn(): string | null {
  try {
    const menu = window.sessionStorage.getItem(RETURN_KEY);
    window.sessionStorage.removeItem(RETURN_KEY);
    return menu;
  } catch {
    return null;
  }
}

/** Whether this page load follows a choice in the header menu `name`. */
export const returnsToHeaderMenu = (name: string) => returningTo === name;

export interface HeaderSelectProps {
  /** Names the menu for the focus to come back to it after the reload its choice causes. */
  name: string;
  label: ReactNode;
  hint: ReactNode;
  value: string;
  options: { value: string; label: string; lang?: string }[];
  /** Puts the choice in force (the page reloads after it). */
  onChoose: (value: string) => void | Promise<void>;
  className: string;
}

/**
 * A header menu whose choice changes the whole page (language, market). A value is taken only when chosen: picked
 * from the open list (click, or Enter in it), or browsed to with the arrow keys and confirmed with Enter. Browsing
 * alone only shows the value in the box. The page then reloads, on the same page, with focus back on this menu.
 */
export function HeaderSelect({ name, label, hint, value, options, onChoose, className }: HeaderSelectProps) {
  const hintId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const browsing = useRef(false);
  const [shown, setShown] = useState(value);

  useEffect(() => {
    if (returningTo !== name) return;
    returningTo = null;
    moveFocus(select.current);
  }, [name]);

  const choose = async (next: string) => {
    if (next === value) return;
    try {
      window.sessionStorage.setItem(RETURN_KEY, name);
    } catch {
      // Without session storage the choice still holds; focus then starts at the top.
    }
    await onChoose(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter' && shown !== value) {
      event.preventDefault();
      void choose(shown);
    } else if (event.key === 'Escape' && shown !== value) {
      setShown(value);
    }
    // Space, Alt+↓ and F4 open the list; a pick there is a choice. Letters jump like arrows do.
    browsing.current =
      (BROWSING_KEYS.has(event.key) && !event.altKey) || (event.key.length === 1 && event.key !== ' ');
  };

  return (
    <label className={className}>
      <span className="visually-hidden">{label}</span>
      <select
        ref={select}
        value={shown}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
        onPointerDown={() => (browsing.current = false)}
        onBlur={() => setShown(value)}
        onChange={(event) => {
          const next = event.target.value;
          setShown(next);
          if (!browsing.current) void choose(next);
          browsing.current = false;
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      <span id={hintId} className="visually-hidden">
        {hint}
      </span>
    </label>
  );
}
