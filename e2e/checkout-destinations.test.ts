import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Locale, OrderPreview } from '@shop/contract';
import { seriousAccessibilityViolations } from './support/browser.ts';
import { nextMail, unexpectedErrors } from './support/accounts.ts';
import { activatedShopper, data, wellStockedSku } from './support/orders.ts';
import { ownShopWithDemoMarkets } from './support/own-shop.ts';

/**
 * Issue 14 with the demo's own markets, taxes and shipping zones: a Brazilian shopper pays in reais with ICMS
 * included and express delivery to São Paulo, a shopper in Shanghai sees yuan, and moving the delivery address to
 * Taipei in checkout changes currency, tax and shipping before the order is placed, the page always showing the
 * server's totals. This file has its own shop: the suite's sells in dollars only (e2e/support/markets.ts).
 */
const shop = ownShopWithDemoMarkets();

const ADDRESSES = {
  saoPaulo: {
    name: 'Ana Souza',
    phone: '+5511987654321',
    regionCodes: ['BR', 'BR-SP', 'BR-3550308'],
    detail: 'Rua Augusta 100',
    postcode: '01305-000',
  },
  shanghai: {
    name: '王芳',
    phone: '+8613812345678',
    regionCodes: ['CN', 'CN-SH', 'CN-310100', 'CN-310101'],
    detail: '南京东路 100 号',
    postcode: '200001',
  },
  taipei: {
    name: 'Chen Yi-chun',
    phone: '+886912345678',
    regionCodes: ['TW', 'TW-TPE', 'TW-100'],
    detail: 'No. 1, Section 1, Zhongxiao East Road',
    postcode: '100',
  },
};
type Place = keyof typeof ADDRESSES;

const money = (minor: number, currency: string, locale: Locale) => {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
};

/** A signed-in shopper in `locale` with these addresses (the first is the default), one SKU in the cart. */
async function shopperWith(locale: Locale, places: Place[]) {
  const session = await shop.open(locale);
  const { page } = session;
  const who = await activatedShopper(shop.baseUrl, `dest-${places[0]}`, locale);
  await data(
    page.request.post('/v1/home/users/login', { data: { account: who.email, password: who.password } }),
  );
  const ids = {} as Record<Place, string>;
  for (const [i, place] of places.entries()) {
    const saved = await data<{ id: string }>(
      page.request.post('/v1/home/addresses', { data: { ...ADDRESSES[place], isDefault: i === 0 } }),
    );
    ids[place] = saved.id;
  }
  const skuId = await wellStockedSku(page.request);
  await data(page.request.post('/v1/home/cart/items', { data: { skuId, quantity: 1 } }));
  return { ...session, who, ids, skuId };
}

/** What the server says this checkout costs, asked the way the page asks. */
const previewOf = (
  page: Page,
  body: { addressId: string; shippingMethodId?: string },
  locale: Locale = 'en-US',
) =>
  data<OrderPreview>(
    page.request.post('/v1/home/orders/preview', { data: body, headers: { 'accept-language': locale } }),
  );

