import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { request, type APIRequestContext, type Browser, type Page } from 'playwright-core';
import { SUPPORTED_LOCALES, type StorefrontPath } from '@shop/contract';
import { DEMO_FACTS } from '@shop/db/seed';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import type { TestShopper } from './support/accounts.ts';
import { activatedShopper, data, placeAndPay, signInWithAddress, wellStockedSku } from './support/orders.ts';

/**
 * A phone held upright: no page, in any language, may scroll sideways, and the header folds its links and
 * language box into a menu whose every item is whole and on screen, closed or open.
 */
const PHONE = { width: 360, height: 740 };
const baseUrl = inject('baseUrl');
/** A demo goods translated into every locale, on sale. */
const goodsId = DEMO_FACTS.search.goodsId;

let browser: Browser;
let api: APIRequestContext;
let shopper: TestShopper;
let orderId: string;

/** Every route as a guest sees it (pages for shoppers only are visited signed in, below). */
const GUEST_PAGES: { path: StorefrontPath; url: string }[] = [
  { path: '/', url: '/' },
  { path: '/home', url: '/home' },
  { path: '/detail', url: `/detail?id=${goodsId}` },
  { path: '/cart', url: '/cart' },
  { path: '/tips', url: '/tips' },
  { path: '/forget', url: '/forget' },
  { path: '/forgetsucess', url: '/forgetsucess' },
  { path: '/register', url: '/register' },
  { path: '/registersucess', url: '/registersucess' },
  { path: '/login', url: '/login' },
  { path: '/registerchange', url: '/registerchange' },
  { path: '/wishlist/shared', url: '/wishlist/shared' },
  { path: '/stock-alerts/unsubscribe', url: `/stock-alerts/unsubscribe?token=${'x'.repeat(43)}` },
];

/** The routes with a shopper signed in, who has an address, a paid order and a line in the cart. */
const shopperPages = (): { path: StorefrontPath; url: string }[] => [
  { path: '/user', url: '/user' },
  { path: '/address', url: '/address' },
  { path: '/cart', url: '/cart' },
  { path: '/order', url: '/order' },
  { path: '/my/order', url: '/my/order' },
  { path: '/my/order', url: `/my/order?id=${orderId}` },
  { path: '/my/order', url: `/my/order?id=${orderId}&print=1` },
  { path: '/tips', url: `/tips?orderId=${orderId}` },
  { path: '/passwordchange', url: '/passwordchange' },
  { path: '/detail', url: `/detail?id=${goodsId}` },
  { path: '/', url: '/' },
];

beforeAll(async () => {
  browser = await launchChromium();
  api = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { 'accept-language': 'en-US' } });
  shopper = await activatedShopper(baseUrl, 'phone');
  const addressId = await signInWithAddress(api, shopper);
  const skuId = await wellStockedSku(api);
  orderId = (await placeAndPay(api, { addressId, skuId })).id;
  // The cart belongs to the account: every browser that signs in as this shopper finds this line in it.
  await data(api.post('/v1/home/cart/items', { data: { skuId, quantity: 1 } }));
}, 90_000);
afterAll(async () => {
  await api?.dispose();
  await browser?.close();
});

