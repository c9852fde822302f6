import { imageSrcset } from '@shop/contract';

const preloaded = new Set<string>();

/**
 * Starts downloading the page's largest picture as soon as its address is known, before the page renders the
 * `<img>` that shows it (which then finds it in the cache): the largest paint no longer waits for rendering.
 * A picture with WebP copies is preloaded from the same `srcset` and `sizes` as its `<img>` (pass the `sizes`
 * the `<img>` uses), so the browser picks the same copy once rather than the original and then a copy.
 */
export function preloadImage(src: string | undefined, sizes = '100vw'): void {
  if (!src || preloaded.has(src)) return;
  preloaded.add(src);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  const srcset = imageSrcset(src);
  if (srcset) {
    link.imageSrcset = srcset;
    link.imageSizes = sizes;
  }
  link.href = src;
  link.fetchPriority = 'high';
  document.head.append(link);
}
