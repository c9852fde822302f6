import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminCoupon, Locale } from '@shop/contract';
import { seriousAdminViolations, type ShopperPage } from './support/browser.ts';
import { ownShopWithDemoMarkets } from './support/own-shop.ts';
import { staffCookie } from './support/staff.ts';

/**
 * The coupon form's own amounts per currency: a coupon with its own amounts in reais, read back through the API and
 * shown in the list; a percentage coupon's minimum spends only; a server field error under its input; a phone and
 * the keyboard. This file has its own shop with the four demo markets (US in USD, BR, CN, TW): the suite's shared
 * shop sells in its own market only, where the section does not show.
 */
const shop = ownShopWithDemoMarkets();

async function openCouponForm(locale: Locale = 'en-US'): Promise<ShopperPage> {
  const session = await shop.openBackOffice('admin', locale);
  await session.page.goto('/admin/form/coupon');
  await session.page.getByRole('heading', { name: 'Amounts in other currencies' }).waitFor();
  return session;
}

/** Every coupon as the API gives it to an admin. */
async function couponsNow(): Promise<AdminCoupon[]> {
  const cookie = await staffCookie(shop.baseUrl, 'admin');
  const reply = await fetch(`${shop.baseUrl}/v1/admin/coupons?pageSize=100`, {
    headers: { cookie, 'Accept-Language': 'en-US' },
  });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { data: AdminCoupon[] }).data;
}

/** The first step's fields every campaign needs. */
async function fillCampaign(page: Page, title: string) {
  await page.getByLabel('Title (English)', { exact: true }).fill(title);
  const start = page.getByPlaceholder('Start');
  await start.click();
  await start.fill('2020-01-01 10:00');
  await start.press('Enter');
  const end = page.getByPlaceholder('End');
  await end.fill('2099-12-31 10:00');
  await end.press('Enter');
  await page.getByLabel('Total copies').fill('50');
}

