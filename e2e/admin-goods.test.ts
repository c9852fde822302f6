import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Category, GoodsDetail } from '@shop/contract';
import { launchChromium, openShopper, seriousAdminViolations } from './support/browser.ts';
import { activatedShopper, data, placeAndPay, signInWithAddress } from './support/orders.ts';
import { startShop } from './support/shop-server.ts';
import type { RunningShop } from './support/shop-server.ts';
import { loginAsStaff, STAFF_ACCOUNTS } from './support/staff.ts';

/**
 * This file's own shop: the order sold here must show on the staff workplace, which lists the oldest paid orders
 * to ship, and on the shop every file shares other files' orders, paid earlier, fill that list.
 */
let own: RunningShop;
let baseUrl = '';
let browser: Browser;

beforeAll(async () => {
  [browser, own] = await Promise.all([
    launchChromium(),
    startShop({ ADMIN_EMAIL: STAFF_ACCOUNTS.admin.email, ADMIN_PASSWORD: STAFF_ACCOUNTS.admin.password }),
  ]);
  baseUrl = own.baseUrl;
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

interface Envelope<T> {
  code: number;
  data: T;
}

async function api<T>(path: string, locale = 'en-US'): Promise<T> {
  const response = await fetch(`${baseUrl}/v1${path}`, { headers: { 'Accept-Language': locale } });
  return ((await response.json()) as Envelope<T>).data;
}

/** A back-office page in `locale`, logged in as the admin. */
async function openAdmin(locale = 'en-US') {
  const session = await openShopper(browser, baseUrl, locale as 'en-US');
  await loginAsStaff(session.page, 'admin');
  // The login page asks who is logged in first, and is told 401: not a failure of the pages under test.
  session.errors.length = 0;
  return session;
}

const pngOf = (r: number, g: number, b: number) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** Serious and critical axe violations of the whole page: its content and the layout around it (menu, header). */
const pageViolations = (page: Page) => seriousAdminViolations(page);

/** The page's title in the page header (the layout's h1 is the back office's name). */
const pageTitle = (page: Page, text: string) =>
  page.locator('.ant-page-header-heading-title').filter({ hasText: text }).first();

/** The value of a labelled field in the goods editor, typed as a person would. */
const fill = (page: Page, label: string, value: string) =>
  page.getByLabel(label, { exact: true }).fill(value);

describe('the goods editor', () => {
  let goodsId = '';
  let skuIds: string[] = [];

  it('creates a goods with two SKUs and a Chinese name that shoppers find in zh-CN', async () => {
    const stamp = Date.now().toString(36);
    const english = `Lantern desk lamp ${stamp}`;
    const chinese = `灯笼台灯${stamp}`;
    const categories = await api<Category[]>('/home/categories');
    const category = categories.find((c) => c.parentId !== null)!;

    const admin = await openAdmin();
    try {
      const { page } = admin;
      await page.goto('/admin/form/goods');
      await pageTitle(page, 'New product').waitFor();

      await page.getByLabel('Category').click();
      await page.getByLabel('Category').fill(category.name);
      await page.locator('.ant-select-tree-node-content-wrapper', { hasText: category.name }).first().click();

      await fill(page, 'Name (English)', english);
      await fill(page, 'Description (English)', 'Warm light for late reading.\n\nFolds flat.');
      await page.getByRole('tab', { name: '简体中文' }).click();
      await fill(page, 'Name (简体中文)', chinese);
      await fill(page, 'Description (简体中文)', '暖光台灯，折叠收纳。');

      await page.locator('input[type=file]').setInputFiles([
        { name: 'red.png', mimeType: 'image/png', buffer: await pngOf(200, 40, 40) },
        { name: 'blue.png', mimeType: 'image/png', buffer: await pngOf(40, 40, 200) },
      ]);
      await expect.poll(() => page.getByRole('img', { name: /^Image \d$/ }).count()).toBe(2);
      await page.getByRole('button', { name: 'Move Image 2 earlier' }).click();

      await page.getByRole('button', { name: 'Add an option' }).click();
      await fill(page, 'Name of option 1 (English)', 'Colour');
      await fill(page, 'Name of option 1 (简体中文)', '颜色');
      await fill(page, 'Option 1, value 1 (English)', 'Red');
      await fill(page, 'Option 1, value 1 (简体中文)', '红色');
      await page.getByRole('button', { name: 'Add a value to option 1' }).click();
      await fill(page, 'Option 1, value 2 (English)', 'Blue');
      await fill(page, 'Option 1, value 2 (简体中文)', '蓝色');

      await fill(page, 'Price of Red', '25');
      await fill(page, 'Original price of Red', '30');
      await fill(page, 'Stock of Red', '7');
      await fill(page, 'Price of Blue', '23.5');
      await fill(page, 'Stock of Blue', '5');
      await page.getByRole('button', { name: 'Save' }).click();

      await page.waitForURL(/\/admin\/result\/success$/);
      await page.getByRole('heading', { name: 'Product created' }).waitFor();
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }

    const shopper = await openShopper(browser, baseUrl, 'zh-CN');
    try {
      const { page } = shopper;
      await page.goto('/');
      const box = page.getByRole('combobox', { name: '搜索商品' });
      await box.fill(chinese);
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('keyword') === chinese);
      const card = page.locator('section.listing-results a.goods-card', { hasText: chinese });
      await card.click();
      await page.waitForURL((url) => url.pathname === '/detail');
      await page.locator('main h1').filter({ hasText: chinese }).waitFor();
      const colours = page.getByRole('group', { name: '颜色' });
      await colours.getByRole('radio', { name: '红色' }).waitFor({ state: 'attached' });
      await colours.getByRole('radio', { name: '蓝色' }).waitFor({ state: 'attached' });

      const id = new URL(page.url()).searchParams.get('id')!;
      const goods = await api<GoodsDetail>(`/home/goods/${id}`, 'zh-CN');
      expect(goods.skus.map((s) => [s.price, s.originalPrice, s.stock])).toEqual([
        [2500, 3000, 7],
        [2350, null, 5],
      ]);
      expect(goods.images).toHaveLength(2);
      expect(goods.images[0]).toMatch(/-320x240\.png$/);
      expect(shopper.errors).toEqual([]);
      goodsId = id;
      skuIds = goods.skus.map((s) => s.id);
    } finally {
      await shopper.context.close();
    }
  });

  it('edits the goods again and keeps its SKU ids', async () => {
    const admin = await openAdmin();
    try {
      const { page } = admin;
      await page.goto(`/admin/form/goods/${goodsId}`);
      await pageTitle(page, 'Edit').waitFor();
      expect(await page.getByLabel('Price of Blue', { exact: true }).inputValue()).toBe('23.50');
      await fill(page, 'Price of Blue', '21');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/admin\/result\/success$/);
      await page.getByRole('heading', { name: 'Product saved' }).waitFor();
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }
    const goods = await api<GoodsDetail>(`/home/goods/${goodsId}`);
    expect(goods.skus.map((s) => s.id)).toEqual(skuIds);
    expect(goods.skus.map((s) => s.price)).toEqual([2500, 2100]);
    expect(goods.price).toBe(2100);
  });

  it('sells to a shopper, shows up on the staff workplace, is shipped there, and the shopper sees it shipped', async () => {
    const buyer = await activatedShopper(baseUrl, 'lantern-buyer');
    const shopper = await openShopper(browser, baseUrl, 'zh-CN');
    const admin = await openAdmin();
    try {
      const request = shopper.page.request;
      const addressId = await signInWithAddress(request, buyer);
      const order = await placeAndPay(request, { addressId, skuId: skuIds[1]! });
      const number = order.number;

      const { page } = admin;
      await page.goto('/admin/dashboard/workplace');
      await page
        .getByTestId('orders-to-ship')
        .getByRole('link', { name: `Order ${number}` })
        .click();
      await page.waitForURL(`**/admin/profile/order/${order.id}`);
      const english = (await api<GoodsDetail>(`/home/goods/${goodsId}`)).name;
      await page.locator('main').getByText(english).first().waitFor();
      await page.getByRole('button', { name: 'Ship' }).click();
      const dialog = page.getByRole('dialog', { name: `Ship order ${number}` });
      await dialog.getByLabel('Carrier').fill('SF Express');
      await dialog.getByLabel('Tracking number').fill('SF1234567890');
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await page.getByText(`Order ${number} is shipped. The shopper has been told by mail.`).waitFor();

      await shopper.page.goto(`/my/order?id=${order.id}`);
      const seen = await data<{ status: string; lines: { name: string }[] }>(
        request.get(`/v1/home/orders/${order.id}`),
      );
      expect(seen.status).toBe('shipped');
      await shopper.page.locator('main').getByText(seen.lines[0]!.name).first().waitFor();
      const facts = shopper.page.locator('main dl.facts');
      await expect.poll(() => facts.textContent()).toContain('SF Express');
      await expect.poll(() => facts.textContent()).toContain('SF1234567890');
      expect(admin.errors).toEqual([]);
      expect(shopper.errors).toEqual([]);
    } finally {
      await admin.context.close();
      await shopper.context.close();
    }
  });
});

