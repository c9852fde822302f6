import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import { uniqueShopper, unexpectedErrors } from './support/accounts.ts';
import { addMarket, addTaxRate, removeMarket, removeTaxRate } from './support/markets.ts';
import { data } from './support/orders.ts';

/**
 * Issue 14, markets: a shopper chooses where they buy from in the header and sees every price in that market's
 * currency; at checkout the delivery country decides, and the totals the page shows are the server's. The suite's
 * shop sells in US dollars only (e2e/support/markets.ts); this file adds Japan, which no other test ships to.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let shopper: ShopperPage;
let page: Page;
let sku: { id: string; goodsId: string; goodsName: string };
let taxRateId = '';

const yen = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(amount);
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const marketMenu = (p: Page) => p.getByLabel('Market and currency');

beforeAll(async () => {
  await addMarket(baseUrl, {
    code: 'JP',
    names: { 'en-US': 'Japan', 'pt-BR': 'Japão', 'zh-CN': '日本', 'zh-TW': '日本' },
    currency: 'JPY',
    countries: ['JP'],
    taxInclusive: true,
    defaultLocale: 'en-US',
    exchangeRate: '151.25',
    rounding: 'none',
  });
  taxRateId = await addTaxRate(baseUrl, {
    country: 'JP',
    taxClass: 'standard',
    names: {
      'en-US': 'Consumption tax',
      'pt-BR': 'Imposto sobre consumo',
      'zh-CN': '消费税',
      'zh-TW': '消費稅',
    },
    rate: '10',
  });
  browser = await launchChromium();
  const goods = await fetch(`${baseUrl}/v1/home/goods?sort=sales&pageSize=20`).then(
    (reply) => reply.json() as Promise<{ data: { id: string }[] }>,
  );
  for (const { id } of goods.data) {
    const detail = await fetch(`${baseUrl}/v1/home/goods/${id}`, {
      headers: { 'accept-language': 'en-US' },
    }).then(
      (reply) => reply.json() as Promise<{ data: { name: string; skus: { id: string; stock: number }[] } }>,
    );
    const inStock = detail.data.skus.find((s) => s.stock >= 5);
    if (inStock) {
      sku = { id: inStock.id, goodsId: id, goodsName: detail.data.name };
      break;
    }
  }
  expect(sku).toBeDefined();
  shopper = await openShopper(browser, baseUrl, 'en-US');
  page = shopper.page;
});
afterAll(async () => {
  await browser?.close();
  if (taxRateId) await removeTaxRate(baseUrl, taxRateId);
  await removeMarket(baseUrl, 'JP');
});

describe('a shopper abroad', () => {
  it('chooses Japan in the header and sees the goods in yen, as the shop prices them', async () => {
    await page.goto(`/detail?id=${sku.goodsId}`);
    await page.getByRole('heading', { level: 1, name: sku.goodsName }).waitFor();
    expect(await marketMenu(page).inputValue()).toBe('US');
    await marketMenu(page).selectOption({ label: 'Japan · JPY' });
    await page.waitForLoadState('load');
    await expect.poll(() => marketMenu(page).inputValue()).toBe('JP');
    // The page reloaded with focus back on the menu, as after a language choice.
    await expect
      .poll(() => marketMenu(page).evaluate((select) => select === document.activeElement))
      .toBe(true);
    const detail = await data<{ currency: string; price: number }>(
      page.request.get(`/v1/home/goods/${sku.goodsId}`),
    );
    expect(detail.currency).toBe('JPY');
    await page.locator('main').getByText(yen(detail.price)).first().waitFor();
    // Japan's prices include its consumption tax, and the page says so.
    await page.locator('main').getByText('Tax included').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('checks out to Tokyo from a cart in dollars: the totals turn to yen with the address, and the order is in yen', async () => {
    await marketMenu(page).selectOption({ label: 'United States · USD' });
    await expect.poll(() => marketMenu(page).inputValue()).toBe('US');
    await page.locator('main').getByText('Taxes, if any, are added at checkout').waitFor();
    expect(
      (await page.request.post('/v1/home/cart/items', { data: { skuId: sku.id, quantity: 2 } })).status(),
    ).toBe(200);
    const cart = await data<{ currency: string; subtotal: number }>(page.request.get('/v1/home/cart'));
    expect(cart.currency).toBe('USD');
    await page.goto('/order');
    await page.getByRole('button', { name: 'Check out as a guest' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check out as a guest' }).waitFor();
    const totals = page.locator('main .totals');
    await totals.getByText(dollars(cart.subtotal)).first().waitFor();

    await page.getByLabel('Email for your order').fill(uniqueShopper('tokyo').email);
    await page.getByLabel('Recipient').fill('Yui Sato');
    await page.getByLabel('Country or region code').selectOption('JP');
    await page.getByLabel('Phone number without country code').fill('90 1234 5678');
    await page.getByLabel('Country or region', { exact: true }).selectOption('JP');
    await page.getByLabel('State or province').selectOption('JP-13');
    await page.getByLabel('Street address').fill('1-1 Chiyoda');
    await page.getByRole('button', { name: 'Use this address' }).click();

    const preview = await data<{ currency: string; subtotal: number; total: number; taxInclusive: boolean }>(
      page.request.post('/v1/home/guest-orders/preview', { data: { country: 'JP' } }),
    );
    expect(preview).toMatchObject({ currency: 'JPY', taxInclusive: true });
    await totals.getByText(yen(preview.total)).first().waitFor();
    await totals.getByText(yen(preview.subtotal)).first().waitFor();
    expect(await totals.getByText('$').count()).toBe(0);
    // Japan's prices include its consumption tax: said under the total, not added to it.
    const [tax] = (
      await data<{ taxes: { amount: number }[] }>(
        page.request.post('/v1/home/guest-orders/preview', { data: { country: 'JP' } }),
      )
    ).taxes;
    expect(tax!.amount).toBeGreaterThan(0);
    await totals.getByText('Including Consumption tax (10%)').waitFor();
    await totals.getByText(yen(tax!.amount)).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await page.waitForURL('**/v1/sandbox/checkout/**');
    await page.getByText(yen(preview.total)).first().waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/tips?orderId=*');
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor({ timeout: 35_000 });
    await page.getByRole('link', { name: 'View order' }).click();
    await page.waitForURL('**/my/order?id=*&token=*');
    await page.locator('main').getByText(yen(preview.total)).first().waitFor();
    expect(unexpectedErrors(shopper.errors, ['/favicon.ico'])).toEqual([]);
  });
});
