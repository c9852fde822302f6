import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { launchChromium, openShopper, seriousAdminViolations } from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import type { TestShopper } from './support/accounts.ts';
import { activatedShopper, data, placeAndPay, signInWithAddress, wellStockedSku } from './support/orders.ts';
import { startShop } from './support/shop-server.ts';
import type { RunningShop } from './support/shop-server.ts';
import { ensureStaffMember, loginAsStaff, STAFF_ACCOUNTS } from './support/staff.ts';

/**
 * This file's own shop: the dashboard counts every order of the day and lists the oldest orders to ship, and on the
 * shop all test files share, other files' orders (placed at the same time, paid earlier) fill those figures and lists.
 */
let own: RunningShop;
let baseUrl = '';
let browser: Browser;
let shopper: ShopperPage;
let staff: ShopperPage;
let buyer: TestShopper;
let addressId = '';
let ordersBefore = 0;
let order: { id: string; number: string; total: number; currency: string };

const utcDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Today's sold orders as the analysis API counts them, asked with the member of staff's session. */
async function ordersToday(page: Page): Promise<number> {
  const analysis = await data<{ totals: { orders: number } }>(
    page.request.get(`/v1/admin/dashboard/analysis?from=${utcDay()}&to=${utcDay()}`),
  );
  return analysis.totals.orders;
}

/**
 * Picks the not yet chosen option holding `text` from the open select's list (antd's visible list, not its hidden
 * twin; a list closing after the previous pick may still be visible, holding that option as chosen).
 */
async function pickOption(page: Page, text: string) {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-selected)', {
      hasText: text,
    })
    .click();
}

/** Serious and critical axe violations of the whole page, layout (side menu, header) included, at rest. */
const pageViolations = (page: Page) => seriousAdminViolations(page);

/** Uncaught exceptions and console errors other than failed requests (refusals some steps provoke). */
const scriptErrors = (errors: string[]) => errors.filter((e) => !/^\d{3} |Failed to load resource/.test(e));

beforeAll(async () => {
  [browser, own] = await Promise.all([
    launchChromium(),
    startShop({ ADMIN_EMAIL: STAFF_ACCOUNTS.admin.email, ADMIN_PASSWORD: STAFF_ACCOUNTS.admin.password }),
  ]);
  baseUrl = own.baseUrl;
  await ensureStaffMember(baseUrl);
  buyer = await activatedShopper(baseUrl, 'dashboard');
  shopper = await openShopper(browser, baseUrl, 'en-US');
  addressId = await signInWithAddress(shopper.page.request, buyer);
  staff = await openShopper(browser, baseUrl, 'en-US');
  await loginAsStaff(staff.page, 'staff');
  ordersBefore = await ordersToday(staff.page);
  // An order left unpaid, as shoppers leave them: the monitor lists it among the latest, with its status tag.
  await data(
    shopper.page.request.post('/v1/home/orders', {
      data: {
        addressId,
        items: [{ skuId: await wellStockedSku(shopper.page.request), quantity: 1 }],
        note: '',
      },
    }),
  );
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

describe('the live monitor', () => {
  it('shows an order the moment it is paid, without a reload', async () => {
    const page = staff.page;
    await page.goto('/admin/dashboard/monitor');
    await page.getByRole('status').getByText('Live').waitFor();
    expect(await pageViolations(page)).toEqual([]);
    // Marks this document: a reload would lose the mark.
    await page.evaluate(() => ((window as unknown as { monitorMark: string }).monitorMark = 'same page'));

    const request = shopper.page.request;
    // Not waiting for the webhook here: the monitor is to show the payment as it lands.
    order = await placeAndPay(request, { addressId, skuId: await wellStockedSku(request) }, false);
    const orders = page.getByTestId('monitor-orders');
    const row = orders.locator('li', { hasText: `Order ${order.number}` });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('Paid', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { monitorMark?: string }).monitorMark)).toBe(
      'same page',
    );
    // The running totals follow.
    const paidToday = page
      .locator('.ant-statistic', { hasText: 'Orders paid' })
      .locator('.ant-statistic-content');
    await expect.poll(() => paidToday.textContent(), { timeout: 10_000 }).toBe(String(ordersBefore + 1));
    await page
      .getByRole('list', { name: 'Activity' })
      .getByText(`confirmed payment of order ${order.number}`)
      .waitFor();
    expect(scriptErrors(staff.errors)).toEqual([]);
  });
});

