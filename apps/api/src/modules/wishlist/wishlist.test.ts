import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import { callApi, createShopper, createTestApp, loginCookie, type TestApp } from '../../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (method: string, url: string, cookie?: string, payload?: object) =>
  callApi(t.app, method, url, { cookie, payload });

/** On-shelf goods of the demo catalog: `n` of them, with how many SKUs each has. */
async function someGoods(n: number) {
  const rows = await t.database.db
    .select({
      id: schema.goods.id,
      skus: sql<number>`(select count(*)::int from skus where goods_id = goods.id)`,
    })
    .from(schema.goods)
    .where(eq(schema.goods.onShelf, true))
    .orderBy(schema.goods.id)
    .limit(n);
  return rows;
}

let seq = 0;
async function shopper() {
  seq += 1;
  const s = await createShopper(t.database, {
    email: `hearts${seq}@example.com`,
    password: 'Hearts-secret-2026',
  });
  return { ...s, cookie: await loginCookie(t.app, s.email, s.password) };
}

describe('wishlist', () => {
  it("keeps a guest's hearts by the guest cookie and merges them into the account at login, without duplicates", async () => {
    const [a, b, c] = await someGoods(3);
    const ana = await shopper();
    await call('PUT', `/v1/home/wishlist/${b!.id}`, ana.cookie);

    const first = await t.app.inject({ method: 'PUT', url: `/v1/home/wishlist/${a!.id}` });
    expect(first.statusCode).toBe(200);
    const guestCookie = first.cookies.find((cookie) => cookie.name === 'cart')!;
    expect(guestCookie.httpOnly).toBe(true);
    const guest = `cart=${guestCookie.value}`;
    await call('PUT', `/v1/home/wishlist/${b!.id}`, guest);
    const again = await call('PUT', `/v1/home/wishlist/${b!.id}`, guest);
    expect(again.body.data.items.map((i: { goodsId: string }) => i.goodsId)).toEqual([a!.id, b!.id]);
    // Another browser sees nothing of it.
    expect((await call('GET', '/v1/home/wishlist')).body.data.items).toEqual([]);

    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/home/users/login',
      headers: { cookie: guest },
      payload: { account: ana.email, password: ana.password },
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies
      .filter((cookie) => cookie.name !== 'cart')
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
    const merged = await call('GET', '/v1/home/wishlist', session);
    expect(merged.body.data.items.map((i: { goodsId: string }) => i.goodsId).sort()).toEqual(
      [a!.id, b!.id].sort(),
    );
    const item = merged.body.data.items[0];
    expect(item).toMatchObject({
      name: expect.any(String),
      price: expect.any(Number),
      currency: expect.any(String),
    });
    expect(typeof item.stock).toBe('number');
    // The guest list is gone with its cookie: the old cookie holds nothing any more.
    expect((await call('GET', '/v1/home/wishlist', guest)).body.data.items).toEqual([]);

    await call('DELETE', `/v1/home/wishlist/${a!.id}`, session);
    await call('PUT', `/v1/home/wishlist/${c!.id}`, session);
    const after = await call('GET', '/v1/home/wishlist', session);
    expect(after.body.data.items.map((i: { goodsId: string }) => i.goodsId)).toEqual([b!.id, c!.id]);
  });

  it('names the SKU to move to the cart only when the goods has no choice to make', async () => {
    const goods = await t.database.db
      .select({
        id: schema.goods.id,
        n: sql<number>`(select count(*)::int from skus where goods_id = goods.id)`,
      })
      .from(schema.goods)
      .where(eq(schema.goods.onShelf, true));
    const single = goods.find((g) => g.n === 1);
    const several = goods.find((g) => g.n > 1)!;
    const bea = await shopper();
    await call('PUT', `/v1/home/wishlist/${several.id}`, bea.cookie);
    if (single) await call('PUT', `/v1/home/wishlist/${single.id}`, bea.cookie);
    const list = (await call('GET', '/v1/home/wishlist', bea.cookie)).body.data.items as {
      goodsId: string;
      skuId: string | null;
    }[];
    expect(list.find((i) => i.goodsId === several.id)!.skuId).toBeNull();
    if (single) {
      const [sku] = await t.database.db.select().from(schema.skus).where(eq(schema.skus.goodsId, single.id));
      expect(list.find((i) => i.goodsId === single.id)!.skuId).toBe(sku!.id);
    }
  });

  it('shares a list read-only by an unguessable link that a new link or "stop sharing" revokes', async () => {
    const [a] = await someGoods(1);
    const cy = await shopper();
    await call('PUT', `/v1/home/wishlist/${a!.id}`, cy.cookie);
    expect((await call('POST', '/v1/home/wishlist/share')).status).toBe(401);

    const shared = await call('POST', '/v1/home/wishlist/share', cy.cookie);
    expect(shared.status).toBe(200);
    const token = shared.body.data.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call('GET', '/v1/home/wishlist', cy.cookie)).body.data.shared).toBe(true);

    const seen = await call('GET', `/v1/home/wishlists/${token}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.items.map((i: { goodsId: string }) => i.goodsId)).toEqual([a!.id]);
    expect(JSON.stringify(seen.body)).not.toContain(cy.email);
    // Only the hash is kept: the database alone does not give the link away.
    const [row] = await t.database.db
      .select()
      .from(schema.wishlists)
      .where(eq(schema.wishlists.userId, cy.id));
    expect(row!.shareTokenHash).not.toContain(token);

    // Read-only: the link is no key to change the list.
    const [, other] = await someGoods(2);
    const visitor = await call('PUT', `/v1/home/wishlist/${other!.id}`, undefined);
    expect(visitor.status).toBe(200);
    expect((await call('GET', `/v1/home/wishlists/${token}`)).body.data.items).toHaveLength(1);

    const renewed = await call('POST', '/v1/home/wishlist/share', cy.cookie);
    expect((await call('GET', `/v1/home/wishlists/${token}`)).status).toBe(404);
    const newToken = renewed.body.data.token as string;
    expect((await call('GET', `/v1/home/wishlists/${newToken}`)).status).toBe(200);
    await call('DELETE', '/v1/home/wishlist/share', cy.cookie);
    expect((await call('GET', `/v1/home/wishlists/${newToken}`)).status).toBe(404);
    expect((await call('GET', `/v1/home/wishlists/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('refuses hostile input without a server error', async () => {
    const dan = await shopper();
    for (const bad of ['not-a-uuid', "1'%20or%20'1'='1", '%00', 'a'.repeat(300)]) {
      const res = await call('PUT', `/v1/home/wishlist/${bad}`, dan.cookie);
      expect(res.status, bad).toBeLessThan(500);
      expect(res.status, bad).not.toBe(200);
    }
    expect(
      (await call('PUT', '/v1/home/wishlist/00000000-0000-4000-8000-000000000000', dan.cookie)).status,
    ).toBe(404);
    for (const bad of ['short', '../../etc', '%27%3B--', 'a'.repeat(300)]) {
      const res = await call('GET', `/v1/home/wishlists/${bad}`);
      expect([404, 422], bad).toContain(res.status);
    }
    const offShelf = await t.database.db
      .select({ id: schema.goods.id })
      .from(schema.goods)
      .where(and(eq(schema.goods.onShelf, false)))
      .limit(1);
    if (offShelf[0]) {
      expect((await call('PUT', `/v1/home/wishlist/${offShelf[0].id}`, dan.cookie)).status).toBe(404);
    }
  });
});