/** The page, in the whole and in its header, as a person on a phone would find fault with it. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    const height = window.innerHeight;
    const name = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      const label = element.getAttribute('aria-label') ?? (element as HTMLInputElement).placeholder ?? '';
      return `<${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).replace(/ /g, '.')}` : ''}> "${text || label}"`;
    };
    if (root.scrollWidth > width) {
      // Named by the innermost elements that reach past the right edge (outside any box that scrolls or clips
      // them, as a row of banners does), so the message says what to fix.
      const clipped = (element: Element) => {
        for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).overflowX !== 'visible') return true;
        }
        return false;
      };
      const beyond = [...document.body.querySelectorAll('*')].filter(
        (element) => element.getBoundingClientRect().right > width + 0.5 && !clipped(element),
      );
      const innermost = beyond.filter(
        (element) => !beyond.some((other) => other !== element && element.contains(other)),
      );
      problems.push(
        `page is ${root.scrollWidth} px wide in ${width} px: ${innermost.slice(0, 3).map(name).join(', ')}`,
      );
    }
    const header = document.querySelector('header');
    if (!header) return [...problems, 'no header'];
    for (const element of header.querySelectorAll('*')) {
      // What is not shown, or shown only to screen readers (clipped to a pixel), is not cut off for anyone.
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (element.closest('.visually-hidden')) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      if (box.left < -0.5 || box.right > width + 0.5 || box.top < -0.5 || box.bottom > height + 0.5) {
        problems.push(
          `${name(element)} at x ${Math.round(box.left)}–${Math.round(box.right)}, y ${Math.round(box.top)}–${Math.round(box.bottom)}`,
        );
        continue;
      }
      // Text cut by its box (an ellipsis, a hidden overflow) or spilling out of it is wider than its box.
      const inline = getComputedStyle(element).display === 'inline';
      if (!inline && element.scrollWidth > element.clientWidth + 1 && element.tagName !== 'SELECT') {
        problems.push(`${name(element)} needs ${element.scrollWidth} px in ${element.clientWidth} px`);
      }
    }
    return problems;
  });
}

const menuButton = (page: Page) => page.locator('header button[aria-controls][aria-expanded]');

/** The page's problems with the header's menu closed and then open (the menu is closed again after). */
async function problemsOnPhone(page: Page, url: string): Promise<string[]> {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await page.locator('main h1').first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  const problems = (await layoutProblems(page)).map((p) => `${url} (menu closed): ${p}`);
  const button = menuButton(page);
  if ((await button.count()) !== 1) return [...problems, `${url}: no menu button in the header`];
  await button.click();
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  const menu = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
  await menu.waitFor({ state: 'visible' });
  problems.push(...(await layoutProblems(page)).map((p) => `${url} (menu open): ${p}`));
  await button.click();
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
  return problems;
}

describe.each(SUPPORTED_LOCALES)('at 360 × 740 in %s', (locale) => {
  let shopperPage: ShopperPage;

  beforeAll(async () => {
    shopperPage = await openShopper(browser, baseUrl, locale);
    await shopperPage.page.setViewportSize(PHONE);
  });
  afterAll(() => shopperPage?.context.close());

  it('every page a guest sees fits the screen, header included', async () => {
    const problems: string[] = [];
    for (const { url } of GUEST_PAGES) problems.push(...(await problemsOnPhone(shopperPage.page, url)));
    expect(problems).toEqual([]);
  });

  it('every page a signed-in shopper sees fits the screen, header included', async () => {
    const { page } = shopperPage;
    await data(
      page.request.post('/v1/home/users/login', {
        data: { account: shopper.email, password: shopper.password },
      }),
    );
    const problems: string[] = [];
    for (const { url } of shopperPages()) problems.push(...(await problemsOnPhone(page, url)));
    expect(problems).toEqual([]);
    expect(shopperPage.errors).toEqual([]);
  });
});

describe('the header menu on a phone', () => {
  it('opens from the keyboard, shows every link, closes with Escape and gives focus back', async () => {
    const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.setViewportSize(PHONE);
      await page.goto('/');
      await page.locator('main h1').first().waitFor({ state: 'visible' });
      const button = page.getByRole('button', { name: 'Menu' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      // Closed, the links are out of the way (and out of the tab order).
      expect(await page.getByRole('link', { name: 'My orders' }).isVisible()).toBe(false);
      await button.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
      for (const name of ['Home', 'Cart', 'My orders', 'Log in']) {
        expect(await page.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
      }
      expect(await page.getByRole('combobox', { name: 'Language' }).isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      // The menu follows its button: the next Tab lands on its first link.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await page.getByRole('link', { name: 'My orders' }).isVisible()).toBe(false);
      // A link chosen in the menu takes the shopper there and folds the menu away.
      await button.click();
      await page.getByRole('link', { name: 'Cart', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Shopping cart' }).waitFor();
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
