import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminMarket } from '@shop/contract';
import { seriousAdminViolations } from './support/browser.ts';
import { ownShopWithDemoMarkets } from './support/own-shop.ts';
import { staffCookie } from './support/staff.ts';

/**
 * The back office's markets page: the list, adding, editing and deleting a market as an admin, a server field
 * error in the page's language, and a member of staff who may only read. This file has its own shop: the shared
 * one sells in its own market only (e2e/global-setup.ts), and this page is checked against a new shop's four demo
 * markets. What the test adds it deletes again, and the demo markets are checked to be as they were.
 */
const shop = ownShopWithDemoMarkets();
let before: AdminMarket[] = [];

/** The market the test adds, for a country no demo market sells to, and one it must never create. */
const ADDED = 'JP';
const REFUSED = 'XB';

async function marketsNow(): Promise<AdminMarket[]> {
  const cookie = await staffCookie(shop.baseUrl, 'admin');
  const reply = await fetch(`${shop.baseUrl}/v1/admin/markets`, {
    headers: { cookie, 'Accept-Language': 'en-US' },
  });
  return ((await reply.json()) as { data: AdminMarket[] }).data;
}

beforeAll(async () => {
  before = await marketsNow();
});

afterAll(async () => {
  // Whatever a failed step left behind: the test's markets go, the demo ones must be untouched.
  const cookie = await staffCookie(shop.baseUrl, 'admin');
  for (const code of [ADDED, REFUSED]) {
    await fetch(`${shop.baseUrl}/v1/admin/markets/${code}`, { method: 'DELETE', headers: { cookie } });
  }
  expect(await marketsNow()).toEqual(before);
});

/** The table row of the market with this code. */
const row = (page: Page, code: string) =>
  page
    .locator('.ant-table-tbody')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: code, exact: true }) });

