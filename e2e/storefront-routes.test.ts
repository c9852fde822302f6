import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { STOREFRONT_PATHS, SUPPORTED_LOCALES } from '@shop/contract';
import { DEMO_FACTS } from '@shop/db/seed';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
/** A demo goods translated into every locale (the newest goods may be one staff made in a single language). */
const knownGoodsId = DEMO_FACTS.search.goodsId;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

// Checkout (`/order`) offers a visitor the choice of signing in or buying as a guest, on the page itself.
const GUEST_ONLY_LOGIN = new Set(['/user', '/address', '/my/order', '/passwordchange']);
const HAN = /\p{Script=Han}/u;

// The routes are checked a few at a time (`maxConcurrency` in vitest.config.ts), each in a fresh context of its own
// (a guest's device, with the locale saved), so that one page's wait for a quiet network overlaps another's work.
describe.each(SUPPORTED_LOCALES)('every storefront route in %s', (locale) => {
  it.concurrent.for(STOREFRONT_PATHS)('renders %s without console errors', async (path, { expect }) => {
    const url = path === '/detail' ? `${path}?id=${knownGoodsId}` : path;
    const { context, page, errors } = await openShopper(browser, baseUrl, locale);
    try {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      const heading = page.locator('main h1').first();
      await heading.waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      const text = (await heading.textContent()) ?? '';
      expect(text.trim()).not.toBe('');
      if (locale.startsWith('zh')) expect(text).toMatch(HAN);
      if (locale === 'en-US') expect(text).not.toMatch(HAN);
      if (GUEST_ONLY_LOGIN.has(path)) {
        expect(new URL(page.url()).pathname).toBe('/login');
        expect(new URL(page.url()).searchParams.get('redirect')).toBe(path);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('unknown paths', () => {
  it('show the 404 page with a way home', async () => {
    const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
    try {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(404);
      await page.getByText('Sorry, the page you visited does not exist.').waitFor();
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL(`${baseUrl}/`);
      // The document's own 404 status is the point of this test; nothing else may fail.
      expect(errors.filter((e) => !e.includes('/no/such/page'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a storefront that cannot load its messages', () => {
  it("says so in the reader's language and starts when asked to try again", async () => {
    const { context, page, errors } = await openShopper(browser, baseUrl, 'zh-CN');
    try {
      const catalog = /\/assets\/zh-CN-[\w-]+\.js$/;
      await page.route(catalog, (route) => route.abort());
      await page.goto('/');
      const failure = page.getByRole('alert').filter({ hasText: '页面加载失败' });
      await failure.waitFor();
      await page.unroute(catalog);
      await failure.getByRole('button', { name: '重试' }).click();
      await page.locator('main h1').first().waitFor();
      expect(await page.locator('main h1').first().textContent()).toMatch(HAN);
      // The blocked catalog is the one failure the page may report.
      expect(
        errors.filter((e) => !/zh-CN-[\w-]+\.js|Failed to fetch dynamically imported module/.test(e)),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('accessibility', () => {
  // On a laptop and on a phone held upright: the header folds, cards stack, and contrast or names can break in either.
  it.concurrent.for(STOREFRONT_PATHS)(
    'axe finds no serious or critical violation on %s at 1366 and 360 px',
    async (path, { expect }) => {
      const url = path === '/detail' ? `${path}?id=${knownGoodsId}` : path;
      const { context, page } = await openShopper(browser, baseUrl, 'en-US');
      try {
        const problems: string[] = [];
        for (const viewport of [
          { width: 1366, height: 768 },
          { width: 360, height: 740 },
        ]) {
          await page.setViewportSize(viewport);
          await page.goto(url);
          await page.locator('main h1').first().waitFor({ state: 'visible' });
          await page.waitForLoadState('networkidle');
          problems.push(
            ...(await seriousAccessibilityViolations(page)).map((p) => `${viewport.width} px: ${p}`),
          );
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
