import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A box that scrolls sideways when what it holds (a table, mostly) is wider than the screen, so that the page
 * itself never does: on a phone a member of staff swipes the table, not the whole back office. While it scrolls it
 * is a named region in the tab order, so that keyboard users can scroll it with the arrow keys too (WCAG 2.1.1;
 * axe's `scrollable-region-focusable`); while everything fits it is a plain box and no extra tab stop.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The content grows without the box changing size when rows arrive or columns widen.
    const content = new MutationObserver(measure);
    content.observe(element, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      content.disconnect();
    };
  }, []);

  return (
    <div
      ref={box}
      className="admin-scroll-region"
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
