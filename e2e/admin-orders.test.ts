import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchChromium,
  openShopper,
  seriousAccessibilityViolations,
  seriousAdminViolations,
} from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import { mailbox, unexpectedErrors } from './support/accounts.ts';
import {
  activatedShopper,
  placeAndPay,
  signInWithAddress,
  wellStockedSku,
  type PlacedOrder,
} from './support/orders.ts';
import type { TestShopper } from './support/accounts.ts';
import { loginAsStaff, STAFF_ACCOUNTS } from './support/staff.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let shopper: ShopperPage;
let staff: ShopperPage;
let buyer: TestShopper;

/** Serious and critical axe violations of a whole back-office page: content, dialogs and layout (menu, header). */
const pageViolations = (page: Page) => seriousAdminViolations(page);

const number = (order: PlacedOrder) => order.number;
const staffPage = (): Page => staff.page;
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

let shipped: PlacedOrder;
let refunded: PlacedOrder;

beforeAll(async () => {
  browser = await launchChromium();
  buyer = await activatedShopper(baseUrl, 'admin-orders');
  shopper = await openShopper(browser, baseUrl, 'en-US');
  const request = shopper.page.request;
  const addressId = await signInWithAddress(request, buyer);
  const skuId = await wellStockedSku(request);
  shipped = await placeAndPay(request, { addressId, skuId, note: 'Please ring twice.' });
  refunded = await placeAndPay(request, { addressId, skuId, note: 'Gift wrap, please.' });
  staff = await openShopper(browser, baseUrl, 'en-US');
  await loginAsStaff(staff.page, 'staff');
});
afterAll(() => browser?.close());

describe('staff ship an order the shopper paid', () => {
  it('find it in the orders table by its number', async () => {
    const page = staffPage();
    await page.goto('/admin/list/orders');
    const table = page.locator('.ant-pro-table');
    await table.getByRole('link', { name: `Open order ${number(refunded)}` }).waitFor();
    expect(await pageViolations(page)).toEqual([]);

    await page.getByLabel('Search', { exact: true }).fill(number(shipped));
    await page.getByRole('button', { name: 'Query', exact: true }).click();
    const rows = table.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().textContent()).toContain(buyer.email);
    await expect.poll(() => rows.first().textContent()).toContain('Paid');

    await page.getByRole('tab', { name: 'Shipped' }).click();
    await page.waitForURL('**/admin/list/orders?status=shipped');
    await expect.poll(() => rows.count()).toBe(0);
    await page.getByRole('tab', { name: 'Paid' }).click();
    await table.getByRole('link', { name: `Open order ${number(shipped)}` }).click();
    await page.waitForURL(`**/admin/profile/order/${shipped.id}`);
  });

  it('open the order with its lines, address, payment and history', async () => {
    const page = staffPage();
    await page
      .getByText(`Order ${number(shipped)}`)
      .first()
      .waitFor();
    const main = page.locator('main');
    await main.getByText('Please ring twice.').waitFor();
    await main.getByText('Rua Augusta 100').waitFor();
    await main.getByText(buyer.email).waitFor();
    await main.getByText('Succeeded').waitFor();
    await expect
      .poll(() => main.locator('.ant-timeline').textContent())
      .toMatch(/Pending payment.*by the shopper.*Paid.*by the payment service/);
    expect(await pageViolations(page)).toEqual([]);
  });

  it('name it by the one number the shopper sees on their order page and list and in the placed-order mail', async () => {
    const page = shopper.page;
    await page.goto(`/my/order?id=${shipped.id}`);
    await page.getByRole('heading', { level: 1, name: 'Order details' }).waitFor();
    const numberShown = page
      .locator('main dl.facts dt', { hasText: 'Order number' })
      .locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => numberShown.textContent()).toMatch(/^\d+$/);
    const shown = (await numberShown.textContent())!;
    expect(shown).toBe(shipped.number);
    // The id stays in the address only; the page never shows it.
    expect(await page.locator('main').textContent()).not.toContain(shipped.id);

    await page.goto('/my/order');
    await page.getByRole('heading', { level: 2, name: `Order ${shown}` }).waitFor();

    // The back office's order page, where staff are, says the same number.
    const staff = staffPage();
    await staff.getByText(`Order ${shown}`, { exact: true }).first().waitFor();
    const staffNumber = staff
      .locator('.ant-descriptions-item', { hasText: 'Order number' })
      .locator('.ant-descriptions-item-content');
    await expect.poll(() => staffNumber.textContent()).toBe(shown);

    const placedMail = (await mailbox(baseUrl, buyer.email)).find((m) =>
      m.subject.includes(`order ${shown} received`),
    );
    expect(placedMail?.text).toContain(`order ${shown}`);
  });

  it('ship it with a carrier and a tracking number, checked before sending', async () => {
    const page = staffPage();
    await page.getByRole('button', { name: 'Ship' }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${number(shipped)}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
    await dialog.getByText('Please enter the carrier').waitFor();
    await dialog.getByText('Please enter the tracking number').waitFor();
    await dialog.getByLabel('Tracking number').fill('not valid!');
    await dialog.getByText('A tracking number has 4 to 40 letters, digits or hyphens.').waitFor();
    expect(await pageViolations(page)).toEqual([]);

    await dialog.getByLabel('Carrier').fill('UPS');
    await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
    await page.getByText(`Order ${number(shipped)} is shipped. The shopper has been told by mail.`).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const main = page.locator('main');
    await expect
      .poll(() => main.locator('.ant-timeline').textContent())
      .toMatch(new RegExp(`Paid.*by the payment service.*Shipped.*by ${STAFF_ACCOUNTS.staff.nickname}`));
    await main.getByText('1Z999AA10123456784').first().waitFor();
    expect(await page.getByRole('button', { name: 'Ship' }).count()).toBe(0);
  });

  it('and the shopper sees it shipped, with the tracking number, and has the mail', async () => {
    const page = shopper.page;
    await page.goto(`/my/order?id=${shipped.id}`);
    await page.getByRole('heading', { level: 1, name: 'Order details' }).waitFor();
    const facts = page.locator('main dl.facts');
    await expect.poll(() => facts.textContent()).toContain('Shipped');
    await expect.poll(() => facts.textContent()).toContain('UPS');
    await expect.poll(() => facts.textContent()).toContain('1Z999AA10123456784');
    await expect
      .poll(() => page.locator('main .timeline').textContent())
      .toMatch(/Paid.*by the payment service.*Shipped.*by the shop/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const mail = (await mailbox(baseUrl, buyer.email)).find((m) => /shipped/.test(m.subject));
    expect(mail?.text).toContain('1Z999AA10123456784');
    expect(unexpectedErrors(shopper.errors, [])).toEqual([]);
  });
});

