import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminGoodsDetail, AdminGoodsRow, GoodsDetail } from '@shop/contract';
import { seriousAdminViolations } from './support/browser.ts';
import { ownShopWithDemoMarkets } from './support/own-shop.ts';
import { staffCookie } from './support/staff.ts';

/**
 * The goods list's price sheet: a member of staff narrows the list to one product, downloads its sheet, gives a
 * SKU its own price in reais in the file, uploads it and reads how many SKUs changed; a file with a bad amount is
 * refused with its row and column named, and changes nothing. This file has its own shop with the four demo
 * markets, so that the sheet has columns for reais, yuan and Taiwan dollars.
 */
const shop = ownShopWithDemoMarkets();

async function adminApi<T>(path: string, locale = 'en-US'): Promise<T> {
  const cookie = await staffCookie(shop.baseUrl, 'admin');
  const reply = await fetch(`${shop.baseUrl}/v1${path}`, { headers: { cookie, 'Accept-Language': locale } });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { data: T }).data;
}

/** A product with at least two SKUs, on shelf. */
async function productWithTwoSkus(): Promise<AdminGoodsDetail> {
  const rows = await adminApi<AdminGoodsRow[]>('/admin/goods?onShelf=true&pageSize=50');
  const row = rows.find((r) => r.skuCount >= 2)!;
  return adminApi<AdminGoodsDetail>(`/admin/goods/${row.id}`);
}

/** The price sheet dialog, opened from the goods list narrowed to `goodsId` with the keyword filter. */
async function openPriceSheet(page: Page, goodsId: string) {
  await page.goto('/admin/list/goods');
  await page.getByLabel('Keyword', { exact: true }).fill(goodsId);
  await page.getByRole('button', { name: 'Query', exact: true }).click();
  const rows = page.locator('.ant-pro-table tbody tr.ant-table-row');
  await expect.poll(() => rows.count()).toBe(1);
  await page.getByRole('button', { name: 'Price sheet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price sheet' });
  await dialog.waitFor();
  return dialog;
}

