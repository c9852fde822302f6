import { expect } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { linkIn, nextMail, registerByApi, uniqueShopper, type TestShopper } from './accounts.ts';

interface Envelope<T> {
  code: number;
  data: T;
  msg: unknown;
}

/** The `data` of a successful envelope; any other code fails the test with the server's message. */
export async function data<T>(
  reply: Promise<{ json: () => Promise<unknown>; url: () => string }>,
): Promise<T> {
  const settled = await reply;
  const body = (await settled.json()) as Envelope<T>;
  expect(body.code, `${settled.url()}: ${JSON.stringify(body.msg)}`).toBe(200);
  return body.data;
}

/** A registered and activated shopper, made through the API in `locale`: code by text, register, link by mail. */
export async function activatedShopper(
  baseUrl: string,
  name: string,
  locale = 'en-US',
): Promise<TestShopper> {
  const created = uniqueShopper(name);
  await registerByApi(baseUrl, created, locale);
  const token = new URL(linkIn(await nextMail(baseUrl, created.email), '/registersucess')).searchParams.get(
    'token',
  );
  const reply = await fetch(`${baseUrl}/v1/home/users/activate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(reply.status).toBe(200);
  return created;
}

/** Logs `shopper` in on the page's request context (its cookies are the page's) and gives them an address. */
export async function signInWithAddress(request: APIRequestContext, shopper: TestShopper): Promise<string> {
  await data(
    request.post('/v1/home/users/login', { data: { account: shopper.email, password: shopper.password } }),
  );
  const address = await data<{ id: string }>(
    request.post('/v1/home/addresses', {
      data: {
        name: 'Ana Souza',
        phone: '+5511987654321',
        regionCodes: ['BR', 'BR-SP', 'BR-3550308'],
        detail: 'Rua Augusta 100',
        postcode: '01305-000',
        isDefault: true,
      },
    }),
  );
  return address.id;
}

/** A SKU of the demo catalog with at least five units, among the best sellers. */
export async function wellStockedSku(request: APIRequestContext): Promise<string> {
  const goods = await data<{ id: string }[]>(request.get('/v1/home/goods?sort=sales&pageSize=20'));
  for (const { id } of goods) {
    const detail = await data<{ skus: { id: string; stock: number }[] }>(request.get(`/v1/home/goods/${id}`));
    const sku = detail.skus.find((s) => s.stock >= 5);
    if (sku) return sku.id;
  }
  throw new Error('no SKU with five units in stock among the best sellers');
}

export interface PlacedOrder {
  id: string;
  /** The number shoppers, staff and mails name the order by ("10001"). */
  number: string;
  total: number;
  currency: string;
}

/**
 * Places an order for one unit of `skuId` as the signed-in shopper and pays it with the 4242 card on the sandbox
 * gateway's page, as the storefront does. With `waitUntilPaid`, waits for the signed webhook to mark it paid.
 */
export async function placeAndPay(
  request: APIRequestContext,
  order: { addressId: string; skuId: string; note?: string },
  waitUntilPaid = true,
): Promise<PlacedOrder> {
  const placed = await data<PlacedOrder>(
    request.post('/v1/home/orders', {
      data: {
        addressId: order.addressId,
        items: [{ skuId: order.skuId, quantity: 1 }],
        note: order.note ?? '',
      },
    }),
  );
  const charge = await data<{ payUrl: string }>(
    request.post('/v1/home/charges', { data: { orderId: placed.id, channel: 'sandbox' } }),
  );
  const paid = await request.post(charge.payUrl, { form: { card: '4242 4242 4242 4242' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  if (!waitUntilPaid) return placed;
  // The gateway's webhook reaches the shop in the background, usually within a second.
  const deadline = Date.now() + 35_000;
  for (;;) {
    const { status } = await data<{ status: string }>(request.get(`/v1/home/orders/${placed.id}`));
    if (status === 'paid') return placed;
    if (Date.now() > deadline) throw new Error(`order ${placed.id} not paid within 35 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
