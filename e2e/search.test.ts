import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { GoodsPageMeta, ListedGoods, Locale, SearchSynonyms } from '@shop/contract';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import { listedIds } from './support/listing.ts';
import { loginAsStaff, staffCookie } from './support/staff.ts';

/**
 * Search and discovery as a shopper meets it: typos forgiven in English and Chinese with the matched words marked,
 * facets that narrow the listing with their counts, "did you mean", the filters on a phone, and synonyms that
 * staff add in the back office taking effect in the storefront's search at once.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

interface GoodsPage {
  code: number;
  data: ListedGoods[];
  meta: GoodsPageMeta;
}

async function listGoods(query: string, locale: Locale): Promise<GoodsPage> {
  const response = await fetch(`${baseUrl}/v1/home/goods?${query}`, {
    headers: { 'Accept-Language': locale },
  });
  return (await response.json()) as GoodsPage;
}

/** The texts in `<mark>` inside `scope`'s elements. */
const markedTexts = (page: Page, selector: string) => page.locator(`${selector} mark`).allTextContents();

const LANGUAGE = {
  'en-US': {
    label: 'Search products',
    /** "keyboard" with two letters swapped. */
    misspelt: 'keybaord',
    marked: /^keyboard$/i,
    count: (n: number) => (n === 1 ? '1 product' : `${n} products`),
    filters: /^Filters/,
    facetCount: (name: string, n: number) => `${name} (${n})`,
  },
  'zh-CN': {
    label: '搜索商品',
    /** 键盘 (keyboard) with its first character replaced by a homophone (jiàn). */
    misspelt: '建盘',
    marked: /^(键盘|鍵盤)$/,
    count: (n: number) => `共 ${n} 件商品`,
    filters: /^筛选/,
    facetCount: (name: string, n: number) => `${name}（${n}）`,
  },
} as const;

