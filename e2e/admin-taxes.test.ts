import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AdminTaxRate } from '@shop/contract';
import { seriousAdminViolations } from './support/browser.ts';
import { activatedShopper, data, placeAndPay, signInWithAddress, wellStockedSku } from './support/orders.ts';
import { ownShopWithDemoMarkets } from './support/own-shop.ts';
import { staffCookie } from './support/staff.ts';

/**
 * The back office's tax pages: the tax rates (list, adding, editing and deleting a rate as an admin, a server field
 * error in the page's language, a member of staff who may only read) and the tax report showing a paid order's tax.
 * This file has its own shop with the demo's markets and tax rates (the shared one sells without taxes, see
 * e2e/support/markets.ts). What the test adds it deletes again, and the demo rates are checked to be as they were.
 */
const shop = ownShopWithDemoMarkets();
let before: AdminTaxRate[] = [];

/** The country the test adds a rate for: no demo rate or market has it. */
const ADDED = 'JP';

async function ratesNow(): Promise<AdminTaxRate[]> {
  const cookie = await staffCookie(shop.baseUrl, 'admin');
  const reply = await fetch(`${shop.baseUrl}/v1/admin/tax-rates`, {
    headers: { cookie, 'Accept-Language': 'en-US' },
  });
  return ((await reply.json()) as { data: AdminTaxRate[] }).data;
}

beforeAll(async () => {
  before = await ratesNow();
});

afterAll(async () => {
  // Whatever a failed step left behind: the test's rates go, the demo ones must be untouched.
  const cookie = await staffCookie(shop.baseUrl, 'admin');
  for (const rate of (await ratesNow()).filter((r) => r.country === ADDED)) {
    await fetch(`${shop.baseUrl}/v1/admin/tax-rates/${rate.id}`, { method: 'DELETE', headers: { cookie } });
  }
  expect(await ratesNow()).toEqual(before);
});

/** The table row whose cells include all of `texts`, each a whole cell. */
const row = (page: Page, ...texts: string[]) =>
  texts.reduce(
    (rows, text) => rows.filter({ has: page.getByRole('cell', { name: text, exact: true }) }),
    page.locator('.ant-table-tbody').getByRole('row'),
  );