/** The sheet the dialog's download gives, as rows of cells (a plain sheet: no quoted commas in these cells). */
async function downloadSheet(page: Page): Promise<{ text: string; rows: string[][] }> {
  const dialog = page.getByRole('dialog', { name: 'Price sheet' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download price sheet' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^prices-\d{4}-\d\d-\d\d\.csv$/);
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  return { text, rows: text.trimEnd().split(/\r?\n/).map(parseLine) };
}

/** One CSV line's cells (quoted cells as csv-stringify writes them). */
function parseLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

const toCsv = (rows: string[][]) =>
  rows
    .map((row) => row.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
    .join('\n');

async function uploadSheet(page: Page, csv: string) {
  const dialog = page.getByRole('dialog', { name: 'Price sheet' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}`),
  });
}

describe('the goods list’s price sheet', () => {
  it('downloads the listed product’s sheet, applies an own price in reais from it, and refuses a bad amount', async () => {
    const product = await productWithTwoSkus();
    const { page, errors } = await shop.openBackOffice('staff');
    const dialog = await openPriceSheet(page, product.id);
    expect(await seriousAdminViolations(page)).toEqual([]);

    const { rows } = await downloadSheet(page);
    const [header, ...skuRows] = rows as [string[], ...string[][]];
    expect(header).toEqual([
      'sku_id',
      'goods_id',
      'name',
      'options',
      'price_USD',
      'original_price_USD',
      'price_BRL',
      'original_price_BRL',
      'price_CNY',
      'original_price_CNY',
      'price_TWD',
      'original_price_TWD',
    ]);
    // The list's filter: this product's SKUs only.
    expect(skuRows.map((r) => r[0])).toEqual(product.skus.map((s) => s.id));
    const sku = product.skus[0]!;
    expect(skuRows[0]![header.indexOf('price_USD')]).toBe((sku.price / 100).toFixed(2));

    skuRows[0]![header.indexOf('price_BRL')] = '19.90';
    await uploadSheet(page, toCsv([header, ...skuRows]));
    await dialog.getByText('1 SKU updated').waitFor();
    await dialog
      .getByText(`${skuRows.length - 1} row${skuRows.length === 2 ? '' : 's'} changed nothing.`)
      .waitFor();
    const edited = await adminApi<AdminGoodsDetail>(`/admin/goods/${product.id}`);
    expect(edited.skus[0]!.prices).toEqual({ BRL: { price: 1_990, originalPrice: null } });
    // What a shopper in Brazil is shown.
    const inReais = await fetch(`${shop.baseUrl}/v1/home/goods/${product.id}`, {
      headers: { 'Accept-Language': 'pt-BR' },
    });
    const shown = ((await inReais.json()) as { data: GoodsDetail }).data;
    expect(shown.skus.find((s) => s.id === sku.id)!.price).toBe(1_990);

    // A bad amount: refused with its row and column, and nothing changes.
    skuRows[1]![header.indexOf('price_CNY')] = 'ten';
    skuRows[0]![header.indexOf('price_BRL')] = '24.90';
    await uploadSheet(page, toCsv([header, ...skuRows]));
    await dialog
      .getByText('The sheet was not applied: nothing changed. Fix these rows and upload it again.')
      .waitFor();
    await dialog
      .getByRole('listitem')
      .filter({
        hasText: 'Row 3, price_CNY: Write an amount such as 69.90: digits, with a point before any decimals.',
      })
      .waitFor();
    expect(await dialog.getByText('1 SKU updated').count()).toBe(0);
    expect(await seriousAdminViolations(page)).toEqual([]);
    const after = await adminApi<AdminGoodsDetail>(`/admin/goods/${product.id}`);
    expect(after.skus[0]!.prices).toEqual({ BRL: { price: 1_990, originalPrice: null } });
    // The refusal answers 422, which the page shows as the list above rather than as a failure.
    expect(errors.filter((error) => !error.includes('422'))).toEqual([]);
  });

  it('reads in Portuguese on a phone, and names a refused file’s problems in Portuguese', async () => {
    const product = await productWithTwoSkus();
    const { page } = await shop.openBackOffice('staff', 'pt-BR');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/admin/list/goods');
    // The toolbar shows the button's icon only here, still named.
    await page.getByRole('button', { name: 'Planilha de preços' }).click();
    const dialog = page.getByRole('dialog', { name: 'Planilha de preços' });
    await dialog.getByRole('link', { name: 'Baixar planilha de preços' }).waitFor();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'precos.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`sku_id,price_EUR,original_price_EUR\n${product.skus[0]!.id},10.00,\n`),
    });
    await dialog
      .getByRole('listitem')
      .filter({ hasText: 'Coluna price_EUR: Nenhum mercado vende nesta moeda.' })
      .waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await seriousAdminViolations(page)).toEqual([]);
  });
});

describe('the goods editor’s own prices in other currencies', () => {
  it('sets a SKU’s own price in reais that shoppers in Brazil pay, and empties it back to the rate', async () => {
    const product = await productWithTwoSkus();
    const sku = product.skus[1]!;
    const { page, errors } = await shop.openBackOffice('admin');
    await page.goto(`/admin/form/goods/${product.id}`);
    const expand = page.locator('.catalog-sku-table').getByRole('button', { name: 'Expand row' });
    await expand.nth(1).click();
    const ownPrice = page.getByLabel(/^Price of .+ in BRL$/);
    await ownPrice.waitFor();
    // Empty, it says what the rate makes of the SKU's price: US$ at 5.4, rounded up to ,90.
    expect(await ownPrice.getAttribute('placeholder')).toMatch(
      /^R\$[\d,.]+,90 at the rate$|^R\$[\d,.]+\.90 at the rate$/,
    );
    expect(await seriousAdminViolations(page)).toEqual([]);
    await ownPrice.fill('49.9');
    await page.getByLabel(/^Original price of .+ in BRL$/).fill('40');
    await page.getByRole('button', { name: 'Save' }).click();
    // Checked where it is typed, as the server would refuse it.
    await page.getByText('The original price must be higher than the price.').waitFor();
    await page.getByLabel(/^Original price of .+ in BRL$/).fill('59.9');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/result\/success$/);

    const inReais = async () => {
      const reply = await fetch(`${shop.baseUrl}/v1/home/goods/${product.id}`, {
        headers: { 'Accept-Language': 'pt-BR' },
      });
      const goods = ((await reply.json()) as { data: GoodsDetail }).data;
      return goods.skus.find((s) => s.id === sku.id)!;
    };
    expect(await inReais()).toMatchObject({ price: 4_990, originalPrice: 5_990 });

    await page.goto(`/admin/form/goods/${product.id}`);
    await expand.nth(1).click();
    expect(await ownPrice.inputValue()).toBe('49.90');
    await ownPrice.fill('');
    await page.getByLabel(/^Original price of .+ in BRL$/).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/result\/success$/);
    const after = await adminApi<AdminGoodsDetail>(`/admin/goods/${product.id}`);
    expect(after.skus[1]!.prices).toEqual({});
    expect((await inReais()).price).not.toBe(4_990);
    expect(errors).toEqual([]);
  });
});
