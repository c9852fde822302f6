import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminGoodsDetail, AdminShippingZone } from '@shop/contract';
import { seriousAdminViolations } from './support/browser.ts';
import { ownShopWithDemoMarkets } from './support/own-shop.ts';
import { staffCookie } from './support/staff.ts';

/**
 * The back office's shipping zones page: the demo zones listed, a zone added with a flat and a weight-banded method,
 * its fee edited and the zone deleted again, a server field error under the places, read-only for staff, a phone's
 * width; and a SKU's weight typed in the goods editor. This file has its own shop with the demo markets and their
 * five shipping zones (US, São Paulo state, Brazil, mainland China, Taiwan). What the test adds it deletes again,
 * and the demo zones are checked to be as they were.
 */
const shop = ownShopWithDemoMarkets();
let before: AdminShippingZone[] = [];

/** The English names of the zones the test adds (the second must never be created). */
const ADDED = 'Portugal';
const REFUSED = 'Brazil again';

async function adminGet<T>(path: string): Promise<T> {
  const cookie = await staffCookie(shop.baseUrl, 'admin');
  const reply = await fetch(`${shop.baseUrl}/v1${path}`, { headers: { cookie, 'Accept-Language': 'en-US' } });
  return ((await reply.json()) as { data: T }).data;
}

const zonesNow = () => adminGet<AdminShippingZone[]>('/admin/shipping-zones');
const zoneNamed = async (name: string) => (await zonesNow()).find((zone) => zone.names['en-US'] === name);

beforeAll(async () => {
  before = await zonesNow();
});

afterAll(async () => {
  // Whatever a failed step left behind: the test's zones go, the demo ones must be untouched.
  const cookie = await staffCookie(shop.baseUrl, 'admin');
  for (const zone of await zonesNow()) {
    if (zone.names['en-US'] === ADDED || zone.names['en-US'] === REFUSED) {
      await fetch(`${shop.baseUrl}/v1/admin/shipping-zones/${zone.id}`, {
        method: 'DELETE',
        headers: { cookie },
      });
    }
  }
  expect(await zonesNow()).toEqual(before);
});

/** The table row of the zone with this name. */
const row = (page: Page, name: string) =>
  page
    .locator('.ant-table-tbody')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });

/** A row's cells as a member of staff reads them, left to right. */
const cells = async (row: Locator) =>
  (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

/** How far the page reaches past the right edge of the screen, in CSS pixels (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Picks an option of an antd select with the keyboard, as a keyboard user would: with `typed`, by typing part of
 * its label (a searchable select) and Enter; without, by moving down the open list to `option` and Enter.
 */
async function choose(field: Locator, option: string, { typed = option }: { typed?: string | null } = {}) {
  await field.focus();
  if (typed !== null) {
    await field.page().keyboard.type(typed);
    await field.press('Enter');
    return;
  }
  await field.press('ArrowDown');
  const list = field.page().locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const active = list.locator('.ant-select-item-option-active');
  await active.waitFor();
  for (let step = 0; step < 10 && (await active.getAttribute('title')) !== option; step++) {
    await field.press('ArrowDown');
  }
  expect(await active.getAttribute('title')).toBe(option);
  await field.press('Enter');
  await list.waitFor({ state: 'hidden' });
}

const US_METHODS =
  "Standard · $5.99 · 3–5 days Free over the market's threshold " +
  'Express · $12.99 up to 1,000 g, $19.99 up to 5,000 g, $34.99 over 5,000 g · 1–2 days';

describe('the shipping zones page', () => {
  it('lists the demo zones for an admin, with their places and methods', async () => {
    const { page, errors } = await shop.openBackOffice('admin');
    const menu = page.locator('.ant-pro-sider');
    await menu.getByText('List', { exact: true }).click();
    await menu.getByRole('link', { name: 'Shipping zones' }).click();
    await page.waitForURL(/\/admin\/list\/shipping$/);
    await page.locator('.ant-page-header-heading-title').filter({ hasText: 'Shipping zones' }).waitFor();
    await row(page, 'Taiwan').waitFor();

    expect(await page.locator('.ant-table-tbody').getByRole('row').count()).toBe(5);
    expect(await cells(row(page, 'United States'))).toEqual([
      'United States',
      'United States',
      US_METHODS,
      'Edit Delete',
    ]);
    const [saoPaulo, saoPauloPlaces, saoPauloMethods] = await cells(row(page, 'São Paulo state'));
    expect([saoPaulo, saoPauloPlaces]).toEqual(['São Paulo state', 'São Paulo, Brazil']);
    expect(saoPauloMethods).toContain('Standard · $4.99 · 2–4 days');
    expect(saoPauloMethods).toContain(
      'Express · $9.99 up to 1,000 g, $16.99 up to 5,000 g, $29.99 over 5,000 g · 1 day',
    );
    expect((await cells(row(page, 'Brazil'))).slice(0, 2)).toEqual(['Brazil', 'Brazil']);
    expect((await cells(row(page, 'Mainland China'))).slice(0, 2)).toEqual(['Mainland China', 'China']);
    // Zones are listed by name in the reader's language.
    expect(await page.locator('.ant-table-tbody tr td:first-child').allInnerTexts()).toEqual([
      'Brazil',
      'Mainland China',
      'São Paulo state',
      'Taiwan',
      'United States',
    ]);
    expect(await seriousAdminViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('adds a zone for Portugal with a flat and a weight-banded method, edits a fee and deletes the zone', async () => {
    const { page, errors } = await shop.openBackOffice('admin');
    await page.goto('/admin/list/shipping');
    await row(page, 'Taiwan').waitFor();

    await page.getByRole('button', { name: 'Add a zone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a shipping zone' });
    await dialog.getByLabel('Zone name (English)').fill('Portugal');
    await dialog.getByLabel('Zone name (Português)').fill('Portugal');
    await dialog.getByLabel('Zone name (简体中文)').fill('葡萄牙');
    await dialog.getByLabel('Zone name (繁體中文)').fill('葡萄牙');
    await choose(dialog.getByLabel('Place 1: country'), 'Portugal');
    expect(await dialog.getByLabel('Place 1: state or province').isDisabled()).toBe(false);

    const post = dialog.getByRole('group', { name: 'Method 1' });
    await post.getByLabel('Name (English)').fill('Post');
    await post.getByLabel('Name (Português)').fill('Correio');
    await post.getByLabel('Fee (USD)').fill('4.5');
    await post.getByLabel('Earliest delivery (days)').fill('3');
    await post.getByLabel('Latest delivery (days)').fill('6');
    expect(
      await post.getByRole('switch', { name: "Free from the market's free-shipping threshold" }).isChecked(),
    ).toBe(true);

    await dialog.getByRole('button', { name: 'Add a method' }).click();
    const courier = dialog.getByRole('group', { name: 'Method 2' });
    await courier.getByLabel('Name (English)').fill('Courier');
    await choose(courier.getByLabel('Pricing'), 'By weight', { typed: null });
    const bands = courier.getByRole('group', { name: 'Fees by parcel weight' });
    // A banded method starts with one open band; a new band goes before it.
    await bands.getByLabel('Band 1: fee (USD)').fill('19.9');
    await bands.getByRole('button', { name: 'Add a band' }).click();
    await bands.getByLabel('Band 1: up to (g)').fill('2000');
    await bands.getByLabel('Band 1: fee (USD)').fill('9.9');
    expect(await bands.getByLabel('Band 2: up to (g)').inputValue()).toBe('');
    expect(await bands.getByLabel('Band 2: fee (USD)').inputValue()).toBe('19.90');
    await courier.getByRole('switch', { name: "Free from the market's free-shipping threshold" }).click();
    await courier.getByLabel('Earliest delivery (days)').fill('2');
    // Fewer days at the latest than at the earliest: refused before sending.
    await courier.getByLabel('Latest delivery (days)').fill('1');
    await dialog.getByRole('button', { name: 'Add the zone' }).click();
    await courier
      .locator('.ant-form-item-explain-error', {
        hasText: 'The latest day must not come before the earliest.',
      })
      .waitFor();
    await courier.getByLabel('Latest delivery (days)').fill('3');
    expect(await seriousAdminViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Add the zone' }).click();
    await page.getByText('The zone Portugal was added.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cells(row(page, ADDED))).toEqual([
      'Portugal',
      'Portugal',
      "Post · $4.50 · 3–6 days Free over the market's threshold " +
        'Courier · $9.90 up to 2,000 g, $19.90 over 2,000 g · 2–3 days',
      'Edit Delete',
    ]);
    const added = await zoneNamed(ADDED);
    expect(added).toMatchObject({
      names: { 'en-US': 'Portugal', 'pt-BR': 'Portugal', 'zh-CN': '葡萄牙', 'zh-TW': '葡萄牙' },
      places: [{ country: 'PT', region: '' }],
      methods: [
        {
          names: { 'en-US': 'Post', 'pt-BR': 'Correio' },
          pricing: 'flat',
          fee: 450,
          bands: [],
          freeOverThreshold: true,
          minDays: 3,
          maxDays: 6,
        },
        {
          names: { 'en-US': 'Courier' },
          pricing: 'weight',
          fee: 0,
          bands: [
            { upTo: 2000, fee: 990 },
            { upTo: null, fee: 1990 },
          ],
          freeOverThreshold: false,
          minDays: 2,
          maxDays: 3,
        },
      ],
    });

    await page.getByRole('button', { name: 'Edit Portugal' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the zone Portugal' });
    const fee = edit.getByRole('group', { name: 'Method 1' }).getByLabel('Fee (USD)');
    expect(await fee.inputValue()).toBe('4.50');
    await fee.fill('5.25');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The zone Portugal was saved.').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await row(page, ADDED).getByText('Post · $5.25 · 3–6 days').waitFor();
    const edited = await zoneNamed(ADDED);
    expect(edited?.methods.map((method) => method.fee)).toEqual([525, 0]);
    // The methods keep their ids: a shopper in checkout may have chosen one.
    expect(edited?.methods.map((method) => method.id)).toEqual(added?.methods.map((method) => method.id));

    await page.getByRole('button', { name: 'Delete Portugal' }).click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Delete the zone Portugal?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The zone Portugal was deleted.').waitFor();
    await row(page, ADDED).waitFor({ state: 'detached' });
    expect(await page.locator('.ant-table-tbody').getByRole('row').count()).toBe(5);
    expect(await zonesNow()).toEqual(before);
    expect(errors).toEqual([]);
  });

  it("shows the server's refusal of a place another zone has under the places, in Portuguese", async () => {
    const { page, errors } = await shop.openBackOffice('admin', 'pt-BR');
    await page.goto('/admin/list/shipping');
    await row(page, 'Estado de São Paulo').waitFor();
    await page.getByRole('button', { name: 'Adicionar zona' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar zona de envio' });
    await dialog.getByLabel('Nome da zona (English)').fill(REFUSED);
    await choose(dialog.getByLabel('Lugar 1: país'), 'Brasil');
    const method = dialog.getByRole('group', { name: 'Forma de envio 1' });
    await method.getByLabel('Nome (English)').fill('Standard');
    await method.getByLabel('Frete (USD)').fill('3');
    await method.getByLabel('Entrega mais cedo (dias)').fill('1');
    await method.getByLabel('Entrega mais tarde (dias)').fill('2');
    await dialog.getByRole('button', { name: 'Adicionar a zona' }).click();

    const places = dialog.getByRole('group', { name: 'Lugares' });
    const refusal = places.locator('.ant-form-item-explain-error');
    await refusal.filter({ hasText: 'Um destes lugares já pertence a outra zona de envio.' }).waitFor();
    expect(await refusal.allInnerTexts()).toEqual(['Um destes lugares já pertence a outra zona de envio.']);
    expect(await seriousAdminViolations(page)).toEqual([]);
    // Choosing another place clears the refusal of the places as a whole.
    await choose(dialog.getByLabel('Lugar 1: estado ou província'), 'Bahia');
    await refusal.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row(page, REFUSED).count()).toBe(0);
    expect(await zonesNow()).toEqual(before);
    // The refusal itself is the one failed request (and the console's line about it).
    expect(errors.filter((error) => !error.includes('422'))).toEqual([]);
    expect(errors).toContain(`422 ${shop.baseUrl}/v1/admin/shipping-zones`);
  });

  it('fits a phone held upright, the add dialog included', async () => {
    const { page, errors } = await shop.openBackOffice('admin');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/admin/list/shipping');
    await row(page, 'Taiwan').waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await seriousAdminViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add a zone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a shipping zone' });
    const method = dialog.getByRole('group', { name: 'Method 1' });
    await choose(method.getByLabel('Pricing'), 'By order value', { typed: null });
    await method.getByRole('button', { name: 'Add a band' }).click();
    await method.getByLabel('Band 2: up to (USD)').waitFor();
    expect(await overflow(page)).toBe(0);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    for (const field of await method.locator('input').all()) {
      const input = await field.boundingBox();
      if (input) expect(input.x + input.width).toBeLessThanOrEqual(360);
    }
    expect(await seriousAdminViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('lets a member of staff read the zones without adding, editing or deleting', async () => {
    const { page, errors } = await shop.openBackOffice('staff');
    await page.goto('/admin/list/shipping');
    await row(page, 'Taiwan').waitFor();
    expect(await cells(row(page, 'United States'))).toEqual(['United States', 'United States', US_METHODS]);
    await page.getByText('Only admins can add, change or delete shipping zones.').waitFor();
    expect(await page.getByRole('button', { name: 'Add a zone' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete)\b/ }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await seriousAdminViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('a SKU’s weight in the goods editor', () => {
  it('is loaded, typed per SKU and saved as weightGrams', async () => {
    const [goods] = await adminGet<{ id: string }[]>('/admin/goods?page=1&pageSize=1&sort=oldest');
    const loaded = await adminGet<AdminGoodsDetail>(`/admin/goods/${goods!.id}`);
    const { page, errors } = await shop.openBackOffice('admin');
    await page.goto(`/admin/form/goods/${goods!.id}`);
    const weights = page.getByRole('spinbutton', { name: /^Weight of .+ \(g\)$/ });
    await weights.first().waitFor();
    expect(await weights.count()).toBe(loaded.skus.length);
    // What the detail says, in the column.
    const shown = await Promise.all((await weights.all()).map((input) => input.inputValue()));
    expect(shown.sort()).toEqual(loaded.skus.map((sku) => String(sku.weightGrams)).sort());

    const typed = loaded.skus.map((_, index) => 1_200 + index);
    for (const [index, input] of (await weights.all()).entries()) await input.fill(String(typed[index]));
    expect(await seriousAdminViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/result\/success$/);
    const saved = await adminGet<AdminGoodsDetail>(`/admin/goods/${goods!.id}`);
    expect(saved.skus.map((sku) => sku.id)).toEqual(loaded.skus.map((sku) => sku.id));
    expect(saved.skus.map((sku) => sku.weightGrams).sort()).toEqual(typed);
    expect(saved.skus.map((sku) => sku.stock)).toEqual(loaded.skus.map((sku) => sku.stock));

    // Opened again, the editor shows the saved weights.
    await page.goto(`/admin/form/goods/${goods!.id}`);
    await weights.first().waitFor();
    const again = await Promise.all((await weights.all()).map((input) => input.inputValue()));
    expect(again).toEqual(typed.map(String));
    expect(errors).toEqual([]);
  });
});