/** The error shown under a labelled input. */
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('a coupon’s own amounts per currency', () => {
  it('creates an amount coupon with its own amounts in reais, read back by the API and shown in the list', async () => {
    const { page, errors } = await openCouponForm();
    const title = `Carnival ${Date.now().toString(36)}`;
    // One row per other market's currency; the shop's own is not one of them.
    for (const currency of ['BRL', 'CNY', 'TWD']) {
      await page.getByLabel(`Amount off in ${currency}`, { exact: true }).waitFor();
      await page.getByLabel(`Minimum spend in ${currency}`, { exact: true }).waitFor();
    }
    expect(await page.getByLabel('Amount off in USD', { exact: true }).count()).toBe(0);
    expect(await seriousAdminViolations(page)).toEqual([]);

    await fillCampaign(page, title);
    await page.getByLabel('Amount off (USD)').fill('5');
    await page.getByLabel('Minimum spend (USD)').fill('30');
    // What an empty BRL row stands for: US$ 5 and US$ 30 at 5.4, rounded up to ,90.
    await page.getByText('Left empty: R$27.90 off · On orders from R$162.90').waitFor();
    await page.getByLabel('Amount off in BRL', { exact: true }).fill('25');
    await page.getByLabel('Minimum spend in BRL', { exact: true }).fill('150');
    // A row half filled is not sent as it is: the form asks for the rest, or for an empty row.
    await page.getByLabel('Amount off in TWD', { exact: true }).fill('100');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await fieldError(page, 'Minimum spend in TWD')
      .filter({ hasText: 'Enter the minimum spend in TWD (0 for any order), or leave this currency empty.' })
      .waitFor();
    await page.getByLabel('Amount off in TWD', { exact: true }).fill('');
    await fieldError(page, 'Minimum spend in TWD').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    const confirm = page.locator('.ant-descriptions');
    await confirm.getByText(title).waitFor();
    await confirm.getByText('R$25.00 off · On orders from R$150.00').waitFor();
    expect(await confirm.getByText('In TWD').count()).toBe(0);
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Campaign created' }).waitFor();

    const created = (await couponsNow()).find((c) => c.title === title);
    expect(created).toMatchObject({
      kind: 'amount',
      value: 500,
      minSpend: 3000,
      currency: 'USD',
      amounts: { BRL: { value: 2500, minSpend: 15_000 } },
    });
    expect(Object.keys(created!.amounts)).toEqual(['BRL']);

    await page.goto('/admin/list/coupons');
    const item = page.locator('.ant-list-item').filter({ hasText: title });
    await item.getByText('In BRL: R$25.00 off · On orders from R$150.00').waitFor();
    expect(await seriousAdminViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('asks only minimum spends for a percentage coupon and sends no amount off', async () => {
    const { page, errors } = await openCouponForm();
    const title = `Percent week ${Date.now().toString(36)}`;
    await fillCampaign(page, title);
    // An amount off typed before switching to a percentage is not sent.
    await page.getByLabel('Amount off in CNY', { exact: true }).fill('30');
    await page.getByRole('radio', { name: 'Percentage' }).check();
    await page.getByLabel('Percent off').fill('10');
    expect(await page.getByLabel(/^Amount off in /).count()).toBe(0);
    await page.getByLabel('Minimum spend in CNY', { exact: true }).fill('200');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.locator('.ant-descriptions').getByText('On orders from CN¥200.00').waitFor();
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: 'Campaign created' }).waitFor();
    const created = (await couponsNow()).find((c) => c.title === title);
    expect(created).toMatchObject({ kind: 'percent', value: 10, amounts: { CNY: { minSpend: 20_000 } } });
    expect(created!.amounts.CNY).not.toHaveProperty('value');
    expect(errors).toEqual([]);
  });

  it("shows the server's field message under the right currency's input", async () => {
    const { page, errors } = await openCouponForm();
    // A refusal the form cannot provoke by itself (it checks first), as the server words it: envelope code 1.
    await page.route('**/v1/admin/coupons', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              code: 1,
              data: null,
              msg: { 'amounts.BRL.value': 'Server says: not this amount.' },
            }),
          })
        : route.continue(),
    );
    await fillCampaign(page, `Refused ${Date.now().toString(36)}`);
    await page.getByLabel('Amount off (USD)').fill('5');
    await page.getByLabel('Amount off in BRL', { exact: true }).fill('25');
    await page.getByLabel('Minimum spend in BRL', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Create campaign' }).click();
    // Back on the first step, under the BRL amount off.
    await fieldError(page, 'Amount off in BRL')
      .filter({ hasText: 'Server says: not this amount.' })
      .waitFor();
    expect(await fieldError(page, 'Minimum spend in BRL').count()).toBe(0);
    expect(errors.filter((error) => !error.includes('422'))).toEqual([]);
  });

  it('fits a phone held upright and is used with the keyboard, in Portuguese', async () => {
    const { page, errors } = await shop.openBackOffice('admin', 'pt-BR');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/admin/form/coupon');
    await page.getByRole('heading', { name: 'Valores em outras moedas' }).waitFor();
    expect(await overflow(page)).toBe(0);
    expect(await seriousAdminViolations(page)).toEqual([]);

    // From the shop's minimum spend, Tab reaches the reais' amount off, then their minimum spend.
    await page.getByLabel('Compra mínima (USD)').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.type('25');
    await page.keyboard.press('Tab');
    await page.keyboard.type('150');
    await page.keyboard.press('Tab');
    // Shown with the real's two decimals once left.
    expect(await page.getByLabel('Valor do desconto em BRL', { exact: true }).inputValue()).toBe('25.00');
    expect(await page.getByLabel('Compra mínima em BRL', { exact: true }).inputValue()).toBe('150.00');
    expect(await overflow(page)).toBe(0);
    expect(errors).toEqual([]);
  });
});
