const preloaded = new Set<string>();

/**
 * Starts downloading the page's largest picture as soon as its address is known, before the page renders the
 * `<img>` that shows it (which then finds it in the cache): the largest paint no longer waits for rendering.
 */
export function preloadImage(src: string | undefined): void {
  if (!src || preloaded.has(src)) return;
  preloaded.add(src);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  link.fetchPriority = 'high';
  document.head.append(link);
}
