import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Category, GoodsDetail, GoodsSummary } from '@shop/contract';
import { DEMO_FACTS } from '@shop/db/seed';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import { listedIds } from './support/listing.ts';
import { staffCookie } from './support/staff.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

interface Envelope<T> {
  code: number;
  data: T;
  meta?: { total: number };
}

async function api<T>(path: string, locale = 'en-US'): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl}/v1${path}`, { headers: { 'Accept-Language': locale } });
  return (await response.json()) as Envelope<T>;
}

const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('search from the header', () => {
  it.each([
    ['en-US', 'Search products', 'Results for'],
    ['zh-CN', '搜索商品', '搜索结果'],
  ] as const)('in %s suggests goods by name and lists every match', async (locale, label, heading) => {
    const keyword = DEMO_FACTS.search.keyword[locale];
    const expected = DEMO_FACTS.search.onShelfGoodsIdsByName[locale];
    const { context, page, errors } = await openShopper(browser, baseUrl, locale);
    try {
      await page.goto('/');
      const box = page.getByRole('combobox', { name: label });
      await box.fill(keyword);
      const suggestions = page.getByRole('listbox');
      await suggestions.waitFor();
      await expect
        .poll(() => suggestions.getByRole('option').allTextContents())
        .toContain(DEMO_FACTS.search.name[locale]);
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');

      // Enter without choosing a suggestion searches; the query is in the address, so it survives a reload.
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('keyword') === keyword);
      await expect.poll(() => page.locator('main h1').textContent()).toContain(heading);
      const listed = await listedIds(page);
      for (const id of expected) expect(listed).toContain(id);

      await page.reload();
      expect(await listedIds(page)).toEqual(listed);
      expect(await page.getByRole('combobox', { name: label }).inputValue()).toBe(keyword);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens a suggested goods with the keyboard', async () => {
    const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.goto('/');
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.fill(DEMO_FACTS.search.keyword['en-US']);
      const option = page.getByRole('option', { name: DEMO_FACTS.search.name['en-US'] });
      await option.waitFor();
      // Down arrows move through the suggestions until the wanted one is active.
      for (let step = 0; step < 5 && (await option.getAttribute('aria-selected')) !== 'true'; step++) {
        await box.press('ArrowDown');
      }
      expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === '/detail');
      expect(searchParam(page, 'id')).toBe(DEMO_FACTS.search.goodsId);
      await expect.poll(() => page.locator('main h1').textContent()).toBe(DEMO_FACTS.search.name['en-US']);

      // Escape closes the list first, and only then clears the field.
      await box.fill('head');
      await page.getByRole('listbox').waitFor();
      await box.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(await box.inputValue()).toBe('head');
      await box.press('Escape');
      expect(await box.inputValue()).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the listing', () => {
  it('changes its goods and its address with the category, sort order, price range and page', async () => {
    const categories = (await api<Category[]>('/home/categories')).data;
    const parent = categories.find((category) => category.parentId === null && category.sort === 0);
    if (!parent) throw new Error('the demo catalog has no first top-level category');
    const inCategory = await api<GoodsSummary[]>(
      `/home/goods?categoryId=${parent.id}&sort=price_asc&pageSize=100`,
    );
    // Counted now: other test files add goods to this shop, in an order the runner may change.
    const onShelf = (await api<GoodsSummary[]>('/home/goods?pageSize=1')).meta?.total;
    expect(onShelf).toBeGreaterThanOrEqual(DEMO_FACTS.onShelfGoodsCount);
    const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.goto('/?sort=newest');
      const all = await listedIds(page);
      expect(all).toHaveLength(24);
      expect(await page.locator('.listing-count').textContent()).toBe(`${onShelf} products`);

      // Pages: each has its own address.
      await page.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      // The address changes before the page renders (React Router navigates in a transition): until the pager
      // says page 2, the grid still shows page 1, unmarked.
      await expect
        .poll(() => page.locator('.pager [aria-current="page"]').textContent())
        .toMatch(/^Page 2 of /);
      const second = await listedIds(page);
      expect(second.some((id) => all.includes(id))).toBe(false);

      // Category (children included), then sort: both start again at page 1.
      await page.getByLabel('Category').selectOption(parent.id);
      await page.waitForURL((url) => url.searchParams.get('categoryId') === parent.id);
      expect(searchParam(page, 'page')).toBeNull();
      await page.getByLabel('Sort by').selectOption('price_asc');
      await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
      await expect.poll(() => listedIds(page)).toEqual(inCategory.data.slice(0, 24).map((g) => g.id));
      expect(await page.locator('main h1').textContent()).toBe(parent.name);

      // A price range in dollars goes to the API in cents.
      const prices = inCategory.data.map((goods) => goods.price);
      const low = prices[Math.floor(prices.length / 4)] ?? 0;
      const high = prices[Math.floor((prices.length * 3) / 4)] ?? 0;
      await page.getByLabel('Lowest price in $').fill(String(low / 100));
      await page.getByLabel('Highest price in $').fill(String(high / 100));
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.waitForURL((url) => url.searchParams.get('maxPrice') === String(high));
      expect(searchParam(page, 'minPrice')).toBe(String(low));
      const inRange = inCategory.data.filter((goods) => goods.price >= low && goods.price <= high);
      await expect.poll(() => listedIds(page)).toEqual(inRange.map((goods) => goods.id));

      // A range with nothing in it says so and offers a way out.
      await page.getByLabel('Lowest price in $').fill('999999');
      await page.getByLabel('Highest price in $').fill('');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('No products match these filters.').waitFor();
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL(
        (url) => !url.searchParams.has('categoryId') && !url.searchParams.has('minPrice'),
      );
      expect(await listedIds(page)).toHaveLength(24);

      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it('keeps every filter chosen in quick succession on a slow phone', async () => {
    const categories = (await api<Category[]>('/home/categories')).data;
    const parent = categories.find((category) => category.parentId === null && category.sort === 0);
    if (!parent) throw new Error('the demo catalog has no first top-level category');
    const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.goto('/?sort=newest');
      await listedIds(page);
      // A phone many times slower than this machine: the listing is still drawing the category's goods when the
      // shopper picks the order and ticks "in stock".
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
      await page.getByLabel('Category').selectOption(parent.id);
      await page.getByLabel('Sort by').selectOption('price_asc');
      await page.getByRole('checkbox', { name: 'In stock only' }).click();
      await page.waitForURL((url) => url.searchParams.get('inStock') === 'true');
      expect(searchParam(page, 'categoryId')).toBe(parent.id);
      expect(searchParam(page, 'sort')).toBe('price_asc');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const expected = await api<GoodsSummary[]>(
        `/home/goods?categoryId=${parent.id}&sort=price_asc&inStock=true&pageSize=24`,
      );
      await expect.poll(() => listedIds(page)).toEqual(expected.data.map((goods) => goods.id));
      expect(await page.getByRole('checkbox', { name: 'In stock only' }).isChecked()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('goods detail', () => {
  it('does not let a sold-out SKU be chosen', async () => {
    const { goodsId, skuId } = DEMO_FACTS.partlySoldOut;
    const goods = (await api<GoodsDetail>(`/home/goods/${goodsId}`)).data;
    const soldOut = goods.skus.find((sku) => sku.id === skuId);
    if (!soldOut) throw new Error('the sold-out SKU is not on the goods');
    const valueName = (index: number) => {
      const option = goods.options[index];
      const value = option?.values.find((v) => v.id === soldOut.options[index]);
      if (!option || !value) throw new Error(`no value ${soldOut.options[index]} for option ${index}`);
      return { group: option.name, name: value.name };
    };
    // A value's name, followed by "(sold out)" for screen readers when it cannot be chosen.
    const named = (name: string) =>
      new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(sold out\\))?$`);
    const radio = (page: Page, index: number) => {
      const { group, name } = valueName(index);
      return page.getByRole('group', { name: group }).getByRole('radio', { name: named(name) });
    };

    const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.goto(`/detail?id=${goodsId}`);
      await page.locator('main h1').filter({ hasText: goods.name }).waitFor();
      const last = goods.options.length - 1;
      // Every other value of the sold-out SKU can be chosen; with them chosen, its last value cannot.
      for (let index = 0; index < last; index++) {
        await radio(page, index).check({ force: true });
      }
      const blocked = radio(page, last);
      expect(await blocked.isDisabled()).toBe(true);
      await page
        .getByRole('radio', { name: `${valueName(last).name} (sold out)`, exact: true })
        .waitFor({ state: 'attached' });
      await expect(blocked.check({ force: true, timeout: 1_000 })).rejects.toThrow();
      expect(await blocked.isChecked()).toBe(false);
      // The same value still goes with the values that have stock.
      const buyable = goods.skus.find((sku) => sku.stock > 0 && sku.options[last] === soldOut.options[last]);
      if (buyable) {
        for (let index = 0; index < last; index++) {
          const option = goods.options[index];
          const name = option?.values.find((v) => v.id === buyable.options[index])?.name ?? '';
          await page
            .getByRole('group', { name: option?.name ?? '' })
            .getByRole('radio', { name: named(name) })
            .check({ force: true });
        }
        expect(await blocked.isDisabled()).toBe(false);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000', 404],
    ['a malformed id', 'not-an-id', 422],
  ])('shows the not-found state for %s, without an error toast', async (_what, id, status) => {
    const { context, page, errors } = await openShopper(browser, baseUrl, 'zh-CN');
    try {
      await page.goto(`/detail?id=${id}`);
      await page.getByRole('heading', { level: 1, name: '商品不存在' }).waitFor();
      await page.getByRole('link', { name: '去逛逛' }).waitFor();
      expect(await page.locator('.toast').count()).toBe(0);
      // The API's own answer (and the browser's console line about it) is the only failure.
      expect(errors).toContain(`${status} ${baseUrl}/v1/home/goods/${id}`);
      expect(errors.filter((error) => !error.includes(`/v1/home/goods/${id}`))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('goods pictures', () => {
  it('come as the WebP copy that fits their slot, the large one fetched once', async () => {
    const goodsId = DEMO_FACTS.rasterCoverGoodsIds[0];
    if (!goodsId) throw new Error('the demo catalog has no goods with a raster cover');
    const goods = (await api<GoodsDetail>(`/home/goods/${goodsId}`)).data;
    const hash = /\/media\/([0-9a-f]{32})-\d+x\d+\.jpg$/.exec(goods.images[0] ?? '')?.[1];
    if (!hash) throw new Error(`the cover ${goods.images[0]} is not a raster original`);

    const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
    try {
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes(`/media/${hash}`)) fetched.push(new URL(request.url()).pathname);
      });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/detail?id=${goodsId}`);
      const main = page.locator('img.gallery-main');
      await expect
        .poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBeGreaterThan(0);
      // Half of a 1160px page is about 552px wide: at density 1 the 640px copy is the narrowest that fills it.
      expect(await main.evaluate((image: HTMLImageElement) => image.currentSrc)).toBe(
        `${baseUrl}/media/${hash}-640.webp`,
      );
      // The start-up preload asked for the same copy the <img> shows (so it came once), and nothing asked for
      // the JPEG. The lazy thumbnail strip fetches its own 320px copy when it gets to it.
      expect(fetched.filter((path) => path === `/media/${hash}-640.webp`)).toHaveLength(1);
      expect(fetched.filter((path) => path !== `/media/${hash}-320.webp`)).toEqual([
        `/media/${hash}-640.webp`,
      ]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('page titles', () => {
  it.each([
    ['en-US', 'Results for “{keyword}”'],
    ['zh-CN', '“{keyword}”的搜索结果'],
  ] as const)(
    'in %s name the goods, the search and the category the page shows',
    async (locale, resultsFor) => {
      const shopName = (await api<{ shopName: string }>('/home/systems', locale)).data.shopName;
      const categories = (await api<Category[]>('/home/categories', locale)).data;
      const category = categories.find((c) => c.parentId === null && c.sort === 0);
      if (!category) throw new Error('the demo catalog has no first top-level category');
      const { goodsId } = DEMO_FACTS.partlySoldOut;
      const goods = (await api<GoodsDetail>(`/home/goods/${goodsId}`, locale)).data;
      const keyword = DEMO_FACTS.search.keyword[locale];

      const { context, page, errors } = await openShopper(browser, baseUrl, locale);
      try {
        await page.goto(`/detail?id=${goodsId}`);
        await expect.poll(() => page.title()).toBe(`${goods.name} · ${shopName}`);

        await page.goto(`/?keyword=${encodeURIComponent(keyword)}`);
        await expect
          .poll(() => page.title())
          .toBe(`${resultsFor.replace('{keyword}', keyword)} · ${shopName}`);

        // Back home the route's title again; a category chosen there names the listing.
        await page.goto('/');
        await page.locator('.category-grid').getByRole('link', { name: category.name }).click();
        await expect.poll(() => page.title()).toBe(`${category.name} · ${shopName}`);
        expect(new URL(page.url()).searchParams.get('categoryId')).toBe(category.id);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

describe("the home page's categories", () => {
  /** A staff API call from the test itself. */
  async function staff<T>(cookie: string, method: string, path: string, body?: object): Promise<T> {
    const reply = await fetch(`${baseUrl}/v1${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = (await reply.json()) as { code: number; data: T; msg: unknown };
    if (envelope.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(envelope.msg)}`);
    return envelope.data;
  }

  it('lists a category only while it has goods on shelf, so none leads to "no products"', async () => {
    const cookie = await staffCookie(baseUrl, 'staff');
    const name = `Kites ${Date.now().toString(36)}`;
    const category = await staff<{ id: string }>(cookie, 'POST', '/admin/categories', {
      name: { 'en-US': name },
      parentId: null,
      icon: '',
      sort: 99,
    });
    const { goodsId } = DEMO_FACTS.partlySoldOut;
    const image = (await api<GoodsDetail>(`/home/goods/${goodsId}`)).data.image;
    const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
    const grid = page.locator('.category-grid');
    const shown = async () => {
      await expect.poll(() => grid.getAttribute('aria-busy')).toBe('false');
      return grid.getByRole('link').allTextContents();
    };
    let goods: { id: string } | undefined;
    try {
      await page.goto('/');
      const before = await shown();
      expect(before.length).toBeGreaterThan(0);
      expect(before).not.toContain(name);

      goods = await staff<{ id: string }>(cookie, 'POST', '/admin/goods', {
        categoryId: category.id,
        translations: { 'en-US': { name: `${name} delta kite`, description: 'Flies in light wind.' } },
        images: [image],
        options: [],
        skus: [{ options: [], price: 1990, originalPrice: null, stock: 4 }],
        onShelf: true,
      });
      await page.reload();
      expect(await shown()).toContain(name);
      await grid.getByRole('link', { name }).click();
      await expect.poll(() => listedIds(page)).toEqual([goods.id]);

      // Its last goods leaves the shelf: the category leaves the home page with it.
      await staff(cookie, 'POST', '/admin/goods/shelf', { ids: [goods.id], onShelf: false });
      await page.goto('/');
      expect(await shown()).not.toContain(name);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      if (goods) await staff(cookie, 'DELETE', `/admin/goods/${goods.id}`);
      await staff(cookie, 'DELETE', `/admin/categories/${category.id}`);
    }
  });
});