describe('the coupon campaign form', () => {
  it('creates a campaign in three steps that shoppers see', async () => {
    const title = `Lantern week ${Date.now().toString(36)}`;
    const admin = await openAdmin();
    try {
      const { page } = admin;
      await page.goto('/admin/form/coupon');
      await pageTitle(page, 'New coupon campaign').waitFor();
      await fill(page, 'Title (English)', title);
      await page.getByLabel('Amount off (USD)').fill('5');
      await page.getByLabel('Minimum spend (USD)').fill('30');
      const start = page.getByPlaceholder('Start');
      await start.click();
      await start.fill('2020-01-01 10:00');
      await start.press('Enter');
      const end = page.getByPlaceholder('End');
      await end.fill('2099-12-31 10:00');
      await end.press('Enter');
      await page.getByLabel('Total copies').fill('50');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText(title).waitFor();
      await page.getByRole('button', { name: 'Create campaign' }).click();
      await page.getByRole('heading', { name: 'Campaign created' }).waitFor();
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }
    const offered = await api<{ title: string; remaining: number; value: number }[]>('/home/coupons');
    expect(offered.find((c) => c.title === title)).toMatchObject({ remaining: 50, value: 500 });
  });
});

describe('the catalog pages', () => {
  let admin: Awaited<ReturnType<typeof openAdmin>>;
  let goodsId = '';
  beforeAll(async () => {
    goodsId = (await api<{ id: string }[]>('/home/goods?pageSize=1'))[0]!.id;
    admin = await openAdmin();
  });
  afterAll(() => admin?.context.close());

  it.each([
    ['/admin/list/goods', 'Products'],
    ['/admin/form/goods', 'New product'],
    ['/admin/form/goods/:id', 'Edit'],
    ['/admin/list/categories', 'Categories'],
    ['/admin/list/coupons', 'Coupons'],
    ['/admin/form/coupon', 'New coupon campaign'],
    ['/admin/form/settings', 'Shop settings'],
  ])('%s has no serious or critical accessibility violations', async (path, heading) => {
    const { page } = admin;
    await page.goto(path.replace(':id', goodsId));
    await pageTitle(page, heading).waitFor();
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
    expect(await pageViolations(page)).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