describe('the workplace', () => {
  it('lists the paid order under orders to ship, with activity and a greeting', async () => {
    const page = staff.page;
    await page.goto('/admin/dashboard/workplace');
    await page
      .getByRole('heading', {
        name: new RegExp(`^Good (morning|afternoon|evening), ${STAFF_ACCOUNTS.staff.nickname}$`),
      })
      .waitFor();
    const toShip = page.getByTestId('orders-to-ship');
    await toShip.getByRole('link', { name: `Order ${order.number}` }).waitFor();
    await page.getByRole('link', { name: 'All orders to ship' }).waitFor();
    await page.getByRole('list', { name: 'Recent activity' }).locator('time').first().waitFor();
    expect(await pageViolations(page)).toEqual([]);
  });
});

describe('the analysis', () => {
  it("counts the order in today's figures, with charts described in text", async () => {
    const page = staff.page;
    await page.goto('/admin/dashboard/analysis');
    await page.locator('label', { hasText: 'Today' }).click();
    const orders = page
      .locator('.ant-card', { hasText: 'Average order value' })
      .locator('.ant-statistic-content');
    await expect.poll(() => orders.textContent(), { timeout: 10_000 }).toBe(String(ordersBefore + 1));
    await page.locator('label', { hasText: 'This week' }).click();
    await page
      .getByRole('table', { name: 'Sales, orders and visitors by period' })
      .waitFor({ state: 'attached' });
    await page.getByRole('table', { name: 'Sales by top-level category' }).waitFor({ state: 'attached' });
    await page.getByRole('tab', { name: 'By revenue' }).waitFor();
    expect(await pageViolations(page)).toEqual([]);
    expect(scriptErrors(staff.errors)).toEqual([]);
  });
});

describe('the goal form', () => {
  it("shows the spec's messages for an empty form, then saves a goal shown on the workplace", async () => {
    const page = staff.page;
    await page.goto('/admin/form/goal');
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const text of [
      'Please enter a title',
      'Please select the start and end date',
      'Please enter a description of the goal',
      'Please enter a metric',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    expect(await pageViolations(page)).toEqual([]);

    await page.getByLabel('Title').fill('Autumn push');
    await page.getByPlaceholder('Start date').click();
    await page.getByPlaceholder('Start date').fill(utcDay(-1));
    await page.getByPlaceholder('Start date').press('Enter');
    await page.getByPlaceholder('End date').fill(utcDay(30));
    await page.getByPlaceholder('End date').press('Enter');
    await page.getByLabel('Goal description').fill('Sell more before the holidays');
    await page.getByLabel('Target', { exact: true }).fill('1000');
    const invitees = page.getByLabel('Inviting critics (optional)');
    await invitees.click();
    await invitees.fill('Admin');
    await pickOption(page, STAFF_ACCOUNTS.admin.email);
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'Partially public' }).check();
    const openTo = page.getByLabel('Open to', { exact: true });
    await openTo.click();
    await openTo.fill('Admin');
    await pickOption(page, STAFF_ACCOUNTS.admin.email);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL('**/admin/result/success');
    await page.getByText('The sales goal was saved.').waitFor();
    await page.getByRole('button', { name: 'Back to the workplace' }).click();
    await page.waitForURL('**/admin/dashboard/workplace');
    const card = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Autumn push' }) });
    await card.getByRole('progressbar', { name: 'Progress of Autumn push' }).waitFor();
    await card.getByText('Partially public').waitFor();
    expect(await pageViolations(page)).toEqual([]);
    expect(scriptErrors(staff.errors)).toEqual([]);
  });
});