/** A row's cells as a member of staff reads them, left to right. */
const cells = async (row: Locator) =>
  (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

/** How far the page reaches past the right edge of the screen, in CSS pixels (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Picks an option of an antd select by typing part of its label, as a keyboard user would. */
async function choose(field: Locator, typed: string) {
  // Focused rather than clicked: a chosen option's text lies over the search box.
  await field.focus();
  await field.fill(typed);
  await field.press('Enter');
}

/** The error shown under a labelled field of a form. */
const fieldError = (scope: Locator, label: string) =>
  scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ant-form-item-explain-error');

describe('the tax rates page', () => {
  it('lists the demo rates for an admin: place, class, name and rate', async () => {
    const { page, errors } = await shop.openBackOffice('admin');
    const menu = page.locator('.ant-pro-sider');
    await menu.getByText('List', { exact: true }).click();
    await menu.getByRole('link', { name: 'Tax rates' }).click();
    await page.waitForURL(/\/admin\/list\/tax-rates$/);
    await page.locator('.ant-page-header-heading-title').filter({ hasText: 'Tax rates' }).waitFor();
    await row(page, 'New York (US-NY)').waitFor();

    expect(await page.locator('.ant-table-tbody').getByRole('row').count()).toBe(before.length);
    expect(await cells(row(page, 'São Paulo (BR-SP)'))).toEqual([
      'Brazil (BR)',
      'São Paulo (BR-SP)',
      'Standard',
      'ICMS',
      '18%',
      'Edit Delete',
    ]);
    expect(await cells(row(page, 'Brazil (BR)', 'Whole country', 'Reduced'))).toEqual([
      'Brazil (BR)',
      'Whole country',
      'Reduced',
      'ICMS',
      '7%',
      'Edit Delete',
    ]);
    expect((await cells(row(page, 'New York (US-NY)'))).slice(2, 5)).toEqual([
      'Standard',
      'Sales tax',
      '8.875%',
    ]);
    expect((await cells(row(page, 'Taiwan (TW)'))).slice(3, 5)).toEqual(['Business tax', '5%']);
    await page.getByRole('button', { name: 'Edit ICMS (São Paulo, Standard)' }).waitFor();
    await page.getByRole('button', { name: 'Delete Sales tax (New York, Standard)' }).waitFor();
    expect(await seriousAdminViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('adds a rate, edits it and deletes it', async () => {
    const { page, errors } = await shop.openBackOffice('admin');
    await page.goto('/admin/list/tax-rates');
    await row(page, 'São Paulo (BR-SP)').waitFor();

    // The dialog opens from the keyboard.
    await page.getByRole('button', { name: 'Add a tax rate' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a tax rate' });
    await choose(dialog.getByLabel('Country'), 'Japan');
    await choose(dialog.getByLabel('State or province'), 'Tokyo');
    await choose(dialog.getByLabel('Tax class'), 'Reduced');
    await dialog.getByLabel('Rate').fill('8');
    await dialog.getByLabel('Name (English)').fill('Consumption tax');
    await dialog.getByLabel('Name (Português)').fill('Imposto sobre consumo');
    await dialog.getByLabel('Name (简体中文)').fill('消费税');
    await dialog.getByLabel('Name (繁體中文)').fill('消費稅');
    expect(await seriousAdminViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add a tax rate' }).click();
    await page.getByText('The tax rate Consumption tax was added.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const tokyo = row(page, 'Japan (JP)');
    expect(await cells(tokyo)).toEqual([
      'Japan (JP)',
      'Tokyo (JP-13)',
      'Reduced',
      'Consumption tax',
      '8%',
      'Edit Delete',
    ]);
    expect((await ratesNow()).find((r) => r.country === ADDED)).toMatchObject({
      region: 'JP-13',
      taxClass: 'reduced',
      names: {
        'en-US': 'Consumption tax',
        'pt-BR': 'Imposto sobre consumo',
        'zh-CN': '消费税',
        'zh-TW': '消費稅',
      },
      rate: '8',
    });

    // The whole country instead of Tokyo, at a rate written with a decimal comma.
    await page.getByRole('button', { name: 'Edit Consumption tax (Tokyo, Reduced)' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the tax rate Consumption tax (Tokyo, Reduced)' });
    const rate = edit.getByLabel('Rate');
    expect(await rate.inputValue()).toBe('8');
    await choose(edit.getByLabel('State or province'), 'Whole country');
    await rate.fill('8,5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The tax rate Consumption tax was saved.').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await tokyo.getByRole('cell', { name: '8.5%', exact: true }).waitFor();
    expect(await cells(tokyo)).toEqual([
      'Japan (JP)',
      'Whole country',
      'Reduced',
      'Consumption tax',
      '8.5%',
      'Edit Delete',
    ]);
    expect((await ratesNow()).find((r) => r.country === ADDED)).toMatchObject({ region: '', rate: '8.5' });

    await page.getByRole('button', { name: 'Delete Consumption tax (Japan, Reduced)' }).click();
    const confirm = page
      .locator('.ant-popconfirm')
      .filter({ hasText: 'Delete the tax rate Consumption tax (Japan, Reduced)?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The tax rate Consumption tax was deleted.').waitFor();
    await tokyo.waitFor({ state: 'detached' });
    expect(await ratesNow()).toEqual(before);
    expect(errors).toEqual([]);
  });

  it("shows the server's refusal of a second rate for a place and class under the field, in Portuguese", async () => {
    const { page, errors } = await shop.openBackOffice('admin', 'pt-BR');
    await page.goto('/admin/list/tax-rates');
    await row(page, 'São Paulo (BR-SP)').waitFor();
    await page.getByRole('button', { name: 'Adicionar alíquota' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar alíquota' });
    await choose(dialog.getByLabel('País'), 'Brasil');
    await choose(dialog.getByLabel('Estado ou província'), 'São Paulo');
    await dialog.getByLabel('Alíquota', { exact: true }).fill('19,5');
    await dialog.getByLabel('Nome (English)').fill('ICMS again');
    await dialog.getByRole('button', { name: 'Adicionar alíquota' }).click();

    const refusal = fieldError(dialog, 'Classe fiscal');
    await refusal
      .filter({ hasText: 'Este país ou região já tem uma alíquota para esta classe de imposto.' })
      .waitFor();
    expect(await refusal.allInnerTexts()).toEqual([
      'Este país ou região já tem uma alíquota para esta classe de imposto.',
    ]);
    expect(await seriousAdminViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await ratesNow()).toEqual(before);
    // The refusal itself is the one failed request (and the console's line about it).
    expect(errors.filter((error) => !error.includes('422'))).toEqual([]);
    expect(errors).toContain(`422 ${shop.baseUrl}/v1/admin/tax-rates`);
  });

  it('lets a member of staff read the rates without adding, editing or deleting', async () => {
    const { page, errors } = await shop.openBackOffice('staff');
    await page.goto('/admin/list/tax-rates');
    await row(page, 'São Paulo (BR-SP)').waitFor();
    expect(await cells(row(page, 'São Paulo (BR-SP)'))).toEqual([
      'Brazil (BR)',
      'São Paulo (BR-SP)',
      'Standard',
      'ICMS',
      '18%',
    ]);
    await page.getByText('Only admins can add, change or delete tax rates.').waitFor();
    expect(await page.getByRole('button', { name: 'Add a tax rate' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete)\b/ }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await seriousAdminViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the tax report', () => {
  it("shows this month's ICMS of an order paid in reais, in reais and in the shop's dollars", async () => {
    const shopper = await shop.open('en-US');
    const request = shopper.context.request;
    const buyer = await activatedShopper(shop.baseUrl, 'tax-report');
    const addressId = await signInWithAddress(request, buyer);
    const placed = await placeAndPay(request, { addressId, skuId: await wellStockedSku(request) });
    const order = await data<{ currency: string; taxes: { name: string; rate: number; amount: number }[] }>(
      request.get(`/v1/home/orders/${placed.id}`),
    );
    expect(order.currency).toBe('BRL');
    expect(order.taxes).toEqual([{ name: 'ICMS', rate: 18, amount: expect.any(Number) }]);
    const tax = order.taxes[0]!.amount;
    // The demo's rate for reais is 5.4 to the dollar, kept by the order.
    const inDollars = Math.round(tax / 5.4);
    const format = (minor: number, currency: string) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);

    const { page, errors } = await shop.openBackOffice('staff');
    // The dashboard's menu group is open: the login lands on its analysis page.
    await page.locator('.ant-pro-sider').getByRole('link', { name: 'Tax report' }).click();
    await page.waitForURL(/\/admin\/dashboard\/tax-report$/);
    await page.locator('.ant-page-header-heading-title').filter({ hasText: 'Tax report' }).waitFor();
    expect(await page.getByRole('radio', { name: 'This month' }).isChecked()).toBe(true);
    const saoPaulo = row(page, 'São Paulo (BR-SP)');
    await saoPaulo.waitFor();
    expect(await cells(saoPaulo)).toEqual([
      'Brazil (BR)',
      'São Paulo (BR-SP)',
      'ICMS',
      '18%',
      '1',
      format(tax, 'BRL'),
      format(inDollars, 'USD'),
    ]);
    expect(await page.locator('.ant-table-tbody').getByRole('row').count()).toBe(1);
    await page.getByRole('columnheader', { name: 'In USD' }).waitFor();
    expect(await cells(page.locator('.ant-table-summary').getByRole('row'))).toEqual([
      'Total',
      '1',
      '',
      format(inDollars, 'USD'),
    ]);
    const totals = page.locator('.ant-statistic');
    expect(await totals.allInnerTexts()).toEqual([
      expect.stringMatching(/^Taxed orders\s+1$/),
      expect.stringMatching(
        new RegExp(`^Tax collected in USD\\s+${format(inDollars, 'USD').replace('$', '\\$')}$`),
      ),
    ]);
    expect(await seriousAdminViolations(page)).toEqual([]);

    // Last month, chosen from the keyboard, had no orders at all in this new shop.
    await page.getByRole('radio', { name: 'This month' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Last month' }).isChecked()).toBe(true);
    await page.getByText('No tax was collected in this period.').waitFor();
    await saoPaulo.waitFor({ state: 'detached' });
    expect(await seriousAdminViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('on a phone held upright', () => {
  it('fits the rates, the add dialog and the report in 360 px', async () => {
    const { page, errors } = await shop.openBackOffice('admin');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/admin/list/tax-rates');
    await row(page, 'São Paulo (BR-SP)').waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await seriousAdminViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add a tax rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a tax rate' });
    await dialog.getByLabel('Rate').waitFor();
    expect(await overflow(page)).toBe(0);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await seriousAdminViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.goto('/admin/dashboard/tax-report');
    await row(page, 'São Paulo (BR-SP)').waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await seriousAdminViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
