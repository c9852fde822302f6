import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The goods ids the listing shows, in order, once it shows the current query's goods (not the previous ones). */
export async function listedIds(page: Page): Promise<string[]> {
  const results = page.locator('section.listing-results');
  await results.locator('a.goods-card, .empty').first().waitFor();
  await expect.poll(() => results.getAttribute('aria-busy')).not.toBe('true');
  await expect.poll(() => results.locator('.stale, .skeleton-card').count()).toBe(0);
  const hrefs = await results
    .locator('a.goods-card')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => new URL(href, 'http://x').searchParams.get('id') ?? '');
}