describe('checkout by destination', () => {
  it('a pt-BR shopper sees reais with tax included, ships express to São Paulo, pays in BRL and gets a BRL receipt', async () => {
    const { page, errors, who, ids } = await shopperWith('pt-BR', ['saoPaulo']);
    // The goods page: reais, tax included.
    const cart = await data<{ currency: string; items: { goodsId: string; price: number }[] }>(
      page.request.get('/v1/home/cart', { headers: { 'accept-language': 'pt-BR' } }),
    );
    expect(cart.currency).toBe('BRL');
    await page.goto(`/detail?id=${cart.items[0]!.goodsId}`);
    await page
      .locator('main')
      .getByText(money(cart.items[0]!.price, 'BRL', 'pt-BR'))
      .first()
      .waitFor();
    await page.locator('main').getByText('Impostos inclusos').waitFor();

    await page.goto('/order');
    const express = page.getByRole('radio', { name: /Expresso/ });
    await express.waitFor();
    // São Paulo state's own zone: standard first and ticked, express beside it with its fee and day.
    expect(await page.getByRole('radio', { name: /Normal/ }).isChecked()).toBe(true);
    await express.check();
    const expressId = (await previewOf(page, { addressId: ids.saoPaulo })).shippingMethods[1]!.id;
    const server = await previewOf(page, { addressId: ids.saoPaulo, shippingMethodId: expressId }, 'pt-BR');
    expect(server.currency).toBe('BRL');
    expect(server.shippingMethod?.name).toBe('Expresso');
    const totals = page.locator('main .totals');
    await totals.getByText('Frete (Expresso)').waitFor();
    await totals
      .getByText(money(server.shipping, 'BRL', 'pt-BR'))
      .first()
      .waitFor();
    await totals
      .getByText(money(server.total, 'BRL', 'pt-BR'))
      .first()
      .waitFor();
    await totals.getByText('Inclui ICMS (18%)').waitFor();
    expect(await express.isChecked()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Fazer pedido e pagar' }).click();
    await page.waitForURL('**/v1/sandbox/checkout/**');
    await page
      .getByText(money(server.total, 'BRL', 'pt-BR'))
      .first()
      .waitFor();
    await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL('**/tips?orderId=*');
    await page.getByRole('heading', { level: 1, name: 'Pagamento recebido' }).waitFor({ timeout: 35_000 });
    await page.getByRole('link', { name: 'Ver pedido' }).click();
    await page.waitForURL('**/my/order?id=*');
    const main = page.locator('main');
    await main
      .getByText(money(server.total, 'BRL', 'pt-BR'))
      .first()
      .waitFor();
    await main.getByText(/Expresso · Prazo de entrega: 1 dia útil/).waitFor();

    // The receipt mail: the order in reais, express beside its fee, ICMS included.
    const receipt = await nextMail(shop.baseUrl, who.email, 1);
    expect(receipt.text).toContain(`Total: ${money(server.total, 'BRL', 'pt-BR')}`);
    expect(receipt.text).toContain(`Frete (Expresso): ${money(server.shipping, 'BRL', 'pt-BR')}`);
    expect(receipt.text).toContain('Inclui ICMS (18%)');
    expect(unexpectedErrors(errors, ['/favicon.ico'])).toEqual([]);
  });

  it('a zh-CN shopper shipping to Shanghai sees yuan on the goods and at checkout', async () => {
    const { page, errors, ids } = await shopperWith('zh-CN', ['shanghai']);
    const cart = await data<{ currency: string; items: { goodsId: string; price: number }[] }>(
      page.request.get('/v1/home/cart', { headers: { 'accept-language': 'zh-CN' } }),
    );
    expect(cart.currency).toBe('CNY');
    await page.goto(`/detail?id=${cart.items[0]!.goodsId}`);
    await page
      .locator('main')
      .getByText(money(cart.items[0]!.price, 'CNY', 'zh-CN'))
      .first()
      .waitFor();
    await page.locator('main').getByText('含税').waitFor();

    await page.goto('/order');
    await page.getByRole('radio', { name: /标准快递/ }).waitFor();
    const server = await previewOf(page, { addressId: ids.shanghai }, 'zh-CN');
    expect(server.currency).toBe('CNY');
    const totals = page.locator('main .totals');
    await totals
      .getByText(money(server.total, 'CNY', 'zh-CN'))
      .first()
      .waitFor();
    await totals.getByText('含增值税（13%）').waitFor();
    expect(await totals.getByText('R$').count()).toBe(0);
    expect(unexpectedErrors(errors, ['/favicon.ico'])).toEqual([]);
  });

  it('moving the delivery address from São Paulo to Taipei changes currency, tax and shipping before placing', async () => {
    const { page, errors, ids } = await shopperWith('en-US', ['saoPaulo', 'taipei']);
    await page.goto('/order');
    const totals = page.locator('main .totals');
    const inBrazil = await previewOf(page, { addressId: ids.saoPaulo });
    await totals
      .getByText(money(inBrazil.total, 'BRL', 'en-US'))
      .first()
      .waitFor();
    await page.getByRole('radio', { name: /Express/ }).check();
    await totals.getByText('Shipping (Express)').waitFor();

    await page.getByRole('radio', { name: /Chen Yi-chun/ }).check();
    // Taiwan's zone has its own methods: the express chosen for São Paulo cannot go there, so its first answers.
    const inTaiwan = await previewOf(page, { addressId: ids.taipei });
    expect(inTaiwan.currency).toBe('TWD');
    await totals
      .getByText(money(inTaiwan.total, 'TWD', 'en-US'))
      .first()
      .waitFor();
    await totals.getByText('Including Business tax (5%)').waitFor();
    await totals.getByText('Shipping (Standard)').waitFor();
    expect(await page.getByRole('radio', { name: /Standard/ }).isChecked()).toBe(true);
    expect(await totals.getByText('R$').count()).toBe(0);
    // Every amount on the page is the server's for Taipei.
    for (const amount of [inTaiwan.subtotal, inTaiwan.shipping, inTaiwan.total, inTaiwan.taxes[0]!.amount]) {
      await totals
        .getByText(money(amount, 'TWD', 'en-US'))
        .first()
        .waitFor();
    }

    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await page.waitForURL('**/v1/sandbox/checkout/**');
    await page
      .getByText(money(inTaiwan.total, 'TWD', 'en-US'))
      .first()
      .waitFor();
    const orders = await data<{ currency: string; total: number; shippingMethod: { name: string } }[]>(
      page.request.get('/v1/home/orders'),
    );
    expect(orders[0]).toMatchObject({
      currency: 'TWD',
      total: inTaiwan.total,
      shippingMethod: { name: 'Standard' },
    });
    expect(unexpectedErrors(errors, ['/favicon.ico'])).toEqual([]);
  });
});
