import { useEffect } from 'react';
import type { RefObject } from 'react';

/**
 * Keeps `--header-height` on the document equal to the sticky header's height, at every width and text size, so
 * the page's `scroll-padding-top` (styles.css) keeps focused and scrolled-to controls out from under it.
 */
export function useStickyHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const sticky = getComputedStyle(element).position === 'sticky';
      root.style.setProperty('--header-height', `${sticky ? element.getBoundingClientRect().height : 0}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [header]);
}
