import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import {
  addAddress,
  callApi,
  createShopper,
  createTestApp,
  deliverSandboxWebhooks,
  loginCookie,
  signedInStaffAndAdmin,
  type Json,
  type TestApp,
} from '../../testing.ts';

let t: TestApp;
let staffCookie: string;
let goodsId: string;
let skuId: string;
beforeAll(async () => {
  t = await createTestApp();
  staffCookie = (await signedInStaffAndAdmin(t)).staff.cookie;
  const [sku] = await t.database.db
    .select({ id: schema.skus.id, goodsId: schema.skus.goodsId })
    .from(schema.skus)
    .innerJoin(schema.goods, eq(schema.goods.id, schema.skus.goodsId))
    .where(sql`${schema.skus.stock} >= 50 and ${schema.goods.onShelf}`)
    .orderBy(asc(schema.skus.id))
    .limit(1);
  goodsId = sku!.goodsId;
  skuId = sku!.id;
}, 180_000);
afterAll(() => t.close());

const call = (method: string, url: string, cookie?: string, payload?: object) =>
  callApi(t.app, method, url, { ...(cookie ? { cookie } : {}), ...(payload ? { payload } : {}) });

let shoppers = 0;
/** A logged-in shopper with a paid order of the goods; `ship` has staff mark it shipped. */
async function buyer({ ship }: { ship: boolean }) {
  const account = await createShopper(t.database, {
    email: `reviewer-${++shoppers}-${Date.now()}@example.com`,
    password: 'Reviewer-secret-2026',
  });
  const cookie = await loginCookie(t.app, account.email, account.password);
  const addressId = await addAddress(t.app, cookie);
  const placed = await call('POST', '/v1/home/orders', cookie, {
    addressId,
    items: [{ skuId, quantity: 1 }],
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.data.id as string;
  const charge = await call('POST', '/v1/home/charges', cookie, { orderId, channel: 'sandbox' });
  const paid = await t.app.inject({
    method: 'POST',
    url: charge.body.data.payUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'card=4242+4242+4242+4242',
  });
  expect(paid.statusCode).toBe(303);
  await deliverSandboxWebhooks(t);
  if (ship) {
    const shipped = await call('POST', `/v1/admin/orders/${orderId}/ship`, staffCookie, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.body.code, JSON.stringify(shipped.body)).toBe(200);
  }
  return { cookie, orderId, id: account.id };
}

const review = (rating: number, extra: Json = {}) => ({
  rating,
  title: `Rated ${rating}`,
  text: 'Arrived quickly and works as described.',
  ...extra,
});
const reviewsOf = (cookie?: string, query = '') =>
  call('GET', `/v1/home/goods/${goodsId}/reviews${query}`, cookie);

/** The goods as the storefront's listing shows it, found on its category's pages. */
async function listed(): Promise<Json> {
  const detail = await call('GET', `/v1/home/goods/${goodsId}`);
  for (let page = 1; page <= 50; page++) {
    const list = await call(
      'GET',
      `/v1/home/goods?categoryId=${detail.body.data.categoryId}&pageSize=100&page=${page}`,
    );
    const found = (list.body.data as Json[]).find((g) => g.id === goodsId);
    if (found) return found;
    if (list.body.data.length < 100) break;
  }
  throw new Error('goods not listed');
}

function uploadPhoto(cookie: string, bytes: Buffer, type = 'image/jpeg') {
  const boundary = 'reviewboundary';
  return t.app.inject({
    method: 'POST',
    url: '/v1/home/reviews/photos',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': 'en-US',
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

const photo = (background: string) =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background } })
    .withExif({ IFD0: { Make: 'Phone', ImageDescription: 'Rua Augusta 1500, Sao Paulo' } })
    .jpeg()
    .toBuffer();

/** Each test places and ships real orders: slow on a busy machine. */
const SLOW = { timeout: 180_000 };

describe('writing a review', SLOW, () => {
  it('is only for a shopper whose order of the goods was shipped, once per goods, and editable', async () => {
    expect((await call('POST', `/v1/home/goods/${goodsId}/reviews`, undefined, review(5))).status).toBe(401);
    const waiting = await buyer({ ship: false });
    const early = await call('POST', `/v1/home/goods/${goodsId}/reviews`, waiting.cookie, review(5));
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: 2, msg: 'Only shoppers who received this item can review it.' });
    expect((await reviewsOf(waiting.cookie)).body.meta.canReview).toBe(false);

    const shopper = await buyer({ ship: true });
    expect((await reviewsOf(shopper.cookie)).body.meta).toMatchObject({ canReview: true, mine: null });
    const first = await call('POST', `/v1/home/goods/${goodsId}/reviews`, shopper.cookie, review(2));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ rating: 2, status: 'pending', verified: true });
    const edited = await call(
      'POST',
      `/v1/home/goods/${goodsId}/reviews`,
      shopper.cookie,
      review(3, { title: 'Better than I said' }),
    );
    expect(edited.body.data).toMatchObject({
      id: first.body.data.id,
      rating: 3,
      title: 'Better than I said',
    });
    const rows = await t.database.db
      .select()
      .from(schema.reviews)
      .where(eq(schema.reviews.userId, shopper.id));
    expect(rows).toHaveLength(1);

    // The author sees their pending review with its status; nobody else sees it.
    const own = await reviewsOf(shopper.cookie);
    expect(own.body.meta.mine).toMatchObject({ id: first.body.data.id, status: 'pending' });
    expect(own.body.data).toEqual([]);
    expect((await reviewsOf()).body).toMatchObject({ data: [], meta: { mine: null, total: 0 } });
  });

  it('keeps at most 3 photos, each re-encoded without its metadata', async () => {
    const shopper = await buyer({ ship: true });
    const uploaded = await uploadPhoto(shopper.cookie, await photo('#c06'));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const url = uploaded.json().data.url as string;
    expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject(url);
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1024, height: 683 });
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.includes('Rua Augusta')).toBe(false);

    const urls = [url];
    for (const colour of ['#06c', '#0c6', '#cc0']) {
      urls.push((await uploadPhoto(shopper.cookie, await photo(colour))).json().data.url as string);
    }
    const four = await call(
      'POST',
      `/v1/home/goods/${goodsId}/reviews`,
      shopper.cookie,
      review(4, { photos: urls }),
    );
    expect(four.status).toBe(422);
    expect(four.body).toMatchObject({ code: 1, msg: { photos: 'A review can have at most 3 photos.' } });
    const three = await call(
      'POST',
      `/v1/home/goods/${goodsId}/reviews`,
      shopper.cookie,
      review(4, { photos: urls.slice(0, 3) }),
    );
    expect(three.body.data.photos).toEqual(urls.slice(0, 3));

    const notUploaded = await call(
      'POST',
      `/v1/home/goods/${goodsId}/reviews`,
      shopper.cookie,
      review(4, { photos: [`/media/${'0'.repeat(32)}.webp`] }),
    );
    expect(notUploaded.body).toMatchObject({ code: 1, msg: { 'photos.0': expect.any(String) } });
    const script = await uploadPhoto(shopper.cookie, Buffer.from('<script>alert(1)</script>'));
    expect(script.statusCode).toBe(415);
    const guest = await t.app.inject({ method: 'POST', url: '/v1/home/reviews/photos' });
    expect(guest.statusCode).toBe(401);
  });

  it('answers hostile input with envelope errors, never a 500', async () => {
    const shopper = await buyer({ ship: true });
    const post = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/home/goods/${goodsId}/reviews`,
        headers: { cookie: shopper.cookie, 'accept-language': 'en-US', 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
    for (const body of [
      review(0),
      review(6),
      review(4.5),
      { ...review(5), rating: '5' },
      { ...review(5), title: '' },
      { ...review(5), title: 'x'.repeat(121) },
      { ...review(5), text: 'x'.repeat(4001) },
      { ...review(5), userId: shopper.id },
      { ...review(5), photos: ['https://evil.example/a.webp'] },
      { ...review(5), photos: 'a' },
      [],
      'null',
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe(1);
    }
    expect((await post('{"rating": 5,')).statusCode).toBe(400);
    expect((await call('GET', '/v1/home/goods/not-an-id/reviews')).body.code).toBe(1);
    expect((await reviewsOf(undefined, '?sort=best&pageSize=1000')).body).toMatchObject({
      code: 1,
      msg: { sort: expect.any(String), pageSize: expect.any(String) },
    });
    const unknown = await call('GET', '/v1/home/goods/00000000-0000-4000-8000-000000000000/reviews');
    expect(unknown.status).toBe(404);
    expect((await call('POST', '/v1/admin/reviews/not-an-id/publish', staffCookie, {})).body.code).toBe(1);
    const noReview = await call('POST', `/v1/admin/reviews/${goodsId}/publish`, staffCookie, {});
    expect(noReview.status).toBe(404);
    expect(
      (await call('POST', `/v1/admin/reviews/${goodsId}/reply`, staffCookie, { reply: '' })).body.code,
    ).toBe(1);
    expect((await call('GET', '/v1/admin/reviews?status=lost', staffCookie)).body.code).toBe(1);
    expect((await call('GET', '/v1/admin/reviews', shopper.cookie)).status).toBe(403);
  });
});

describe('moderation', SLOW, () => {
  it('decides what shoppers see, the exact average and distribution, and the listing’s stars', async () => {
    // Warm the cached listing and detail replies: moderation must drop them.
    expect((await listed()).rating).toBeUndefined();
    const ratings = [5, 4, 4, 1];
    const written: string[] = [];
    for (const rating of ratings) {
      const shopper = await buyer({ ship: true });
      const res = await call('POST', `/v1/home/goods/${goodsId}/reviews`, shopper.cookie, review(rating));
      written.push(res.body.data.id as string);
    }
    const queue = await call(
      'GET',
      `/v1/admin/reviews?status=pending&goodsId=${goodsId}&pageSize=100`,
      staffCookie,
    );
    expect(queue.body.data.map((r: Json) => r.id)).toEqual(expect.arrayContaining(written));
    expect(queue.body.data[0]).toMatchObject({
      goodsName: expect.any(String),
      shopper: { email: expect.any(String) },
    });

    for (const id of written) {
      const published = await call('POST', `/v1/admin/reviews/${id}/publish`, staffCookie, {});
      expect(published.body.data.status, JSON.stringify(published.body)).toBe('published');
    }
    const replied = await call('POST', `/v1/admin/reviews/${written[3]}/reply`, staffCookie, {
      reply: 'Sorry! We are sending a replacement.',
    });
    expect(replied.body.data.reply).toBe('Sorry! We are sending a replacement.');

    const shown = await reviewsOf(undefined, '?sort=lowest');
    expect(shown.body.meta.summary).toEqual({
      average: 3.5,
      count: 4,
      distribution: [
        { stars: 5, count: 1 },
        { stars: 4, count: 2 },
        { stars: 3, count: 0 },
        { stars: 2, count: 0 },
        { stars: 1, count: 1 },
      ],
    });
    expect(shown.body.data.map((r: Json) => r.rating)).toEqual([1, 4, 4, 5]);
    expect(shown.body.data[0]).toMatchObject({
      reply: 'Sorry! We are sending a replacement.',
      verified: true,
    });
    expect((await reviewsOf(undefined, '?sort=highest')).body.data.map((r: Json) => r.rating)).toEqual([
      5, 4, 4, 1,
    ]);
    expect((await listed()).rating).toEqual({ average: 3.5, count: 4 });
    expect((await call('GET', `/v1/home/goods/${goodsId}`)).body.data.rating).toEqual({
      average: 3.5,
      count: 4,
    });

    // Rejecting the one-star review takes it out of everything shoppers see.
    await call('POST', `/v1/admin/reviews/${written[3]}/reject`, staffCookie, {});
    const after = await reviewsOf();
    expect(after.body.meta.summary).toMatchObject({ average: 4.33, count: 3 });
    expect(after.body.data.map((r: Json) => r.id)).not.toContain(written[3]);
    expect((await listed()).rating).toEqual({ average: 4.33, count: 3 });

    // Every staff action is in the audit log.
    const audit = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entity, 'review'));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'review.publish',
      'review.publish',
      'review.publish',
      'review.publish',
      'review.reject',
      'review.reply',
    ]);
  });

  it('takes an edited published review out of the figures until it is published again', async () => {
    const shopper = await buyer({ ship: true });
    const written = await call('POST', `/v1/home/goods/${goodsId}/reviews`, shopper.cookie, review(5));
    await call('POST', `/v1/admin/reviews/${written.body.data.id}/publish`, staffCookie, {});
    const before = (await reviewsOf()).body.meta.summary.count as number;
    await call('POST', `/v1/home/goods/${goodsId}/reviews`, shopper.cookie, review(1));
    const after = await reviewsOf(shopper.cookie);
    expect(after.body.meta.summary.count).toBe(before - 1);
    expect(after.body.meta.mine).toMatchObject({ rating: 1, status: 'pending' });
    expect((await listed()).rating.count).toBe(before - 1);
  });
});