describe('a shopper searching', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'in %s types a misspelt word, sees the matched words marked, and narrows the results by a facet',
    async (locale) => {
      const words = LANGUAGE[locale];
      const { context, page, errors } = await openShopper(browser, baseUrl, locale);
      try {
        await page.goto('/');
        const box = page.getByRole('combobox', { name: words.label });
        await box.fill(words.misspelt);

        // The suggestions mark the matched word; each option is still named by the plain goods name.
        const options = page.getByRole('listbox').getByRole('option');
        await options.first().waitFor();
        const marks = await markedTexts(page, '[role=listbox] [role=option]');
        expect(marks.length).toBeGreaterThan(0);
        for (const mark of marks) expect(mark).toMatch(words.marked);
        const firstName = (await options.first().textContent()) ?? '';
        expect(await page.getByRole('option', { name: firstName, exact: true }).count()).toBe(1);

        // Enter searches; results by relevance, the matched words marked in every card.
        await box.press('Enter');
        await page.waitForURL((url) => url.searchParams.get('keyword') === words.misspelt);
        expect(new URL(page.url()).searchParams.get('sort')).toBe('relevance');
        const api = await listGoods(`keyword=${encodeURIComponent(words.misspelt)}&pageSize=100`, locale);
        const listed = await listedIds(page);
        expect(listed).toEqual(api.data.slice(0, 24).map((goods) => goods.id));
        expect(api.meta.total).toBeGreaterThanOrEqual(2);
        await expect
          .poll(() => page.locator('.listing-count').textContent())
          .toBe(words.count(api.meta.total));
        // Every stretch the API says matched is marked (goods found by their description have none).
        const cardMarks = await markedTexts(page, 'section.listing-results a.goods-card');
        const highlights = api.data.slice(0, 24).flatMap((goods) => goods.highlights ?? []);
        expect(highlights.length).toBeGreaterThan(0);
        expect(cardMarks).toHaveLength(highlights.length);
        for (const mark of cardMarks) expect(mark).toMatch(words.marked);
        // A card's link is named by the plain goods name, the marks adding nothing to it.
        const first = api.data[0]!;
        await page.getByRole('link', { name: first.name }).first().waitFor();

        // A facet value that holds some of the goods but not all: choosing it shrinks the count to its own.
        const facet = api.meta.facets.options
          .flatMap((option) => option.values.map((value) => ({ option, value })))
          .find(({ value }) => value.count > 0 && value.count < api.meta.total);
        if (!facet)
          throw new Error(`no option value narrows "${words.misspelt}": ${JSON.stringify(api.meta.facets)}`);
        const { option, value } = facet;
        const group = page.getByRole('group', { name: option.name, exact: true });
        const checkbox = group.getByRole('checkbox', { name: words.facetCount(value.name, value.count) });
        // A click, not `check()`: the box is drawn from the URL, so it turns ticked once the URL changed, and
        // `check()` read it right after the click (CI, zh-CN: "did not change its state"). It is asserted below.
        await checkbox.click();
        await page.waitForURL((url) => url.searchParams.get('options') === `${option.key}:${value.key}`);
        await expect.poll(() => listedIds(page)).toHaveLength(value.count);
        await expect.poll(() => page.locator('.listing-count').textContent()).toBe(words.count(value.count));
        // The focus stayed on the checkbox, now ticked; the toggle counts one filter in use.
        await expect.poll(() => checkbox.isChecked()).toBe(true);
        expect(await checkbox.evaluate((element) => element === document.activeElement)).toBe(true);
        await expect.poll(() => page.getByRole('button', { name: words.filters }).textContent()).toMatch(/1/);

        expect(await seriousAccessibilityViolations(page)).toEqual([]);

        // Dropping the chosen filter brings every result back.
        await page.locator('.chosen-filter').click();
        await page.waitForURL((url) => !url.searchParams.has('options'));
        await expect
          .poll(() => page.locator('.listing-count').textContent())
          .toBe(words.count(api.meta.total));
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('follows a "did you mean" to a keyword that finds goods', async () => {
    const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
    try {
      // Three letters get no typo tolerance: "mgu" finds nothing, and the shop suggests "mug".
      await page.goto('/?keyword=mgu');
      await page.getByText('No products match “mgu”.').waitFor();
      const suggestion = page.locator('.did-you-mean').getByRole('link');
      await suggestion.waitFor();
      expect(await page.locator('.did-you-mean').textContent()).toBe('Did you mean mug?');
      await suggestion.click();
      await page.waitForURL((url) => url.searchParams.get('keyword') === 'mug');
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Search products' }).inputValue())
        .toBe('mug');
      const mugs = await listGoods('keyword=mug&pageSize=100', 'en-US');
      expect(mugs.meta.total).toBeGreaterThan(0);
      expect(await listedIds(page)).toEqual(mugs.data.slice(0, 24).map((goods) => goods.id));
      await expect.poll(() => markedTexts(page, 'section.listing-results a.goods-card')).toContain('Mug');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('on a 360 px phone opens the filters from a toggle, without sideways scrolling', async () => {
    const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto('/?keyword=keyboard&inStock=true');
      await listedIds(page);
      const toggle = page.getByRole('button', { name: 'Filters (1)' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('checkbox', { name: /^In stock only/ }).isVisible()).toBe(false);
      await toggle.focus();
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const inStock = page.getByRole('checkbox', { name: /^In stock only \(\d+\)$/ });
      expect(await inStock.isChecked()).toBe(true);
      await page.locator('fieldset.facet').first().waitFor();

      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Keyboard: Space unticks "in stock only"; the toggle's count and the address follow.
      await inStock.focus();
      await page.keyboard.press('Space');
      await page.waitForURL((url) => !url.searchParams.has('inStock'));
      await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();
      expect(await overflow()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('synonyms kept by staff', () => {
  let kept: SearchSynonyms | undefined;

  beforeAll(async () => {
    const cookie = await staffCookie(baseUrl, 'admin');
    const reply = await fetch(`${baseUrl}/v1/admin/search/synonyms`, { headers: { cookie } });
    kept = ((await reply.json()) as { data: SearchSynonyms }).data;
  });

  /** The synonyms as they were before this test (a retry starts from them too). */
  async function restoreSynonyms() {
    if (!kept) return;
    const cookie = await staffCookie(baseUrl, 'admin');
    const reply = await fetch(`${baseUrl}/v1/admin/search/synonyms`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ groups: kept.groups }),
    });
    expect(((await reply.json()) as { code: number }).code).toBe(200);
  }

  // The shop is shared with the other browser tests: its synonyms go back to what they were.
  afterAll(restoreSynonyms);

  it('are added in the back office and find goods named with the other word in the storefront', async () => {
    await restoreSynonyms();
    // No goods says "tankard": before the synonym, the search finds nothing.
    expect((await listGoods('keyword=tankard', 'en-US')).meta.total).toBe(0);
    const mugs = (await listGoods('keyword=mug&pageSize=100', 'en-US')).data.map((goods) => goods.id);
    expect(mugs.length).toBeGreaterThan(0);

    const admin = await openShopper(browser, baseUrl, 'en-US');
    try {
      const { page } = admin;
      await loginAsStaff(page, 'admin');
      admin.errors.length = 0;
      await page.goto('/admin/form/settings');
      await page.getByRole('tab', { name: 'Search', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'search');
      await page.getByRole('tab', { name: /^English/ }).waitFor();
      expect(await page.getByRole('tab', { name: /^English/ }).getAttribute('aria-selected')).toBe('true');

      const english = page.getByRole('tabpanel', { name: /^English/ });
      const groups = (kept?.groups['en-US'] ?? []).length;
      const label = `Group ${groups + 1}`;
      await english.getByRole('button', { name: 'Add a group' }).click();
      const words = english.getByLabel(label, { exact: true });
      // A word with a mark in it is refused by the server, under the group that holds it.
      const item = english.locator('.ant-form-item', { has: page.getByText(label, { exact: true }) });
      const tags = item.locator('.ant-select-selection-item');
      const save = async (status: number) => {
        const reply = page.waitForResponse(
          (r) => r.url().endsWith('/v1/admin/search/synonyms') && r.request().method() === 'PUT',
        );
        await page.getByRole('button', { name: /^Save/ }).click();
        expect((await reply).status()).toBe(status);
      };
      for (const word of ['tankard', 'mug!']) {
        await words.fill(word);
        await words.press('Enter');
      }
      await expect.poll(() => tags.allTextContents()).toEqual(['tankard', 'mug!']);
      await save(422);
      await item.getByText('“mug!”: Use one word: letters and digits, no spaces.').waitFor();

      // The refused word's remove button takes it off; "mug" in its place is saved. (Not Backspace: antd ignores
      // it for 250 ms after a key that had text in the field, and a quick test runs inside that window.)
      await item
        .locator('.ant-select-selection-item', { hasText: 'mug!' })
        .locator('.ant-select-selection-item-remove')
        .click();
      await expect.poll(() => tags.allTextContents()).toEqual(['tankard']);
      await words.fill('mug');
      await words.press('Enter');
      await expect.poll(() => tags.allTextContents()).toEqual(['tankard', 'mug']);
      await save(200);
      await page.getByText('The synonyms were saved; searches use them now.').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // The refused save is the one failed request expected.
      const refused = (error: string) =>
        /\b4\d\d\b/.test(error) && error.includes('/v1/admin/search/synonyms');
      expect(admin.errors.filter((error) => !refused(error))).toEqual([]);
    } finally {
      await admin.context.close();
    }

    const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.goto('/');
      const box = page.getByRole('combobox', { name: 'Search products' });
      await box.fill('tankard');
      await box.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('keyword') === 'tankard');
      const listed = await listedIds(page);
      expect(listed.length).toBeGreaterThan(0);
      for (const id of mugs) expect(listed).toContain(id);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
