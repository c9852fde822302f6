import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import {
  launchChromium,
  openShopper,
  seriousAccessibilityViolations,
  seriousAdminViolations,
} from './support/browser.ts';
import { unexpectedErrors } from './support/accounts.ts';
import { activatedShopper } from './support/orders.ts';
import { startShop, type RunningShop } from './support/shop-server.ts';
import { loginAsStaff, STAFF_ACCOUNTS, staffCookie } from './support/staff.ts';

/**
 * The product page on a shop of its own (it adds a category and goods): translations falling back field by field,
 * a colour with its own picture, the cart's count in the header, related and recently viewed goods, and the
 * profile photo refused as soon as it is chosen.
 */
let browser: Browser;
let own: RunningShop;
let cookie = '';
let redPicture = '';
const ids = { cup: '', teapot: '' };

async function staffApi<T>(method: string, path: string, body: unknown): Promise<T> {
  const reply = await fetch(`${own.baseUrl}/v1${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await reply.json()) as { code: number; data: T; msg: unknown };
  expect(envelope.code, JSON.stringify(envelope.msg)).toBe(200);
  return envelope.data;
}

async function upload(background: { r: number; g: number; b: number }): Promise<string> {
  const png = await sharp({ create: { width: 120, height: 120, channels: 3, background } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
  const reply = await fetch(`${own.baseUrl}/v1/admin/media`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  const envelope = (await reply.json()) as { data: { url: string } };
  return envelope.data.url;
}

beforeAll(async () => {
  const admin = { ADMIN_EMAIL: STAFF_ACCOUNTS.admin.email, ADMIN_PASSWORD: STAFF_ACCOUNTS.admin.password };
  [browser, own] = await Promise.all([launchChromium(), startShop(admin)]);
  cookie = await staffCookie(own.baseUrl, 'admin');
  const cover = await upload({ r: 245, g: 245, b: 240 });
  redPicture = await upload({ r: 190, g: 20, b: 30 });
  const category = await staffApi<{ id: string }>('POST', '/admin/categories', {
    name: { 'en-US': 'Teaware', 'zh-TW': '茶具' },
    parentId: null,
    icon: '',
    sort: 99,
  });
  const goods = (translations: object, options: object[], skus: object[]) =>
    staffApi<{ id: string }>('POST', '/admin/goods', {
      categoryId: category.id,
      translations,
      images: [cover],
      options,
      skus,
      onShelf: true,
    });
  // Named in Chinese only (and English, the shop's default, which staff must fill); no Chinese description.
  ids.cup = (
    await goods(
      {
        'zh-CN': { name: '白瓷茶杯', description: '' },
        'en-US': { name: 'Porcelain tea cup', description: 'Thin white porcelain.' },
      },
      [
        {
          id: 'colour',
          name: { 'en-US': 'Colour', 'zh-TW': '顏色' },
          values: [
            { id: 'red', name: { 'en-US': 'Red' }, image: redPicture },
            { id: 'white', name: { 'en-US': 'White', 'zh-TW': '白色' } },
          ],
        },
      ],
      [
        { options: ['red'], price: 1200, originalPrice: null, stock: 9 },
        { options: ['white'], price: 1000, originalPrice: null, stock: 9 },
      ],
    )
  ).id;
  ids.teapot = (
    await goods(
      { 'en-US': { name: 'Porcelain teapot', description: 'Holds four cups.' } },
      [],
      [{ options: [], price: 3000, originalPrice: null, stock: 5 }],
    )
  ).id;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

describe('the product page', () => {
  it('shows a goods saved with only a Chinese name in zh-CN, each missing text from the next language', async () => {
    const { context, page, errors } = await openShopper(browser, own.baseUrl, 'zh-CN');
    try {
      await page.goto(`/detail?id=${ids.cup}`);
      await page.getByRole('heading', { level: 1, name: '白瓷茶杯' }).waitFor();
      // No Chinese description: the English one, not an empty section.
      await page.getByText('Thin white porcelain.').waitFor();
      // The option's name from traditional Chinese (the other script) before English; a value only in English.
      await page.getByRole('group', { name: '顏色' }).waitFor();
      await page.getByRole('radio', { name: 'Red' }).waitFor();
      await page.getByRole('radio', { name: '白色' }).waitFor();
      // The category in the breadcrumb likewise.
      await page.getByRole('navigation', { name: /./ }).getByRole('link', { name: '茶具' }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a colour’s own picture when chosen and on the cart line, with the count in the header', async () => {
    const { context, page, errors } = await openShopper(browser, own.baseUrl, 'en-US');
    try {
      await page.goto(`/detail?id=${ids.cup}`);
      await page.getByRole('link', { name: 'Cart', exact: true }).waitFor();
      const main = page.locator('.gallery-main');
      await main.waitFor();
      expect(await main.getAttribute('src')).not.toBe(redPicture);
      await page.getByRole('radio', { name: 'Red' }).check();
      await expect.poll(() => main.getAttribute('src')).toBe(redPicture);

      await page.getByLabel('Quantity').fill('3');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByRole('link', { name: 'Cart, 3 items' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Cart, 3 items' }).click();
      await page.waitForURL('**/cart');
      await page.locator(`main img[src="${redPicture}"]`).waitFor();
      await page.getByRole('button', { name: 'Remove Porcelain tea cup' }).click();
      await page.getByRole('link', { name: 'Cart', exact: true }).waitFor();
      expect(await page.locator('.cart-badge').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists related goods and, after two goods, the recently viewed ones there and on home', async () => {
    const { context, page, errors } = await openShopper(browser, own.baseUrl, 'en-US');
    try {
      await page.goto(`/detail?id=${ids.cup}`);
      const related = page.getByRole('region', { name: 'Related products' });
      await related
        .getByRole('link', { name: /Porcelain teapot/ })
        .first()
        .waitFor();
      // Nothing viewed before this goods: no "Recently viewed" yet.
      expect(await page.getByRole('region', { name: 'Recently viewed' }).count()).toBe(0);

      await page.goto(`/detail?id=${ids.teapot}`);
      await page.getByRole('heading', { level: 1, name: 'Porcelain teapot' }).waitFor();
      const viewed = page.getByRole('region', { name: 'Recently viewed' });
      await viewed
        .getByRole('link', { name: /Porcelain tea cup/ })
        .first()
        .waitFor();
      await page
        .getByRole('region', { name: 'Related products' })
        .getByRole('link', { name: /tea cup/ })
        .first()
        .waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.goto('/');
      const onHome = page.getByRole('region', { name: 'Recently viewed' });
      await onHome
        .getByRole('link', { name: /Porcelain teapot/ })
        .first()
        .waitFor();
      await onHome
        .getByRole('link', { name: /Porcelain tea cup/ })
        .first()
        .waitFor();
      const names = await onHome.getByRole('listitem').allTextContents();
      expect(names[0]).toContain('Porcelain teapot');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps a guest’s recently viewed goods in the account after signing in', async () => {
    const shopper = await activatedShopper(own.baseUrl, 'viewer');
    const { context, page, errors } = await openShopper(browser, own.baseUrl, 'en-US');
    try {
      await page.goto(`/detail?id=${ids.teapot}`);
      await page.getByRole('heading', { level: 1, name: 'Porcelain teapot' }).waitFor();
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(shopper.email);
      await page.getByLabel('Password', { exact: true }).fill(shopper.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.goto('/');
      await page
        .getByRole('region', { name: 'Recently viewed' })
        .getByRole('link', { name: /teapot/ })
        .first()
        .waitFor();
      const saved = await page.request.get('/v1/home/recently-viewed');
      const body = (await saved.json()) as { data: { id: string }[] };
      expect(body.data.map((g) => g.id)).toEqual([ids.teapot]);

      // A file named like a picture that is not one: refused at once, in the shopper's language, no preview.
      await page.goto('/user');
      const avatar = page.locator('#profile-avatar');
      await avatar.setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture'),
      });
      await page.getByText('Please upload a PNG, JPEG or WebP image.').waitFor();
      expect(await page.getByRole('img', { name: 'Preview of your new profile photo' }).count()).toBe(0);
      expect(await avatar.getAttribute('aria-invalid')).toBe('true');
      expect(unexpectedErrors(errors, [])).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets staff see which languages each field lacks and give a colour its own picture in the goods form', async () => {
    const { context, page, errors } = await openShopper(browser, own.baseUrl, 'en-US');
    try {
      await loginAsStaff(page, 'admin');
      errors.length = 0;
      await page.goto(`/admin/form/goods/${ids.cup}`);
      const warning = page
        .getByRole('status')
        .filter({ hasText: 'Some texts are missing in some languages' });
      await warning.waitFor();
      await warning.getByText('Name: missing in Português and 繁體中文').waitFor();
      await warning.getByText('Description: missing in Português, 简体中文, and 繁體中文').waitFor();

      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Picture of option 1, value 2' }).click();
      const png = await sharp({
        create: { width: 80, height: 80, channels: 3, background: { r: 250, g: 250, b: 250 } },
      })
        .png()
        .toBuffer();
      await (await chooser).setFiles({ name: 'white.png', mimeType: 'image/png', buffer: png });
      await expect
        .poll(() => page.getByRole('button', { name: 'Picture of option 1, value 2' }).count())
        .toBe(0);
      expect(await seriousAdminViolations(page)).toEqual([]);
      // A warning, not a refusal: the goods saves with its gaps.
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/admin\/result\/success$/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    const reply = await fetch(`${own.baseUrl}/v1/home/goods/${ids.cup}`);
    const detail = (await reply.json()) as { data: { options: { values: { image?: string }[] }[] } };
    expect(detail.data.options[0]!.values[0]!.image).toBe(redPicture);
    expect(detail.data.options[0]!.values[1]!.image).toMatch(/^\/media\//);
  });
});