/** A row's cells as a member of staff reads them, left to right. */
const cells = async (row: Locator) =>
  (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

/** How far the page reaches past the right edge of the screen, in CSS pixels (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Picks an option of an antd select by typing part of its label, as a keyboard user would. */
async function choose(field: Locator, typed: string) {
  await field.click();
  await field.fill(typed);
  await field.press('Enter');
}

/** The error shown under a labelled field of a form. */
const fieldError = (scope: Locator, label: string) =>
  scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ant-form-item-explain-error');

describe('the markets page', () => {
  it("lists the demo markets for an admin, with the shop's own one not deletable", async () => {
    const { page, errors } = await shop.openBackOffice('admin');
    const menu = page.locator('.ant-pro-sider');
    await menu.getByText('List', { exact: true }).click();
    await menu.getByRole('link', { name: 'Markets' }).click();
    await page.waitForURL(/\/admin\/list\/markets$/);
    await page.locator('.ant-page-header-heading-title').filter({ hasText: 'Markets' }).waitFor();
    await row(page, 'TW').waitFor();

    const [usName, ...us] = await cells(row(page, 'US'));
    expect(usName).toBe("United States Shop's own");
    expect(us).toEqual([
      'US',
      'USD',
      'United States (US)',
      '1 USD = 1 USD',
      'Up to the cent',
      'No',
      'English',
      'Edit',
    ]);
    expect(await cells(row(page, 'BR'))).toEqual([
      'Brazil',
      'BR',
      'BRL',
      'Brazil (BR)',
      '1 USD = 5.4 BRL',
      'Up to ,90 / .90',
      'Yes',
      'Português',
      'Edit Delete',
    ]);
    expect((await cells(row(page, 'CN'))).slice(0, 6)).toEqual([
      'Mainland China',
      'CN',
      'CNY',
      'China (CN)',
      '1 USD = 7.2 CNY',
      'Up to a whole unit',
    ]);
    expect((await cells(row(page, 'TW'))).slice(1, 5)).toEqual([
      'TW',
      'TWD',
      'Taiwan (TW)',
      '1 USD = 32 TWD',
    ]);
    expect(await page.locator('.ant-table-tbody').getByRole('row').count()).toBe(4);

    await page.getByRole('button', { name: 'Edit United States' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete United States' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Delete Brazil' }).waitFor();
    expect(await seriousAdminViolations(page)).toEqual([]);

    // The shop's own market keeps the shop's currency at rate 1: the dialog says so and locks those fields.
    await page.getByRole('button', { name: 'Edit United States' }).click();
    const usDialog = page.getByRole('dialog', { name: 'Edit the market United States' });
    await usDialog.getByText("This is the shop's own market", { exact: false }).waitFor();
    expect(await usDialog.getByLabel('Exchange rate').inputValue()).toBe('1');
    expect(await usDialog.getByLabel('Exchange rate').isDisabled()).toBe(true);
    expect(await usDialog.getByLabel('Currency').isDisabled()).toBe(true);
    expect(await usDialog.getByLabel('Code').isDisabled()).toBe(true);
    await usDialog.getByRole('button', { name: 'Cancel' }).click();
    await usDialog.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
  });

  it('adds a market, edits its rate and deletes it', async () => {
    const { page, errors } = await shop.openBackOffice('admin');
    await page.goto('/admin/list/markets');
    await row(page, 'US').waitFor();

    await page.getByRole('button', { name: 'Add a market' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a market' });
    await dialog.getByLabel('Code').fill('jp');
    await choose(dialog.getByLabel('Currency'), 'JPY');
    await dialog.getByLabel('Name (English)').fill('Japan');
    await dialog.getByLabel('Name (Português)').fill('Japão');
    await dialog.getByLabel('Name (简体中文)').fill('日本');
    await dialog.getByLabel('Name (繁體中文)').fill('日本');
    await choose(dialog.getByLabel('Countries'), 'Japan');
    await dialog.getByLabel('Exchange rate').fill('151.25');
    await dialog.getByText('How many JPY one USD buys', { exact: false }).waitFor();
    expect(await dialog.getByRole('switch', { name: 'Prices include tax' }).isChecked()).toBe(true);
    expect(await seriousAdminViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Add a market' }).click();
    await page.getByText('The market Japan was added.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cells(row(page, ADDED))).toEqual([
      'Japan',
      'JP',
      'JPY',
      'Japan (JP)',
      '1 USD = 151.25 JPY',
      'Up to the cent',
      'Yes',
      'English',
      'Edit Delete',
    ]);
    expect((await marketsNow()).find((m) => m.code === ADDED)).toMatchObject({
      names: { 'en-US': 'Japan', 'pt-BR': 'Japão', 'zh-CN': '日本', 'zh-TW': '日本' },
      currency: 'JPY',
      countries: ['JP'],
      taxInclusive: true,
      exchangeRate: '151.25',
      rounding: 'none',
      base: false,
    });

    await page.getByRole('button', { name: 'Edit Japan' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the market Japan' });
    expect(await edit.getByLabel('Code').isDisabled()).toBe(true);
    const rate = edit.getByLabel('Exchange rate');
    expect(await rate.inputValue()).toBe('151.25');
    // A decimal comma, as staff in Brazil write it.
    await rate.fill('149,5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The market Japan was saved.').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await row(page, ADDED).getByRole('cell', { name: '1 USD = 149.5 JPY', exact: true }).waitFor();
    expect((await marketsNow()).find((m) => m.code === ADDED)?.exchangeRate).toBe('149.5');

    await page.getByRole('button', { name: 'Delete Japan' }).click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: 'Delete the market Japan?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The market Japan was deleted.').waitFor();
    await row(page, ADDED).waitFor({ state: 'detached' });
    expect(await page.locator('.ant-table-tbody').getByRole('row').count()).toBe(4);
    expect(await marketsNow()).toEqual(before);
    expect(errors).toEqual([]);
  });

  it("shows the server's refusal of a country another market has under the field, in Portuguese", async () => {
    const { page, errors } = await shop.openBackOffice('admin', 'pt-BR');
    await page.goto('/admin/list/markets');
    // Rates are against the shop's own dollars, written as in Brazil, though a pt-BR reader shops in reais.
    await row(page, 'BR').getByRole('cell', { name: '1 USD = 5,4 BRL', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Adicionar mercado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar mercado' });
    await dialog.getByLabel('Código').fill(REFUSED);
    await choose(dialog.getByLabel('Moeda'), 'BRL');
    await dialog.getByLabel('Nome (English)').fill('Brazil again');
    await choose(dialog.getByLabel('Países'), 'Brasil');
    await dialog.getByLabel('Taxa de câmbio').fill('5,2');
    await dialog.getByText('Quantos BRL valem um USD', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Adicionar mercado' }).click();

    const refusal = fieldError(dialog, 'Países');
    await refusal.filter({ hasText: 'Um destes países já pertence a outro mercado.' }).waitFor();
    expect(await refusal.allInnerTexts()).toEqual(['Um destes países já pertence a outro mercado.']);
    expect(await seriousAdminViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row(page, REFUSED).count()).toBe(0);
    expect(await marketsNow()).toEqual(before);
    // The refusal itself is the one failed request (and the console's line about it).
    expect(errors.filter((error) => !error.includes(`422`))).toEqual([]);
    expect(errors).toContain(`422 ${shop.baseUrl}/v1/admin/markets`);
  });

  it('fits a phone held upright, the add dialog included', async () => {
    const { page, errors } = await shop.openBackOffice('admin');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/admin/list/markets');
    await row(page, 'TW').waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await seriousAdminViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add a market' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a market' });
    await dialog.getByLabel('Exchange rate').waitFor();
    expect(await overflow(page)).toBe(0);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await seriousAdminViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('lets a member of staff read the markets without adding, editing or deleting', async () => {
    const { page, errors } = await shop.openBackOffice('staff');
    await page.goto('/admin/list/markets');
    await row(page, 'TW').waitFor();
    for (const code of ['US', 'BR', 'CN', 'TW']) expect(await row(page, code).count()).toBe(1);
    expect(await cells(row(page, 'BR'))).toEqual([
      'Brazil',
      'BR',
      'BRL',
      'Brazil (BR)',
      '1 USD = 5.4 BRL',
      'Up to ,90 / .90',
      'Yes',
      'Português',
    ]);
    await page.getByText('Only admins can add, change or delete markets.').waitFor();
    expect(await page.getByRole('button', { name: 'Add a market' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete)\b/ }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await seriousAdminViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
