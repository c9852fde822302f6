import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertPrice, type Locale, type PriceConversion } from '@shop/contract';
import { schema } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import {
  addNewYorkAddress,
  callApi,
  createShopper,
  createTestApp,
  loginCookie,
  nextKeptMail,
  saoPauloAddress,
  signedInStaffAndAdmin,
  type Json,
  type TestApp,
} from '../../testing.ts';

/** Issue 14, shipping: zones and methods by destination, priced by weight or value, free over a market's threshold. */
let t: TestApp;
/** Another instance of the shop on the same database and Redis: what staff change on one, shoppers see on both. */
let second: FastifyInstance;
let adminCookie = '';
let staffCookie = '';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
beforeAll(async () => {
  t = await createTestApp({ redisUrl }, { demoMarkets: true });
  second = await buildApp({ logLevel: 'silent', storefrontDist: '/nonexistent', redisUrl }, t.database);
  const { staff, admin } = await signedInStaffAndAdmin(t);
  adminCookie = admin.cookie;
  staffCookie = staff.cookie;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const BRL: PriceConversion = { rateMillionths: 5_400_000, baseDecimals: 2, decimals: 2, rounding: 'ninety' };
const CNY: PriceConversion = { rateMillionths: 7_200_000, baseDecimals: 2, decimals: 2, rounding: 'whole' };
const TWD: PriceConversion = { rateMillionths: 32_000_000, baseDecimals: 2, decimals: 2, rounding: 'whole' };
/** The demo settings' general fee and free-shipping threshold, in dollar cents. */
const GENERAL_FEE = 800;
const GENERAL_FREE_FROM = 9_900;

const address = {
  saoPaulo: saoPauloAddress(),
  rio: {
    name: 'Bia Lima',
    phone: '+5521987654321',
    regionCodes: ['BR', 'BR-RJ', 'BR-3304557'],
    detail: 'Rua do Catete 10',
    postcode: '22220-000',
    isDefault: false,
  },
  shanghai: {
    name: '王芳',
    phone: '+8613812345678',
    regionCodes: ['CN', 'CN-SH', 'CN-310100', 'CN-310101'],
    detail: '南京东路 100 号',
    postcode: '200001',
    isDefault: false,
  },
  taipei: {
    name: '陳怡君',
    phone: '+886912345678',
    regionCodes: ['TW', 'TW-TPE', 'TW-100'],
    detail: '忠孝東路一段 1 號',
    postcode: '100',
    isDefault: false,
  },
  lisbon: {
    name: 'João Alves',
    phone: '+351912345678',
    regionCodes: ['PT', 'PT-11'],
    detail: 'Rua Augusta 1',
    postcode: '1100-048',
    isDefault: false,
  },
};
type Place = keyof typeof address;

let serial = 0;
/** A signed-in shopper with an address in each test place. */
async function shopper(locale: Locale = 'pt-BR') {
  serial += 1;
  const s = await createShopper(t.database, {
    email: `ship${serial}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Buyer-secret-2026',
  });
  // Mails speak the account's language.
  await t.database.db.update(schema.users).set({ locale }).where(eq(schema.users.id, s.id));
  const cookie = await loginCookie(t.app, s.email, s.password);
  const ids = {} as Record<Place, string>;
  for (const place of Object.keys(address) as Place[]) {
    const res = await callApi(t.app, 'POST', '/v1/home/addresses', { cookie, payload: address[place] });
    if (res.status !== 201) throw new Error(`${place} refused: ${JSON.stringify(res.body)}`);
    ids[place] = res.body.data.id as string;
  }
  return { ...s, cookie, locale, addresses: ids };
}

/** A dedicated SKU (one of the catalog's, by offset) weighing `grams`, with plenty of stock; its base price. */
async function skuWeighing(grams: number, offset: number, maxPrice = 2_000) {
  const [row] = await t.database.db
    .select({ id: schema.skus.id, price: schema.skus.price })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(and(gte(schema.skus.stock, 50), lte(schema.skus.price, maxPrice), sql`${schema.goods.onShelf}`))
    .orderBy(asc(schema.skus.id))
    .limit(1)
    .offset(offset);
  await t.database.db
    .update(schema.skus)
    .set({ weightGrams: grams, stock: 500 })
    .where(eq(schema.skus.id, row!.id));
  return row!;
}

const preview = (who: { cookie: string; locale: string }, payload: Json) =>
  callApi(t.app, 'POST', '/v1/home/orders/preview', { cookie: who.cookie, locale: who.locale, payload });
const place = (who: { cookie: string; locale: string }, payload: Json, key = randomUUID()) =>
  callApi(t.app, 'POST', '/v1/home/orders', {
    cookie: who.cookie,
    locale: who.locale,
    payload,
    headers: { 'idempotency-key': key },
  });
const zones = async () =>
  (await callApi(t.app, 'GET', '/v1/admin/shipping-zones', { cookie: staffCookie })).body.data as Json[];
const methodId = async (zoneName: string, method: string) => {
  const zone = (await zones()).find((z) => z.names['en-US'] === zoneName)!;
  return zone.methods.find((m: Json) => m.names['en-US'] === method).id as string;
};

describe('shipping methods at checkout', () => {
  it("offers São Paulo state's methods in reais and Portuguese, and the order keeps the one chosen", async () => {
    const buyer = await shopper();
    const sku = await skuWeighing(400, 0);
    const items = [{ skuId: sku.id, quantity: 1 }];
    const first = await preview(buyer, { addressId: buyer.addresses.saoPaulo, items });
    expect(first.status).toBe(200);
    const standard = { fee: convertPrice(499, BRL), estimatedDays: { min: 2, max: 4 } };
    const express = { fee: convertPrice(999, BRL), estimatedDays: { min: 1, max: 1 } };
    expect(first.body.data.currency).toBe('BRL');
    expect(first.body.data.shippingMethods).toEqual([
      { id: await methodId('São Paulo state', 'Standard'), name: 'Normal', ...standard },
      { id: await methodId('São Paulo state', 'Express'), name: 'Expresso', ...express },
    ]);
    // Nothing chosen: the zone's first method.
    expect(first.body.data.shippingMethod.name).toBe('Normal');
    expect(first.body.data.shipping).toBe(standard.fee);

    const expressId = first.body.data.shippingMethods[1].id;
    const chosen = await preview(buyer, {
      addressId: buyer.addresses.saoPaulo,
      items,
      shippingMethodId: expressId,
    });
    const subtotal = convertPrice(sku.price, BRL);
    expect(chosen.body.data.shipping).toBe(express.fee);
    // Prices include ICMS in Brazil: the total is the lines and the parcel.
    expect(chosen.body.data.total).toBe(subtotal + express.fee);

    const placed = await place(buyer, {
      addressId: buyer.addresses.saoPaulo,
      items,
      shippingMethodId: expressId,
    });
    expect(placed.status).toBe(201);
    const order = placed.body.data as Json;
    expect(order.shipping).toBe(express.fee);
    expect(order.total).toBe(subtotal + express.fee);
    expect(order.shippingMethod).toEqual({ id: expressId, name: 'Expresso', ...express });
    // Staff's export says how it ships and its tax, in the order's own currency.
    const csv = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/orders/export?keyword=${order.number}`,
      headers: { cookie: staffCookie, 'accept-language': 'en-US' },
    });
    const decimal = (minor: number) => (minor / 100).toFixed(2);
    expect(csv.body).toContain(
      `,${decimal(express.fee)},Expresso,${decimal(order.taxes[0].amount)},Yes,${decimal(order.total)},BRL,`,
    );
    // The mail in reais: the method beside its fee, ICMS said as included under the total.
    const mail = (await nextKeptMail(t, buyer.email)).text;
    const brl = (amount: number) =>
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(amount / 100);
    expect(mail).toContain(`(Expresso): ${brl(express.fee)}`);
    expect(mail).toContain(`Total: ${brl(subtotal + express.fee)}`);
    expect(mail).toContain(`Inclui ICMS (18%): ${brl(order.taxes[0].amount)}`);
    const read = await callApi(t.app, 'GET', `/v1/home/orders/${order.id}`, {
      cookie: buyer.cookie,
      locale: 'en-US',
    });
    expect(read.body.data.shippingMethod).toEqual(order.shippingMethod);
  });

  it("prices express by the parcel's weight band: up to 1 kg, up to 5 kg, heavier", async () => {
    const buyer = await shopper();
    const sku = await skuWeighing(400, 1);
    const expressId = await methodId('São Paulo state', 'Express');
    const feeFor = async (quantity: number) =>
      (
        await preview(buyer, {
          addressId: buyer.addresses.saoPaulo,
          items: [{ skuId: sku.id, quantity }],
          shippingMethodId: expressId,
        })
      ).body.data.shipping as number;
    expect(await feeFor(2)).toBe(convertPrice(999, BRL)); // 800 g
    expect(await feeFor(3)).toBe(convertPrice(1_699, BRL)); // 1.2 kg
    expect(await feeFor(12)).toBe(convertPrice(1_699, BRL)); // 4.8 kg
    expect(await feeFor(13)).toBe(convertPrice(2_999, BRL)); // 5.2 kg
  });

  it("sends standard free from the market's own threshold, never express", async () => {
    const buyer = await shopper();
    // R$ 299,90 is Brazil's threshold: enough units of a cheap SKU to reach it.
    const sku = await skuWeighing(100, 2, 1_000);
    const unit = convertPrice(sku.price, BRL);
    const below = Math.floor((29_990 - 1) / unit);
    const reach = Math.ceil(29_990 / unit);
    const methods = async (quantity: number) =>
      (await preview(buyer, { addressId: buyer.addresses.rio, items: [{ skuId: sku.id, quantity }] })).body
        .data.shippingMethods as Json[];
    expect((await methods(below)).map((m) => m.fee)).toEqual([
      convertPrice(799, BRL),
      convertPrice(1_499, BRL),
    ]);
    expect((await methods(reach)).map((m) => m.fee)).toEqual([0, convertPrice(1_499, BRL)]);
  });

  it("uses the shop's threshold at the rate where a market has none of its own (mainland China)", async () => {
    const buyer = await shopper('zh-CN');
    const sku = await skuWeighing(100, 3, 1_000);
    const unit = convertPrice(sku.price, CNY);
    const threshold = convertPrice(GENERAL_FREE_FROM, CNY);
    const standardFee = async (quantity: number) =>
      (await preview(buyer, { addressId: buyer.addresses.shanghai, items: [{ skuId: sku.id, quantity }] }))
        .body.data.shippingMethods[0].fee as number;
    expect(await standardFee(Math.floor((threshold - 1) / unit))).toBeGreaterThan(0);
    expect(await standardFee(Math.ceil(threshold / unit))).toBe(0);
  });

  it("prices mainland China's standard by the order's value, in yuan", async () => {
    const buyer = await shopper('zh-CN');
    const sku = await skuWeighing(100, 4, 1_000);
    const unit = convertPrice(sku.price, CNY);
    const limit = convertPrice(3_000, CNY);
    const res = async (quantity: number) =>
      (await preview(buyer, { addressId: buyer.addresses.shanghai, items: [{ skuId: sku.id, quantity }] }))
        .body.data as Json;
    const small = await res(1);
    expect(small.currency).toBe('CNY');
    expect(small.shippingMethods[0]).toMatchObject({ name: '标准快递', fee: convertPrice(599, CNY) });
    const larger = await res(Math.floor(limit / unit) + 1);
    expect(larger.subtotal).toBeGreaterThan(limit);
    expect(larger.subtotal).toBeLessThan(convertPrice(GENERAL_FREE_FROM, CNY));
    expect(larger.shippingMethods[0].fee).toBe(convertPrice(299, CNY));
  });

  it("gives a state its own zone and the rest of the country the country's", async () => {
    const buyer = await shopper('en-US');
    const sku = await skuWeighing(400, 5);
    const items = [{ skuId: sku.id, quantity: 1 }];
    const rio = (await preview(buyer, { addressId: buyer.addresses.rio, items })).body.data as Json;
    const saoPaulo = (await preview(buyer, { addressId: buyer.addresses.saoPaulo, items })).body.data as Json;
    expect(rio.shippingMethods.map((m: Json) => m.estimatedDays)).toEqual([
      { min: 5, max: 9 },
      { min: 2, max: 3 },
    ]);
    expect(saoPaulo.shippingMethods.map((m: Json) => m.estimatedDays)).toEqual([
      { min: 2, max: 4 },
      { min: 1, max: 1 },
    ]);
  });

  it("uses the shop's general fee where no zone reaches, in the shopper's market", async () => {
    const buyer = await shopper('en-US');
    const sku = await skuWeighing(400, 6);
    const res = await preview(buyer, {
      addressId: buyer.addresses.lisbon,
      items: [{ skuId: sku.id, quantity: 1 }],
    });
    expect(res.body.data.currency).toBe('USD');
    expect(res.body.data.shippingMethods).toEqual([
      { id: 'general', name: 'Standard shipping', fee: GENERAL_FEE, estimatedDays: null },
    ]);
    expect(res.body.data.shipping).toBe(GENERAL_FEE);
  });

  it('changes currency, tax and shipping when the address moves from São Paulo to Taipei', async () => {
    const buyer = await shopper('zh-TW');
    const sku = await skuWeighing(400, 7);
    const items = [{ skuId: sku.id, quantity: 1 }];
    const expressSp = await methodId('São Paulo state', 'Express');
    const inBrazil = (
      await preview(buyer, { addressId: buyer.addresses.saoPaulo, items, shippingMethodId: expressSp })
    ).body.data as Json;
    expect(inBrazil.currency).toBe('BRL');
    expect(inBrazil.taxes.map((tax: Json) => tax.rate)).toEqual([18]);
    // The same choice sent for Taipei: São Paulo's express cannot go there, so the zone's first method answers.
    const inTaiwan = (
      await preview(buyer, { addressId: buyer.addresses.taipei, items, shippingMethodId: expressSp })
    ).body.data as Json;
    expect(inTaiwan.currency).toBe('TWD');
    expect(inTaiwan.taxes.map((tax: Json) => tax.rate)).toEqual([5]);
    expect(inTaiwan.shippingMethods.map((m: Json) => m.name)).toEqual(['標準宅配', '快速到貨']);
    expect(inTaiwan.shippingMethod.name).toBe('標準宅配');
    expect(inTaiwan.shipping).toBe(convertPrice(499, TWD));
    expect(inTaiwan.total).toBe(convertPrice(sku.price, TWD) + convertPrice(499, TWD));
  });

  it("refuses an order by a method the address cannot use, in the shopper's language, and takes nothing", async () => {
    const buyer = await shopper('pt-BR');
    const sku = await skuWeighing(400, 8);
    const [before] = await t.database.db.select().from(schema.skus).where(eq(schema.skus.id, sku.id));
    const res = await place(buyer, {
      addressId: buyer.addresses.taipei,
      items: [{ skuId: sku.id, quantity: 1 }],
      shippingMethodId: await methodId('São Paulo state', 'Express'),
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 2,
      msg: 'Esta forma de envio não atende este endereço. Escolha outra.',
    });
    const [after] = await t.database.db.select().from(schema.skus).where(eq(schema.skus.id, sku.id));
    expect(after!.stock).toBe(before!.stock);
    const mine = await callApi(t.app, 'GET', '/v1/home/orders', { cookie: buyer.cookie });
    expect(mine.body.data).toEqual([]);
  });

  it('refuses a parcel too heavy for every method of its zone', async () => {
    const created = await callApi(t.app, 'POST', '/v1/admin/shipping-zones', {
      cookie: adminCookie,
      payload: {
        names: { 'en-US': 'Portugal' },
        places: [{ country: 'PT' }],
        methods: [
          {
            names: { 'en-US': 'Courier' },
            pricing: 'weight',
            bands: [{ upTo: 2_000, fee: 1_500 }],
            freeOverThreshold: false,
            minDays: 3,
            maxDays: 6,
          },
        ],
      },
    });
    expect(created.status).toBe(200);
    const zoneId = (created.body.data as Json[]).find((z) => z.names['en-US'] === 'Portugal')!.id;
    try {
      const buyer = await shopper('en-US');
      const sku = await skuWeighing(1_500, 9);
      const light = await preview(buyer, {
        addressId: buyer.addresses.lisbon,
        items: [{ skuId: sku.id, quantity: 1 }],
      });
      expect(light.body.data.shippingMethods.map((m: Json) => [m.name, m.fee])).toEqual([['Courier', 1_500]]);
      const heavy = { addressId: buyer.addresses.lisbon, items: [{ skuId: sku.id, quantity: 2 }] };
      const offered = await preview(buyer, heavy);
      expect(offered.body.data.shippingMethods).toEqual([]);
      expect(offered.body.data.shippingMethod).toBeNull();
      const refused = await place(buyer, heavy);
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('We cannot ship this order to this address.');
    } finally {
      await callApi(t.app, 'DELETE', `/v1/admin/shipping-zones/${zoneId}`, { cookie: adminCookie });
    }
  });

  it("keeps an order's shipping after staff change the zone's fees", async () => {
    const buyer = await shopper('en-US');
    const sku = await skuWeighing(400, 10);
    const placed = await place(buyer, {
      addressId: buyer.addresses.taipei,
      items: [{ skuId: sku.id, quantity: 1 }],
    });
    expect(placed.status).toBe(201);
    const taiwan = (await zones()).find((z) => z.names['en-US'] === 'Taiwan')!;
    const { id, ...zone } = taiwan;
    const changed = await callApi(t.app, 'PUT', `/v1/admin/shipping-zones/${id}`, {
      cookie: adminCookie,
      payload: { ...zone, methods: zone.methods.map((m: Json) => ({ ...m, fee: m.fee + 500 })) },
    });
    expect(changed.status).toBe(200);
    // The methods keep their ids; a new order pays the new fee, the placed one its own.
    const after = (changed.body.data as Json[]).find((z) => z.id === id)!;
    expect(after.methods.map((m: Json) => m.id)).toEqual(taiwan.methods.map((m: Json) => m.id));
    const read = await callApi(t.app, 'GET', `/v1/home/orders/${placed.body.data.id}`, {
      cookie: buyer.cookie,
    });
    expect(read.body.data.shipping).toBe(convertPrice(499, TWD));
    expect(read.body.data.shippingMethod.fee).toBe(convertPrice(499, TWD));
    const fresh = await preview(buyer, {
      addressId: buyer.addresses.taipei,
      items: [{ skuId: sku.id, quantity: 1 }],
    });
    expect(fresh.body.data.shipping).toBe(convertPrice(999, TWD));
  });

  it('prices by a zone staff changed on another instance at once, without a restart', async () => {
    const sku = await skuWeighing(400, 12);
    const guestPreview = async () =>
      (
        await callApi(second, 'POST', '/v1/home/guest-orders/preview', {
          payload: { items: [{ skuId: sku.id, quantity: 1 }], country: 'TW', region: 'TW-TPE' },
        })
      ).body.data as Json;
    const before = await guestPreview();
    const taiwan = (await zones()).find((z) => z.names['en-US'] === 'Taiwan')!;
    const { id, ...zone } = taiwan;
    const express = { ...zone.methods[1], names: { 'en-US': 'Overnight' }, fee: zone.methods[1].fee + 100 };
    const changed = await callApi(t.app, 'PUT', `/v1/admin/shipping-zones/${id}`, {
      cookie: adminCookie,
      payload: { ...zone, methods: [zone.methods[0], express] },
    });
    expect(changed.status).toBe(200);
    await expect
      .poll(async () => (await guestPreview()).shippingMethods.map((m: Json) => m.name), { timeout: 5000 })
      .toEqual([before.shippingMethods[0].name, 'Overnight']);
    expect((await guestPreview()).shippingMethods[1].fee).toBe(convertPrice(express.fee, TWD));
  });

  it('places an order whose tax is added on top (New York), with the tax in its total', async () => {
    const buyer = await shopper('en-US');
    const newYork = await addNewYorkAddress(t.app, buyer.cookie);
    const sku = await skuWeighing(400, 13);
    const placed = await place(buyer, {
      addressId: newYork,
      items: [{ skuId: sku.id, quantity: 2 }],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data as Json;
    expect(order).toMatchObject({ currency: 'USD', taxInclusive: false });
    expect(order.taxes).toEqual([
      { name: 'Sales tax', rate: 8.875, amount: Math.round((sku.price * 2 * 8.875) / 100) },
    ]);
    expect(order.total).toBe(order.subtotal + order.shipping + order.taxes[0].amount);
  });

  it("prices a guest's checkout by the country and state given so far", async () => {
    const sku = await skuWeighing(400, 11);
    const res = await callApi(t.app, 'POST', '/v1/home/guest-orders/preview', {
      locale: 'zh-CN',
      payload: { items: [{ skuId: sku.id, quantity: 1 }], country: 'BR', region: 'BR-SP' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.currency).toBe('BRL');
    expect(res.body.data.shippingMethods.map((m: Json) => m.estimatedDays)).toEqual([
      { min: 2, max: 4 },
      { min: 1, max: 1 },
    ]);
    expect(res.body.data.taxes.map((tax: Json) => tax.rate)).toEqual([18]);
  });
});

describe('shipping zones in the back office', () => {
  const portugal = {
    names: { 'en-US': 'Portugal', 'pt-BR': 'Portugal' },
    places: [{ country: 'PT' }],
    methods: [
      {
        names: { 'en-US': 'Post' },
        pricing: 'flat',
        fee: 900,
        freeOverThreshold: true,
        minDays: 4,
        maxDays: 8,
      },
    ],
  };
  const refused = async (payload: Json, field: string, message: string) => {
    const before = await zones();
    const res = await callApi(t.app, 'POST', '/v1/admin/shipping-zones', { cookie: adminCookie, payload });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(1);
    expect(res.body.msg).toEqual({ [field]: message });
    expect(await zones()).toEqual(before);
  };

  it('refuses a place another zone holds, an unknown country and a state of another country', async () => {
    await refused(
      { ...portugal, places: [{ country: 'PT' }, { country: 'BR' }] },
      'places',
      'One of these places already belongs to another shipping zone.',
    );
    await refused(
      { ...portugal, places: [{ country: 'ZZ' }] },
      'places',
      "This country is not in the shop's region list.",
    );
    await refused(
      { ...portugal, places: [{ country: 'PT', region: 'BR-SP' }] },
      'places',
      'Use a state or province of this country, such as BR-SP, or leave it empty for the whole country.',
    );
  });

  it('refuses bands out of order, days backwards, a zone without places or methods, and a negative fee', async () => {
    const method = portugal.methods[0]!;
    await refused(
      {
        ...portugal,
        methods: [
          {
            ...method,
            pricing: 'weight',
            bands: [
              { upTo: 2_000, fee: 100 },
              { upTo: 1_000, fee: 200 },
            ],
          },
        ],
      },
      'methods.0.bands.1.upTo',
      'List the bands from the smallest limit up; only the last may have no limit.',
    );
    await refused(
      { ...portugal, methods: [{ ...method, minDays: 5, maxDays: 2 }] },
      'methods.0.maxDays',
      'The latest day must not come before the earliest.',
    );
    await refused({ ...portugal, places: [] }, 'places', 'A zone needs at least one country or region.');
    await refused({ ...portugal, methods: [] }, 'methods', 'A zone needs at least one shipping method.');
    await refused(
      { ...portugal, methods: [{ ...method, fee: -1 }] },
      'methods.0.fee',
      'This value is out of range.',
    );
  });

  it('lets staff read the zones but only admins change them', async () => {
    const res = await callApi(t.app, 'POST', '/v1/admin/shipping-zones', {
      cookie: staffCookie,
      payload: portugal,
    });
    expect(res.status).toBe(403);
    expect((await zones()).map((z) => z.names['en-US'])).not.toContain('Portugal');
  });
});
