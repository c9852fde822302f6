import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import {
  addAddress,
  callApi,
  createShopper,
  createTestApp,
  deliverSandboxWebhooks,
  loginCookie,
  type TestApp,
} from '../../testing.ts';

/** The sandbox gateway's pay page as a shopper meets it: in their language, with a way back that moves no money. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function unpaidOrder() {
  const s = await createShopper(t.database, {
    email: `paypage-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Buyer-secret-2026',
  });
  const cookie = await loginCookie(t.app, s.email, s.password);
  const addressId = await addAddress(t.app, cookie);
  const [sku] = await t.database.db
    .select({ id: schema.skus.id })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(sql`${schema.skus.stock} >= 20 and ${schema.goods.onShelf}`)
    .orderBy(asc(schema.skus.id))
    .limit(1);
  const order = await callApi(t.app, 'POST', '/v1/home/orders', {
    cookie,
    payload: { addressId, items: [{ skuId: sku!.id, quantity: 1 }] },
  });
  expect(order.status).toBe(201);
  const charge = await callApi(t.app, 'POST', '/v1/home/charges', {
    cookie,
    payload: { orderId: order.body.data.id, channel: 'sandbox' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(charge.status).toBe(201);
  return {
    cookie,
    orderId: order.body.data.id as string,
    charge: charge.body.data as { id: string; payUrl: string },
  };
}

const open = (url: string, acceptLanguage = 'en-US') =>
  t.app.inject({ url, headers: { 'accept-language': acceptLanguage } });

describe('the sandbox pay page', () => {
  it.each([
    ['en-US', 'Sandbox payment', 'Back to your order'],
    ['pt-BR', 'Pagamento de teste', 'Voltar ao seu pedido'],
    ['zh-CN', '沙盒支付', '返回您的订单'],
    ['zh-TW', '沙盒付款', '返回您的訂單'],
  ])(
    'speaks %s when the shop opens it in that language, whatever the browser says',
    async (lang, title, back) => {
      const { charge, orderId } = await unpaidOrder();
      const page = await open(`${charge.payUrl}?lang=${lang}`, 'de-DE');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<html lang="${lang}">`);
      expect(page.body).toContain(`<h1>${title}</h1>`);
      expect(page.body).toContain(`<a href="/my/order?id=${orderId}">${back}</a>`);
      // A wrong card keeps the language.
      const wrong = await t.app.inject({
        method: 'POST',
        url: `/v1/sandbox/checkout/${charge.id}?lang=${lang}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: 'card=1234',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain(`<html lang="${lang}">`);
    },
  );

  it("falls back to the browser's language for an unknown or missing lang", async () => {
    const { charge } = await unpaidOrder();
    expect((await open(`${charge.payUrl}?lang=xx`, 'pt-BR')).body).toContain('<html lang="pt-BR">');
    expect((await open(charge.payUrl, 'zh-TW')).body).toContain('<html lang="zh-TW">');
  });

  it('lets the shopper go back without paying: the order stays unpaid and can be paid afterwards', async () => {
    const { charge, orderId, cookie } = await unpaidOrder();
    const page = await open(`${charge.payUrl}?lang=en-US`);
    const cancel = /<a href="([^"]+)">Cancel and go back/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
    expect(cancel).toBe(`/my/order?id=${orderId}&payment=cancelled`);
    await deliverSandboxWebhooks(t);
    const order = await callApi(t.app, 'GET', `/v1/home/orders/${orderId}`, { cookie });
    expect(order.body.data.status).toBe('pending_payment');
    const again = await callApi(t.app, 'POST', '/v1/home/charges', {
      cookie,
      payload: { orderId, channel: 'sandbox' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(again.status).toBe(201);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/v1/sandbox/checkout/${again.body.data.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: 'card=4242424242424242',
    });
    expect(paid.statusCode).toBe(303);
    await deliverSandboxWebhooks(t);
    const after = await callApi(t.app, 'GET', `/v1/home/orders/${orderId}`, { cookie });
    expect(after.body.data.status).toBe('paid');
  });

  it('has a pay button with at least 4.5:1 contrast of white on its blue', async () => {
    const css = (await open('/v1/sandbox/checkout.css')).body;
    const blue = /button\{[^}]*background:#([0-9a-f]{6})/.exec(css)?.[1];
    expect(blue).toBeDefined();
    expect(contrastWithWhite(blue!)).toBeGreaterThanOrEqual(4.5);
  });
});

/** WCAG 2 contrast ratio of white text on the colour `hex`. */
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return 1.05 / (luminance + 0.05);
}
