import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import { unexpectedErrors, type TestShopper } from './support/accounts.ts';
import { activatedShopper } from './support/orders.ts';
import { staffCookie } from './support/staff.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let shopper: TestShopper;

interface Goods {
  id: string;
  name: string;
}

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const reply = await fetch(`${baseUrl}/v1${path}`, {
    ...init,
    headers: {
      ...(init?.body ? { 'content-type': 'application/json' } : {}),
      'accept-language': 'en-US',
      ...init?.headers,
    },
  });
  const body = (await reply.json()) as { code: number; data: T; msg: unknown };
  expect(body.code, `${path}: ${JSON.stringify(body.msg)}`).toBe(200);
  return body.data;
}

/** The shop's answer to the page's next wishlist call of this method. */
const wishlistAnswer = (page: Page, method: 'GET' | 'PUT' | 'DELETE') =>
  page.waitForResponse(
    (r) => r.request().method() === method && new URL(r.url()).pathname.startsWith('/v1/home/wishlist'),
  );

let staff = '';
/** A new goods with one SKU in stock, made by staff (nothing to choose before buying it). */
async function simpleGoods(label: string): Promise<Goods> {
  const [any] = await api<{ id: string }[]>('/home/goods?pageSize=1');
  const sample = await api<{ categoryId: string; images: string[] }>(`/admin/goods/${any!.id}`, {
    headers: { cookie: staff },
  });
  const name = `${label} ${Date.now().toString(36)}`;
  const created = await api<{ id: string }>('/admin/goods', {
    method: 'POST',
    headers: { cookie: staff },
    body: JSON.stringify({
      categoryId: sample.categoryId,
      translations: {
        'en-US': { name, description: 'Plain.' },
        'pt-BR': { name: `${name} (pt)`, description: 'Simples.' },
      },
      images: sample.images.slice(0, 1),
      options: [],
      skus: [{ options: [], price: 1200, originalPrice: null, stock: 8 }],
      onShelf: true,
    }),
  });
  return { id: created.id, name };
}

/** Two goods with one SKU each, and one goods with options, all in stock. */
async function threeGoods(): Promise<[Goods, Goods, Goods]> {
  const listed = await api<{ id: string }[]>('/home/goods?sort=sales&pageSize=20');
  for (const { id } of listed) {
    const detail = await api<{ name: string; skus: { stock: number }[] }>(`/home/goods/${id}`);
    if (detail.skus.length > 1 && detail.skus.some((s) => s.stock > 0)) {
      return [await simpleGoods('Tea towel'), await simpleGoods('Enamel mug'), { id, name: detail.name }];
    }
  }
  throw new Error('the demo catalog lacks goods with options');
}

beforeAll(async () => {
  browser = await launchChromium();
  staff = await staffCookie(baseUrl, 'staff');
  shopper = await activatedShopper(baseUrl, 'wishlist');
});
afterAll(() => browser.close());

