import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO_FACTS } from '@shop/db/seed';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import { activatedShopper, data, signInWithAddress, wellStockedSku } from './support/orders.ts';
import { contrast, tabTo } from './support/focus.ts';

/**
 * Issue 15: focus that can be seen — a ring of 3:1 against what it sits on, never clipped — under a header that
 * leaves room on a phone and never hides what has focus; text that follows the reader's size; the sandbox pay page
 * without serious axe findings.
 */
const baseUrl = inject('baseUrl');
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 768 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The focus ring's colour and the colours beside it, for the focused `control` (a chip's ring is on its span). */
function ringOf(control: Locator): Promise<{ ring: string; beside: string[] }> {
  return control.evaluate((element) => {
    const owner = element.matches('input[type="radio"]') ? element.nextElementSibling! : element;
    const style = getComputedStyle(owner);
    const backgroundBehind = () => {
      for (let node = owner.parentElement; node; node = node.parentElement) {
        const colour = getComputedStyle(node).backgroundColor;
        if (!/rgba\(.*, 0\)$/.test(colour) && colour !== 'transparent') return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) {
      return { ring: style.outlineColor, beside: [backgroundBehind()] };
    }
    // Drawn inside the control (a banner in a row that clips): white, ring, white.
    const colours = getComputedStyle(owner, '::after').boxShadow.match(/rgba?\([^)]*\)/g) ?? [];
    return { ring: colours[1] ?? 'none', beside: [colours[0] ?? 'none', colours[2] ?? 'none'] };
  });
}

describe('the focus ring', () => {
  it('has at least 3:1 against its background on five controls, banners included', async () => {
    const { context, page } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.setViewportSize(DESKTOP);
      await page.goto('/');
      await page.locator('main h1').first().waitFor();
      const controls: [string, Locator][] = [
        ['search box', page.locator('header input[type="search"]')],
        ['cart link', page.locator('header a[href="/cart"]')],
        ['home banner', page.locator('main .banners a').first()],
      ];
      const ratios: Record<string, number> = {};
      const measure = async (name: string, control: Locator) => {
        await tabTo(page, control, { step: name });
        const { ring, beside } = await ringOf(control);
        ratios[name] = Math.min(...beside.map((colour) => contrast(ring, colour)));
      };
      for (const [name, control] of controls) await measure(name, control);
      await page.goto(`/detail?id=${DEMO_FACTS.search.goodsId}`);
      await page.locator('main form.purchase').waitFor();
      await measure('option chip', page.locator('main .chip input:not(:disabled)').first());
      await measure('Buy now', page.locator('main .purchase-actions .button-primary'));
      for (const [name, ratio] of Object.entries(ratios)) expect(ratio, name).toBeGreaterThanOrEqual(3);
      expect(Object.keys(ratios)).toHaveLength(5);
    } finally {
      await context.close();
    }
  });
});

describe('the sticky header', () => {
  it.each([PHONE, DESKTOP])(
    'leaves its height as scroll padding at $width px, a fifth of a phone at most',
    async (viewport) => {
      const { context, page } = await openShopper(browser, baseUrl, 'en-US');
      try {
        await page.setViewportSize(viewport);
        await page.goto(`/detail?id=${DEMO_FACTS.search.goodsId}`);
        await page.locator('main form.purchase').waitFor();
        const measured = () =>
          page.evaluate(() => ({
            header: document.querySelector('header')!.getBoundingClientRect().height,
            padding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
          }));
        await expect.poll(async () => (await measured()).padding, { timeout: 5000 }).toBeGreaterThan(0);
        const { header, padding } = await measured();
        expect(padding).toBeGreaterThanOrEqual(header);
        if (viewport.width === PHONE.width) expect(header).toBeLessThanOrEqual(PHONE.height / 5);
      } finally {
        await context.close();
      }
    },
  );
});

describe("the reader's text size", () => {
  it('applies to goods names, prices, navigation, labels, buttons and option chips', async () => {
    const { context, page } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.setViewportSize(DESKTOP);
      await page.goto(`/detail?id=${DEMO_FACTS.search.goodsId}`);
      await page.locator('main form.purchase').waitFor();
      const sizes = (root: string) =>
        page.evaluate((rootSize) => {
          document.documentElement.style.fontSize = rootSize;
          const size = (selector: string) =>
            parseFloat(getComputedStyle(document.querySelector(selector)!).fontSize);
          return {
            nav: size('header nav a'),
            label: size('main label'),
            button: size('main .purchase-actions button'),
            chip: size('main .chip span'),
            price: size('main .detail-price'),
          };
        }, root);
      const normal = await sizes('100%');
      const doubled = await sizes('200%');
      for (const [part, value] of Object.entries(doubled)) {
        expect(value, part).toBeCloseTo(normal[part as keyof typeof normal] * 2, 0);
      }
    } finally {
      await context.close();
    }
  });

  it('at 200 % zoom (683 px) the home rows keep cards at least 9rem wide', async () => {
    const { context, page } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.setViewportSize({ width: 683, height: 384 });
      await page.goto('/');
      await page.locator('main .goods-row .goods-card').first().waitFor();
      const widths = await page.$$eval('main .goods-row > li', (items) =>
        items.map((item) => item.getBoundingClientRect().width),
      );
      expect(Math.min(...widths)).toBeGreaterThanOrEqual(144);
    } finally {
      await context.close();
    }
  });
});

describe('axe at 360 and 1366 px', () => {
  let signedIn: Page;
  const pages = [
    '/',
    `/detail?id=${DEMO_FACTS.search.goodsId}`,
    '/cart',
    '/order',
    '/address',
    '/user',
    '/my/order',
  ];

  it.each([PHONE, DESKTOP])(
    'finds nothing serious on the shopper pages and the sandbox pay page at $width px',
    async (viewport) => {
      const shopper = await activatedShopper(baseUrl, 'axe-focus');
      const { context, page } = await openShopper(browser, baseUrl, 'en-US');
      signedIn = page;
      try {
        await page.setViewportSize(viewport);
        const addressId = await signInWithAddress(page.request, shopper);
        const skuId = await wellStockedSku(page.request);
        await data(page.request.post('/v1/home/cart/items', { data: { skuId, quantity: 2 } }));
        const problems: string[] = [];
        for (const url of pages) {
          await signedIn.goto(url);
          await signedIn.locator('main h1').first().waitFor();
          await signedIn.waitForLoadState('networkidle');
          problems.push(...(await seriousAccessibilityViolations(signedIn)).map((p) => `${url}: ${p}`));
        }
        const placed = await data<{ id: string }>(
          page.request.post('/v1/home/orders', {
            data: { addressId, items: [{ skuId, quantity: 1 }], note: '' },
          }),
        );
        const charge = await data<{ payUrl: string }>(
          page.request.post('/v1/home/charges', { data: { orderId: placed.id, channel: 'sandbox' } }),
        );
        await page.goto(charge.payUrl);
        await page.locator('#card').waitFor();
        problems.push(...(await seriousAccessibilityViolations(page)).map((p) => `pay page: ${p}`));
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