describe('staff refund an order', () => {
  it('the whole of what is left, with a reason; pending until the provider confirms', async () => {
    const page = staffPage();
    await page.goto(`/admin/profile/order/${refunded.id}`);
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${number(refunded)}` });
    await dialog.getByText(`Left to refund: ${usd(refunded.total)}`).waitFor();
    expect(await dialog.getByLabel('Amount', { exact: true }).inputValue()).toBe(
      (refunded.total / 100).toFixed(2),
    );
    await dialog.getByLabel('Reason').fill('Out of stock');
    expect(await pageViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send refund' }).click();
    await page.getByText(`A refund of ${usd(refunded.total)} for order ${number(refunded)}`).waitFor();
    const main = page.locator('main');
    await main.getByText('Out of stock').waitFor();
    await expect
      .poll(() => main.locator('.ant-timeline').textContent(), { timeout: 20_000 })
      .toContain('Refunded');
    expect(await page.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
    await expect
      .poll(async () => (await mailbox(baseUrl, buyer.email)).some((m) => /refunded/.test(m.subject)))
      .toBe(true);
  });
});

describe('shoppers and the global search', () => {
  it('list the shopper, open them and see their orders, addresses, coupons and sessions', async () => {
    const page = staffPage();
    await page.goto('/admin/list/shoppers');
    await page.getByLabel('Search', { exact: true }).fill(buyer.email);
    await page.getByRole('button', { name: 'Query', exact: true }).click();
    const link = page.getByRole('link', { name: `Open shopper ${buyer.email}` });
    await link.waitFor();
    expect(await pageViolations(page)).toEqual([]);
    await link.click();
    await page.waitForURL('**/admin/profile/shopper/*');
    await page.getByRole('tab', { name: 'Orders (2)' }).waitFor();
    await page.getByRole('link', { name: `Open order ${number(shipped)}` }).waitFor();
    await page.getByRole('tab', { name: 'Addresses (1)' }).click();
    await page.locator('main').getByText('Rua Augusta 100', { exact: false }).waitFor();
    await page.getByRole('tab', { name: /^Sessions \(\d+\)$/ }).click();
    expect(await pageViolations(page)).toEqual([]);
  });

  it('find the order, the shopper and goods from one search box', async () => {
    const page = staffPage();
    await page.goto('/admin/list/search');
    await page.getByLabel('Search products, orders and shoppers').fill(buyer.email);
    await page.getByLabel('Search products, orders and shoppers').press('Enter');
    await page.waitForURL(/\/admin\/list\/search\?q=/);
    await page.getByRole('tab', { name: 'Orders (2)' }).waitFor();
    await page.getByRole('tabpanel', { name: 'Orders (2)' }).getByText(buyer.email).first().waitFor();
    await page.getByRole('tab', { name: 'Shoppers (1)' }).click();
    await page
      .getByRole('tabpanel', { name: 'Shoppers (1)' })
      .getByRole('link', { name: buyer.email })
      .waitFor();
    expect(await pageViolations(page)).toEqual([]);

    // An order number as staff type it, with its "#".
    const search = page.getByLabel('Search products, orders and shoppers');
    await search.fill(`#${number(refunded)}`);
    await search.press('Enter');
    await page.getByRole('tab', { name: 'Orders (1)' }).click();
    await page
      .getByRole('tabpanel', { name: 'Orders (1)' })
      .getByRole('link', { name: `Open order ${number(refunded)}` })
      .waitFor();
    // Before logging in, the back office asks who is logged in and is told "nobody" (401).
    expect(unexpectedErrors(staff.errors, ['/v1/admin/me'])).toEqual([]);
  });
});