describe('wishlist', () => {
  it('a guest hearts two goods, signs in, finds them merged with the account list, moves one to the cart and shares the list', async () => {
    const [first, second, saved] = await threeGoods();
    // The account already holds one goods, hearted on another device.
    const login = await fetch(`${baseUrl}/v1/home/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: shopper.email, password: shopper.password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    await api(`/home/wishlist/${saved.id}`, { method: 'PUT', headers: { cookie } });

    const guest = await openShopper(browser, baseUrl, 'en-US');
    const { page } = guest;
    for (const goods of [first, second]) {
      await page.goto(`/detail?id=${goods.id}`);
      await page.getByRole('heading', { level: 1, name: goods.name }).waitFor();
      const heart = page.getByRole('button', { name: `Save ${goods.name} to my wishlist` }).first();
      await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('false');
      // The shop's answer is awaited before leaving: a page left while saving drops what it was sending.
      await Promise.all([wishlistAnswer(page, 'PUT'), heart.click()]);
      await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    }
    // The heart is on listing cards too, pressed for what the guest saved.
    await page.goto(`/?keyword=${encodeURIComponent(first.name)}`);
    const cardHeart = page.locator('.goods-card-frame').getByRole('button', {
      name: `Save ${first.name} to my wishlist`,
    });
    await expect.poll(() => cardHeart.first().getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');

    await page.goto('/user');
    await page.waitForURL('**/login?redirect=%2Fuser');
    await page.getByLabel('Email', { exact: true }).fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL('**/user');
    const section = page.getByRole('region', { name: 'My wishlist' });
    for (const goods of [first, second, saved]) {
      await section.getByRole('link', { name: goods.name }).waitFor();
    }
    expect(await section.getByRole('listitem').count()).toBe(3);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await section
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: first.name }) })
      .getByRole('button', { name: 'Move to cart' })
      .click();
    await expect.poll(() => section.getByRole('listitem').count(), { timeout: 10_000 }).toBe(2);
    const cart = await api<{ items: { goodsId: string }[] }>('/home/cart', { headers: { cookie } });
    expect(cart.items.map((i) => i.goodsId)).toContain(first.id);

    await section.getByRole('button', { name: 'Share my wishlist' }).click();
    const link = await section.getByLabel('Share link').inputValue();
    expect(link).toMatch(/\/wishlist\/shared\?token=[\w-]{43}$/);

    // Someone else opens the link: the list, read-only.
    const friend = await openShopper(browser, baseUrl, 'en-US');
    await friend.page.goto(link);
    await friend.page.getByRole('heading', { level: 1, name: 'A shared wishlist' }).waitFor();
    for (const goods of [second, saved]) await friend.page.getByRole('link', { name: goods.name }).waitFor();
    expect(await friend.page.locator('main').getByRole('listitem').count()).toBe(2);
    expect(await friend.page.getByRole('button', { name: /Remove|Move/ }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(friend.page)).toEqual([]);
    await friend.page.setViewportSize({ width: 360, height: 740 });
    expect(await friend.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Stopping the share ends the link.
    await section.getByRole('button', { name: 'Stop sharing' }).click();
    await section.getByRole('button', { name: 'Share my wishlist' }).waitFor();
    await friend.page.reload();
    await friend.page.getByRole('heading', { level: 1, name: /does not work/ }).waitFor();

    expect(unexpectedErrors(guest.errors, [])).toEqual([]);
    await friend.context.close();
    await guest.context.close();
  });

  it('keeps a heart pressed on a slow network before the list has arrived, and after the list arrives', async () => {
    const goods = await simpleGoods('Linen napkin');
    const guest = await openShopper(browser, baseUrl, 'en-US');
    const { page } = guest;
    // The list takes two seconds to arrive; the shopper does not wait for it.
    let listAsked = (): void => undefined;
    let listServed = (): void => undefined;
    const listAskedOnce = new Promise<void>((resolve) => (listAsked = resolve));
    const listServedOnce = new Promise<void>((resolve) => (listServed = resolve));
    await page.route('**/v1/home/wishlist', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      listAsked();
      // The shop answers at once (no goods saved yet); the answer takes two seconds to arrive.
      const answer = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // The page may have given up on this read by now: its answer is older than the heart.
      await route.fulfill({ response: answer }).catch(() => undefined);
      listServed();
    });
    await page.goto(`/detail?id=${goods.id}`);
    await page.getByRole('heading', { level: 1, name: goods.name }).waitFor();
    await listAskedOnce;
    const heart = page.getByRole('button', { name: `Save ${goods.name} to my wishlist` }).first();
    await Promise.all([wishlistAnswer(page, 'PUT'), heart.click()]);
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    // Once the slow read is over the heart is still pressed: the older list did not overwrite it.
    await listServedOnce;
    await page.waitForTimeout(500);
    expect(await heart.getAttribute('aria-pressed')).toBe('true');

    await page.unroute('**/v1/home/wishlist');
    await Promise.all([wishlistAnswer(page, 'GET'), page.reload()]);
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(unexpectedErrors(guest.errors, [])).toEqual([]);
    await guest.context.close();
  });
});
