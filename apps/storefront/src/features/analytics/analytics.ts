export interface PageView {
  path: string;
}

type Sink = (view: PageView) => void;
let sink: Sink | null = null;

/**
 * Reports a page view: always as a `shop:pageview` window event (tests and tag managers listen to it), and to a
 * sink once one is set, e.g. a `navigator.sendBeacon` to a collector when the shop gets one.
 */
export function trackPageView(path: string): void {
  const view: PageView = { path };
  window.dispatchEvent(new CustomEvent<PageView>('shop:pageview', { detail: view }));
  sink?.(view);
}

export function setAnalyticsSink(next: Sink | null): void {
  sink = next;
}
