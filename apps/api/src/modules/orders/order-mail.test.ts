import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@shop/contract';
import { schema } from '@shop/db';
import {
  addAddress,
  callApi,
  createShopper,
  createTestApp,
  deliverSandboxWebhooks,
  loginCookie,
  nextKeptMail,
  type TestApp,
} from '../../testing.ts';
import type { OutgoingMessage } from '../mail/mailer.ts';
import { OrderAccess } from './order-access.ts';
import { orderMailer } from './order-mail.ts';

/** Defect 12: an order's mails say what was bought, where it goes and what it cost, in the shopper's language. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function orderAs(locale: Locale) {
  const s = await createShopper(t.database, {
    email: `mail-${locale.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Buyer-secret-2026',
  });
  await t.database.db.update(schema.users).set({ locale }).where(eq(schema.users.id, s.id));
  const cookie = await loginCookie(t.app, s.email, s.password);
  const addressId = await addAddress(t.app, cookie, 'Ana Souza');
  const skus = await t.database.db
    .select({ id: schema.skus.id })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(sql`${schema.skus.stock} >= 20 and ${schema.goods.onShelf}`)
    .orderBy(asc(schema.skus.id))
    .limit(2);
  const placed = await callApi(t.app, 'POST', '/v1/home/orders', {
    cookie,
    locale,
    payload: {
      addressId,
      items: [
        { skuId: skus[0]!.id, quantity: 2 },
        { skuId: skus[1]!.id, quantity: 1 },
      ],
    },
  });
  expect(placed.status).toBe(201);
  return { email: s.email, cookie, order: placed.body.data };
}

const money = (amount: number, currency: string, locale: Locale) => {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
};

describe('order mails list the lines, the address and the totals', () => {
  it.each([
    ['pt-BR', 'Seu pedido', 'Endereço de entrega', 'Subtotal', 'Total', 'São Paulo', 'Recibo para imprimir'],
    ['zh-TW', '訂單明細', '收件地址', '商品小計', '合計', '巴西', '可列印的收據'],
  ] as const)(
    'in %s, when the order is placed and when it is paid',
    async (locale, items, deliverTo, subtotal, total, place, receipt) => {
      const { email, cookie, order } = await orderAs(locale);
      const placedMail = await nextKeptMail(t, email);
      for (const mail of [placedMail.text, placedMail.html]) {
        expect(mail).toContain(items);
        expect(mail).toContain(deliverTo);
        expect(mail).toContain('Rua Augusta 100');
        expect(mail).toContain('01305-000');
        expect(mail).toContain(place);
        expect(mail).toContain(receipt);
        expect(mail).toContain(`/my/order?id=${order.id}&${mail === placedMail.html ? 'amp;' : ''}print=1`);
      }
      expect(placedMail.text).toContain(`${subtotal}: ${money(order.subtotal, order.currency, locale)}`);
      expect(placedMail.text).toContain(`${total}: ${money(order.total, order.currency, locale)}`);
      for (const line of order.lines) {
        expect(placedMail.text).toContain(
          `- ${line.name}${line.options.length ? ` (${line.options.join(', ')})` : ''} × ${line.quantity} @ ${money(line.price, order.currency, locale)} = ${money(line.price * line.quantity, order.currency, locale)}`,
        );
      }
      if (order.shipping > 0) {
        expect(placedMail.text).toContain(money(order.shipping, order.currency, locale));
      }

      const charge = await callApi(t.app, 'POST', '/v1/home/charges', {
        cookie,
        payload: { orderId: order.id, channel: 'sandbox' },
        headers: { 'idempotency-key': randomUUID() },
      });
      await t.app.inject({
        method: 'POST',
        url: `/v1/sandbox/checkout/${charge.body.data.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: 'card=4242424242424242',
      });
      await deliverSandboxWebhooks(t);
      const paidMail = await nextKeptMail(t, email, 1);
      expect(paidMail.text).toContain(`${total}: ${money(order.total, order.currency, locale)}`);
      expect(paidMail.text).toContain(order.lines[0].name);
      expect(paidMail.html).toContain('Rua Augusta 100');
    },
  );

  it('escapes what shoppers typed into the HTML mail', async () => {
    const s = await createShopper(t.database, {
      email: `mail-escape-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Buyer-secret-2026',
    });
    const cookie = await loginCookie(t.app, s.email, s.password);
    const addressId = await addAddress(t.app, cookie, '<b>Ana</b>');
    const [sku] = await t.database.db
      .select({ id: schema.skus.id })
      .from(schema.skus)
      .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
      .where(sql`${schema.skus.stock} >= 20 and ${schema.goods.onShelf}`)
      .orderBy(asc(schema.skus.id))
      .limit(1);
    await callApi(t.app, 'POST', '/v1/home/orders', {
      cookie,
      payload: { addressId, items: [{ skuId: sku!.id, quantity: 1 }] },
    });
    const mail = await nextKeptMail(t, s.email);
    expect(mail.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Ana</b>');
  });
});

describe('the placed mail', () => {
  it('lists the lines the order was just written with, without reading them from the database again', async () => {
    const { email, order } = await orderAs('en-US');
    const [row] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    const written = await t.database.db
      .select()
      .from(schema.orderLines)
      .where(eq(schema.orderLines.orderId, order.id));
    const sent: OutgoingMessage[] = [];
    const failures: unknown[] = [];
    const mail = orderMailer({
      contactOf: async () => ({ email, locale: 'en-US', guest: false }),
      access: new OrderAccess(() => 'a shop secret for this test only'),
      send: async (message) => void sent.push(message),
      shopName: () => 'Test shop',
      publicUrl: 'http://shop.test',
      paymentWindowMinutes: () => 30,
      linesOf: () => Promise.reject(new Error('the lines were read again')),
      namedAddress: async (address) => address,
      log: { error: (details: unknown) => void failures.push(details) } as never,
    });
    // Given in reverse: the mail lists them as every other mail does, by SKU id.
    await mail('placed', row!, { lines: [...written].reverse() });
    expect(failures).toEqual([]);
    expect(sent).toHaveLength(1);
    const listed = order.lines.map((line: { name: string }) => sent[0]!.text.indexOf(`- ${line.name}`));
    expect(listed.every((at: number) => at >= 0)).toBe(true);
    expect(listed).toEqual([...listed].sort((a, b) => a - b));
  });
});
