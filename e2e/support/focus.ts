import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * What a keyboard user would find wrong with where focus is now, or null: focus on `<body>` (their place is
 * lost), or a focused control outside the viewport, or one whose centre shows something else — the sticky header,
 * a message laid over it.
 */
export function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused === document.documentElement) {
      return 'focus is on <body>';
    }
    const describe = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        typeof element.className === 'string' && element.className
          ? `.${element.className.replace(/ +/g, '.')}`
          : ''
      }> "${text}"`;
    };
    // A radio drawn as a chip is the chip; a control hidden for screen readers only is its label.
    let shown: Element = focused;
    let box = shown.getBoundingClientRect();
    if ((box.width < 2 || box.height < 2) && focused.closest('label')) {
      shown = focused.closest('label')!;
      box = shown.getBoundingClientRect();
    }
    const name = describe(focused);
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    if (box.bottom <= 0 || box.top >= height || box.right <= 0 || box.left >= width) {
      return `${name} is off screen (y ${Math.round(box.top)}–${Math.round(box.bottom)} of ${height})`;
    }
    // The centre of the part of it inside the viewport (a large region such as <main> is taller than the screen).
    const x = (Math.max(box.left, 0) + Math.min(box.right, width)) / 2;
    const y = (Math.max(box.top, 0) + Math.min(box.bottom, height)) / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit) return `${name}: nothing at its centre`;
    if (shown.contains(hit) || focused.contains(hit) || hit === focused || hit.contains(focused)) {
      // The control itself, or a box that holds it (a label, a row): not covered by anything foreign.
      const header = document.querySelector('body > #root header, header.site-header');
      if (header && header.contains(hit) && !header.contains(focused)) return `${name} is under the header`;
      return null;
    }
    const header = hit.closest('header');
    if (header && !header.contains(focused)) return `${name} is under the header`;
    return `${name} is covered by ${describe(hit)}`;
  });
}

/**
 * Fails the test, naming `step`, when focus is lost, off screen or covered once the action has settled (a form
 * opening, a list re-rendering: up to 2 s). Focus dropped to `<body>` never comes back by itself, so this still
 * fails then.
 */
export async function expectFocusShown(page: Page, step: string): Promise<void> {
  await expect.poll(() => focusProblem(page), { message: step, timeout: 2000, interval: 100 }).toBeNull();
}

export const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking after every press that focus is shown; at most
 * `max` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 120, step = '' }: { backwards?: boolean; max?: number; step?: string } = {},
): Promise<void> {
  await target.waitFor({ state: 'attached' });
  for (let pressed = 0; pressed < max; pressed++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const where = await page.evaluate(() => {
      const element = document.activeElement;
      return element ? `${element.tagName} ${(element.textContent ?? '').trim().slice(0, 30)}` : 'none';
    });
    await expectFocusShown(page, `${step} ${backwards ? 'Shift+Tab' : 'Tab'} #${pressed + 1} → ${where}`);
  }
  throw new Error(
    `${step}: ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${String(target)}`,
  );
}

/** Relative luminance and contrast ratio (WCAG 2.2) of `rgb(…)`/`rgba(…)` colours. */
export function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
