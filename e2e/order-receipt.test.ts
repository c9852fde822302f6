import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@shop/contract';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import { nextMail, unexpectedErrors, type TestShopper } from './support/accounts.ts';
import { activatedShopper, data, signInWithAddress, wellStockedSku } from './support/orders.ts';

/**
 * Defects 11 and 12 as a shopper meets them: the sandbox pay page speaks the language chosen in the shop (not the
 * browser's), lets them go back without paying, and the order's mail and page lead to a printable receipt.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let shopper: ShopperPage;
let page: Page;
let buyer: TestShopper;
let order: { id: string; number: string; lines: { name: string }[] };

beforeAll(async () => {
  browser = await launchChromium();
  buyer = await activatedShopper(baseUrl, 'receipt');
  // The browser says English; the shopper picks Portuguese in the shop.
  shopper = await openShopper(browser, baseUrl, 'en-US');
  page = shopper.page;
  const addressId = await signInWithAddress(page.request, buyer);
  const skuId = await wellStockedSku(page.request);
  order = await data(
    page.request.post('/v1/home/orders', { data: { addressId, items: [{ skuId, quantity: 2 }] } }),
  );
  await page.goto('/');
  await page.evaluate((key) => window.localStorage.setItem(key, 'pt-BR'), LOCALE_STORAGE_KEY);
}, 90_000);
afterAll(() => browser?.close());

describe('paying and printing an order in Portuguese', () => {
  it('opens the pay page in Portuguese and goes back without paying', async () => {
    await page.goto(`/my/order?id=${order.id}`);
    await page.getByRole('button', { name: 'Pagar agora' }).click();
    await page.waitForURL('**/v1/sandbox/checkout/**');
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    await page.getByRole('heading', { level: 1, name: 'Pagamento de teste' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: /Cancelar e voltar/ }).click();
    await page.waitForURL(`**/my/order?id=${order.id}&payment=cancelled`);
    await page.getByText('Você saiu da página de pagamento sem pagar.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('pays afterwards on a new pay page and is told by mail with the lines and a receipt link', async () => {
    await page.getByRole('button', { name: 'Pagar agora' }).click();
    await page.waitForURL('**/v1/sandbox/checkout/**');
    await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL('**/tips?orderId=*');
    await expect
      .poll(
        async () => (await data<{ status: string }>(page.request.get(`/v1/home/orders/${order.id}`))).status,
        {
          timeout: 35_000,
        },
      )
      .toBe('paid');

    // Placed, then paid: the second mail.
    const mail = await nextMail(baseUrl, buyer.email, 1);
    expect(mail.text).toContain(order.lines[0]!.name);
    expect(mail.text).toContain('Rua Augusta 100');
    expect(mail.text).toContain(`/my/order?id=${order.id}&print=1`);
  });

  it('opens the receipt from the order page, ready for the printer', async () => {
    await page.goto(`/my/order?id=${order.id}`);
    await page.getByRole('link', { name: 'Recibo para imprimir' }).click();
    await page.waitForURL(`**/my/order?id=${order.id}&print=1`);
    await page.getByRole('heading', { level: 1, name: `Recibo do pedido ${order.number}` }).waitFor();
    const table = page.getByRole('table');
    await table.getByRole('cell', { name: order.lines[0]!.name }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Produto',
      'Qtd.',
      'Preço unitário',
      'Valor',
    ]);
    await page.getByText('Rua Augusta 100', { exact: false }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(unexpectedErrors(shopper.errors, ['/favicon.ico'])).toEqual([]);
  });
});
