import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Locale } from '@shop/contract';
import enUS from '../apps/storefront/src/i18n/messages/en-US.json';
import ptBR from '../apps/storefront/src/i18n/messages/pt-BR.json';
import zhCN from '../apps/storefront/src/i18n/messages/zh-CN.json';
import zhTW from '../apps/storefront/src/i18n/messages/zh-TW.json';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import { codeIn, linkIn, uniqueShopper, unexpectedErrors } from './support/accounts.ts';
import type { Mail, TestShopper } from './support/accounts.ts';
import { data, signInWithAddress, wellStockedSku } from './support/orders.ts';
import { startShop } from './support/shop-server.ts';
import type { RunningShop } from './support/shop-server.ts';
import { STAFF_ACCOUNTS, staffCookie } from './support/staff.ts';

/**
 * "Money you can trust", from the shopper's side: two pay links of one order paid in two tabs, and an order
 * cancelled while its payment is on the way. Whatever the order cannot keep is refused before money moves or
 * refunded automatically, and /tips and /my/order say so.
 */

const catalogs: Record<Locale, Record<string, string>> = {
  'en-US': enUS,
  'pt-BR': ptBR,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};
const text = (locale: Locale, id: keyof typeof enUS) => catalogs[locale][id]!;

/**
 * This file's own shop: its shoppers register through the API, and on the shop all test files share they would
 * use up the per-address hourly allowance of texted codes that the other files' registrations need.
 */
let baseUrl = '';
let own: RunningShop;
/** The sandbox holds its webhooks back this long in the second shop, as a real provider's news lags. */
const WEBHOOK_DELAY_MS = 5000;
/** A story on the delayed shop waits for two or three held-back webhooks on top of its own steps. */
const DELAYED_STORY_MS = 150_000;
let browser: Browser;
let delayed: RunningShop;

interface Charge {
  id: string;
  status: string;
  amount: number;
  refundedAmount: number;
}
interface Refund {
  chargeId: string;
  amount: number;
  kind: string;
  reason: string;
  status: string;
}
interface OrderDetail {
  id: string;
  status: string;
  total: number;
  currency: string;
  charges: Charge[];
  refunds: Refund[];
  returns: { id: string; status: string }[];
}

/** Mail as staff read it in the back office's mailbox (the anonymous dev mailbox is not for tests). */
async function staffMailbox(shop: string, cookie: string, to: string): Promise<Mail[]> {
  const reply = await fetch(`${shop}/v1/admin/mailbox?to=${encodeURIComponent(to)}`, { headers: { cookie } });
  const body = (await reply.json()) as { code: number; data: Mail[]; msg: unknown };
  expect(body.code, JSON.stringify(body.msg)).toBe(200);
  return body.data;
}

async function nextStaffMail(shop: string, cookie: string, to: string, seen = 0): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await staffMailbox(shop, cookie, to);
    if (mails.length > seen) return mails[0]!;
    if (Date.now() > deadline) throw new Error(`no new mail to ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function post(shop: string, path: string, body: unknown): Promise<void> {
  const reply = await fetch(`${shop}/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify(body),
  });
  const envelope = (await reply.json()) as { code: number; msg: unknown };
  expect(envelope.code, `${path}: ${JSON.stringify(envelope.msg)}`).toBe(200);
}

/** A registered and activated shopper: the code and the activation link read from the staff mailbox. */
async function activatedShopper(shop: string, name: string): Promise<TestShopper> {
  const cookie = await staffCookie(shop, 'admin');
  const created = uniqueShopper(name);
  await post(shop, '/home/verification-codes', { phone: created.phone });
  const code = codeIn(await nextStaffMail(shop, cookie, created.phone));
  const { email, phone, password } = created;
  await post(shop, '/home/users/register', { email, password, confirm: password, phone, code });
  const link = linkIn(await nextStaffMail(shop, cookie, created.email), '/registersucess');
  await post(shop, '/home/users/activate', { token: new URL(link).searchParams.get('token') });
  return created;
}

/** A signed-in shopper in `locale` with an address, and an unpaid order of one unit placed through the API. */
async function shopperWithOrder(shop: string, locale: Locale, name: string) {
  const buyer = await activatedShopper(shop, name);
  const shopper = await openShopper(browser, shop, locale);
  const addressId = await signInWithAddress(shopper.context.request, buyer);
  const skuId = await wellStockedSku(shopper.context.request);
  const order = await data<OrderDetail>(
    shopper.context.request.post('/v1/home/orders', {
      data: { addressId, items: [{ skuId, quantity: 1 }], note: '' },
    }),
  );
  return { buyer, shopper, order };
}

/** A second tab of the same shopper (same cookies), its console watched like the first. */
async function secondTab(shopper: ShopperPage): Promise<Page> {
  const page = await shopper.context.newPage();
  page.on('pageerror', (error) => shopper.errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) shopper.errors.push(`${response.status()} ${response.url()}`);
  });
  return page;
}

const orderPage = (id: string) => `/my/order?id=${encodeURIComponent(id)}`;
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** "Pay now" on the order's page: a new pay link, and the gateway's page in this tab. */
async function openPayPage(page: Page, locale: Locale, orderId: string) {
  await page.goto(orderPage(orderId));
  await heading(page, text(locale, 'orders.detailTitle')).waitFor();
  await page.getByRole('button', { name: text(locale, 'orders.payNow') }).click();
  await page.waitForURL('**/v1/sandbox/checkout/**');
}

/** Pays 4242… on the gateway's page, which sends the browser back to /tips for this pay link. */
async function payOnGateway(page: Page): Promise<string> {
  // The gateway's address ends in the charge's id, before the language the shop asked the page in (?lang=…).
  const chargeId = new URL(page.url()).pathname.split('/').pop()!;
  await page.locator('#card').fill('4242 4242 4242 4242');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/tips?orderId=*');
  expect(new URL(page.url()).searchParams.get('chargeId')).toBe(chargeId);
  return chargeId;
}

async function cancelOnOrderPage(page: Page, locale: Locale) {
  await page.getByRole('button', { name: text(locale, 'myOrder.cancel') }).click();
  await page.getByRole('button', { name: text(locale, 'orders.cancelConfirm') }).click();
  await page
    .locator('.section-head')
    .getByText(text(locale, 'order.status.cancelled'), { exact: true })
    .waitFor();
}

async function orderOf(context: BrowserContext, id: string): Promise<OrderDetail> {
  return data<OrderDetail>(context.request.get(`/v1/home/orders/${id}`));
}

/** Money the shop holds for the order: captured minus given back, from the charges the shopper sees. */
const held = (order: OrderDetail) =>
  order.charges
    .filter((c) => ['succeeded', 'refunded', 'partially_refunded'].includes(c.status))
    .reduce((sum, c) => sum + c.amount - c.refundedAmount, 0);

/** Nothing on the page is wider than a 360 px phone. */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 800 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await page.setViewportSize({ width: 1280, height: 800 });
  return width;
}

// The gateway's page names no icon, so the browser asks for /favicon.ico there and gets a 404.
const pageErrors = (shopper: ShopperPage) => unexpectedErrors(shopper.errors, ['/favicon.ico']);

beforeAll(async () => {
  const admin = { ADMIN_EMAIL: STAFF_ACCOUNTS.admin.email, ADMIN_PASSWORD: STAFF_ACCOUNTS.admin.password };
  [browser, delayed, own] = await Promise.all([
    launchChromium(),
    startShop({ ...admin, SANDBOX_WEBHOOK_DELAY_MS: String(WEBHOOK_DELAY_MS) }),
    startShop(admin),
  ]);
  baseUrl = own.baseUrl;
});
afterAll(async () => {
  await browser?.close();
  await delayed?.stop();
  await own?.stop();
});

describe('two tabs, two pay links of one order', () => {
  it('keeps exactly one capture: the replaced link moves no money, and both tabs say so', async () => {
    const locale: Locale = 'en-US';
    const { shopper, order } = await shopperWithOrder(baseUrl, locale, 'twotabs');
    const tabA = shopper.page;
    await openPayPage(tabA, locale, order.id);
    const tabB = await secondTab(shopper);
    await openPayPage(tabB, locale, order.id);

    await payOnGateway(tabB);
    await heading(tabB, text(locale, 'tips.paid')).waitFor({ timeout: 35_000 });
    // Then the first, older link: B's "Pay now" replaced it, so the gateway moves no money.
    const chargeA = await payOnGateway(tabA);
    await heading(tabA, text(locale, 'tips.voided')).waitFor({ timeout: 35_000 });
    await tabA.getByText(text(locale, 'tips.voidedText')).waitFor();
    expect(await seriousAccessibilityViolations(tabA)).toEqual([]);

    const after = await orderOf(shopper.context, order.id);
    expect(after.status).toBe('paid');
    expect(after.charges.map((c) => c.status).sort()).toEqual(['succeeded', 'voided']);
    expect(after.charges.find((c) => c.id === chargeA)?.status).toBe('voided');
    expect(after.refunds).toEqual([]);
    expect(held(after)).toBe(after.total);

    await tabA.getByRole('link', { name: text(locale, 'orders.viewOrder') }).click();
    await heading(tabA, text(locale, 'orders.detailTitle')).waitFor();
    const payments = tabA.getByRole('region', { name: text(locale, 'orders.payments') });
    await payments.getByText(text(locale, 'orders.charge.succeeded'), { exact: true }).waitFor();
    await payments.getByText(text(locale, 'orders.charge.voided'), { exact: true }).waitFor();
    expect(await seriousAccessibilityViolations(tabA)).toEqual([]);
    expect(await fitsPhone(tabA)).toBeLessThanOrEqual(360);
    expect(pageErrors(shopper)).toEqual([]);
    await shopper.context.close();
  });

  it(
    'refunds the second capture automatically when both payments were taken before either reached the shop',
    async () => {
      const locale: Locale = 'en-US';
      const { shopper, order } = await shopperWithOrder(delayed.baseUrl, locale, 'twocaptures');
      const tabA = shopper.page;
      // A pays while the gateway's news is held back; B's "Pay now" then replaces A's link, and B pays too.
      await openPayPage(tabA, locale, order.id);
      const chargeA = await payOnGateway(tabA);
      await heading(tabA, text(locale, 'tips.pending')).waitFor();
      const tabB = await secondTab(shopper);
      await openPayPage(tabB, locale, order.id);
      const chargeB = await payOnGateway(tabB);

      // A's capture arrives first and pays the order; B's finds it paid and is given back.
      await heading(tabA, text(locale, 'tips.paid')).waitFor({ timeout: 35_000 });
      await heading(tabB, text(locale, 'tips.autoRefunded')).waitFor({ timeout: 35_000 });
      await tabB.getByText(/refunded automatically because the order was already paid/).waitFor();
      expect(await seriousAccessibilityViolations(tabB)).toEqual([]);

      const after = await orderOf(shopper.context, order.id);
      expect(after.status).toBe('paid');
      expect(after.charges.find((c) => c.id === chargeA)?.status).toBe('succeeded');
      expect(after.charges.find((c) => c.id === chargeB)).toMatchObject({
        status: 'refunded',
        refundedAmount: after.total,
      });
      expect(after.refunds).toMatchObject([
        {
          chargeId: chargeB,
          kind: 'automatic',
          reason: 'already_paid',
          status: 'succeeded',
          amount: after.total,
        },
      ]);
      expect(held(after)).toBe(after.total);

      await tabB.getByRole('link', { name: text(locale, 'orders.viewOrder') }).click();
      await heading(tabB, text(locale, 'orders.detailTitle')).waitFor();
      const refunds = tabB.getByRole('region', { name: text(locale, 'orders.refunds') });
      await refunds.getByText(text(locale, 'orders.refund.alreadyPaid')).waitFor();
      await refunds.getByText(text(locale, 'orders.refund.succeeded'), { exact: true }).waitFor();
      const payments = tabB.getByRole('region', { name: text(locale, 'orders.payments') });
      await payments.getByText(text(locale, 'orders.charge.refunded'), { exact: true }).waitFor();
      expect(await seriousAccessibilityViolations(tabB)).toEqual([]);
      expect(await fitsPhone(tabB)).toBeLessThanOrEqual(360);
      expect(pageErrors(shopper)).toEqual([]);
      await shopper.context.close();
    },
    DELAYED_STORY_MS,
  );
});

describe('an order cancelled in another tab', () => {
  it(
    'refunds automatically a payment that arrives after the order was cancelled, and shows it',
    async () => {
      const locale: Locale = 'en-US';
      const { buyer, shopper, order } = await shopperWithOrder(delayed.baseUrl, locale, 'paythencancel');
      const cookie = await staffCookie(delayed.baseUrl, 'admin');
      const mailsBefore = (await staffMailbox(delayed.baseUrl, cookie, buyer.email)).length;
      const tabA = shopper.page;
      const tabB = await secondTab(shopper);
      await tabB.goto(orderPage(order.id));
      await heading(tabB, text(locale, 'orders.detailTitle')).waitFor();

      await openPayPage(tabA, locale, order.id);
      const chargeId = await payOnGateway(tabA);
      await heading(tabA, text(locale, 'tips.pending')).waitFor();
      // Before the payment's news arrives (held back for a few seconds), the shopper cancels in the other tab.
      await cancelOnOrderPage(tabB, locale);
      expect((await orderOf(shopper.context, order.id)).charges[0]?.status).toBe('voided');

      await heading(tabA, text(locale, 'tips.autoRefunding')).waitFor({ timeout: 35_000 });
      await heading(tabA, text(locale, 'tips.autoRefunded')).waitFor({ timeout: 35_000 });
      await tabA.getByText(/refunded automatically because the order was cancelled/).waitFor();
      expect(await seriousAccessibilityViolations(tabA)).toEqual([]);

      const after = await orderOf(shopper.context, order.id);
      expect(after.status).toBe('cancelled');
      expect(after.charges).toMatchObject([
        { id: chargeId, status: 'refunded', refundedAmount: after.total },
      ]);
      expect(after.refunds).toMatchObject([
        { chargeId, kind: 'automatic', reason: 'order_cancelled', status: 'succeeded', amount: after.total },
      ]);
      expect(held(after)).toBe(0);
      // The shopper is told by mail too.
      const mail = await nextStaffMail(delayed.baseUrl, cookie, buyer.email, mailsBefore);
      expect(mail.subject).toMatch(/giving back a payment/);

      await tabA.getByRole('link', { name: text(locale, 'orders.viewOrder') }).click();
      await heading(tabA, text(locale, 'orders.detailTitle')).waitFor();
      const refunds = tabA.getByRole('region', { name: text(locale, 'orders.refunds') });
      await refunds.getByText(text(locale, 'orders.refund.orderCancelled')).waitFor();
      await refunds.getByText(text(locale, 'orders.refund.succeeded'), { exact: true }).waitFor();
      const payments = tabA.getByRole('region', { name: text(locale, 'orders.payments') });
      await payments.getByText(text(locale, 'orders.charge.refunded'), { exact: true }).waitFor();
      expect(await seriousAccessibilityViolations(tabA)).toEqual([]);
      expect(await fitsPhone(tabA)).toBeLessThanOrEqual(360);
      expect(pageErrors(shopper)).toEqual([]);
      await shopper.context.close();
    },
    DELAYED_STORY_MS,
  );

  it.each(['en-US', 'pt-BR', 'zh-CN', 'zh-TW'] as const)(
    '%s: a pay page left open on an order cancelled meanwhile takes no money, and /tips says so',
    async (locale) => {
      const { shopper, order } = await shopperWithOrder(
        baseUrl,
        locale,
        `cancelthenpay${locale.slice(0, 2)}`,
      );
      const tabA = shopper.page;
      await openPayPage(tabA, locale, order.id);
      const tabB = await secondTab(shopper);
      await tabB.goto(orderPage(order.id));
      await heading(tabB, text(locale, 'orders.detailTitle')).waitFor();
      await cancelOnOrderPage(tabB, locale);

      const chargeId = await payOnGateway(tabA);
      await heading(tabA, text(locale, 'tips.voided')).waitFor({ timeout: 35_000 });
      await tabA.getByText(text(locale, 'tips.voidedText')).waitFor();
      expect(await seriousAccessibilityViolations(tabA)).toEqual([]);

      const after = await orderOf(shopper.context, order.id);
      expect(after.status).toBe('cancelled');
      expect(after.charges).toMatchObject([{ id: chargeId, status: 'voided', refundedAmount: 0 }]);
      expect(after.refunds).toEqual([]);
      expect(held(after)).toBe(0);

      await tabA.getByRole('link', { name: text(locale, 'orders.viewOrder') }).click();
      await heading(tabA, text(locale, 'orders.detailTitle')).waitFor();
      const payments = tabA.getByRole('region', { name: text(locale, 'orders.payments') });
      await payments.getByText(text(locale, 'orders.charge.voided'), { exact: true }).waitFor();
      expect(await seriousAccessibilityViolations(tabA)).toEqual([]);
      expect(await fitsPhone(tabA)).toBeLessThanOrEqual(360);
      expect(pageErrors(shopper)).toEqual([]);
      await shopper.context.close();
    },
  );
});

interface Line {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

/** A staff call from the test itself, with an admin's session cookie. */
async function asStaff<T>(shop: string, path: string, body: unknown): Promise<T> {
  const cookie = await staffCookie(shop, 'admin');
  const reply = await fetch(`${shop}/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US', cookie },
    body: JSON.stringify(body),
  });
  const envelope = (await reply.json()) as { code: number; data: T; msg: unknown };
  expect(envelope.code, `${path}: ${JSON.stringify(envelope.msg)}`).toBe(200);
  return envelope.data;
}

async function waitForOrder(
  context: BrowserContext,
  id: string,
  done: (order: OrderDetail & { lines: Line[] }) => boolean,
) {
  const deadline = Date.now() + 35_000;
  for (;;) {
    const order = (await orderOf(context, id)) as OrderDetail & { lines: Line[] };
    if (done(order)) return order;
    if (Date.now() > deadline) throw new Error(`order ${id} did not get there within 35 s: ${order.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('after the sale, from the shopper’s side', () => {
  const locale: Locale = 'en-US';
  let shopper: ShopperPage;
  let page: Page;
  let order: OrderDetail & { lines: Line[] };
  let line: Line;

  beforeAll(async () => {
    const placed = await shopperWithOrder(baseUrl, locale, 'aftersale');
    shopper = placed.shopper;
    page = shopper.page;
    // Two units of one line, paid with 4242 on the gateway (as the storefront does) and shipped by staff.
    const request = shopper.context.request;
    await data(request.post(`/v1/home/orders/${placed.order.id}/cancel`));
    const addressId = (await data<{ id: string }[]>(request.get('/v1/home/addresses')))[0]!.id;
    const skuId = await wellStockedSku(request);
    const two = await data<OrderDetail>(
      request.post('/v1/home/orders', { data: { addressId, items: [{ skuId, quantity: 2 }], note: '' } }),
    );
    const charge = await data<{ payUrl: string }>(
      request.post('/v1/home/charges', { data: { orderId: two.id, channel: 'sandbox' } }),
    );
    const paid = await request.post(charge.payUrl, {
      form: { card: '4242 4242 4242 4242' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    await waitForOrder(shopper.context, two.id, (o) => o.status === 'paid');
    await asStaff(baseUrl, `/admin/orders/${two.id}/ship`, {
      carrier: 'Correios',
      trackingNumber: 'BR123456789',
    });
    order = await waitForOrder(shopper.context, two.id, (o) => o.status === 'shipped');
    line = order.lines[0]!;
  });
  afterAll(() => shopper?.context.close());

  it('sees a staff refund of one unit as a partial refund: its line, amount, reason and status', async () => {
    await asStaff(baseUrl, `/admin/orders/${order.id}/refunds`, {
      amount: line.price,
      reason: 'Scratched lid, as agreed by phone',
      lines: [{ lineId: line.id, quantity: 1, restock: false }],
    });
    await waitForOrder(shopper.context, order.id, (o) => o.status === 'partially_refunded');

    await page.goto(orderPage(order.id));
    await heading(page, text(locale, 'orders.detailTitle')).waitFor();
    await page
      .locator('.section-head')
      .getByText(text(locale, 'order.status.partiallyRefunded'), { exact: true })
      .waitFor();
    const refunds = page.getByRole('region', { name: text(locale, 'orders.refunds') });
    await refunds.getByText('Scratched lid, as agreed by phone').waitFor();
    await refunds.getByText(text(locale, 'orders.refund.succeeded'), { exact: true }).waitFor();
    await refunds.getByText(`${line.name} × 1`).waitFor();
    const items = page.getByRole('region', { name: text(locale, 'order.items') });
    await items.getByText('1 unit refunded').waitFor();
    const payments = page.getByRole('region', { name: text(locale, 'orders.payments') });
    await payments.getByText(text(locale, 'orders.charge.partiallyRefunded'), { exact: true }).waitFor();
    const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: order.currency }).format(
      line.price / 100,
    );
    await payments.getByText(`${amount} refunded`).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await fitsPhone(page)).toBeLessThanOrEqual(360);
  });

  it('asks to return the other unit with the "Return items" form, and follows the return', async () => {
    await page.goto(orderPage(order.id));
    await heading(page, text(locale, 'orders.detailTitle')).waitFor();
    const open = page.getByRole('button', { name: 'Return items' });
    await open.click();
    const form = page.getByRole('form', { name: 'Return items' });
    // Focus moves to the form's heading, so a screen reader starts reading there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Return items');

    // Nothing chosen yet: the form says what is missing.
    await form.getByRole('button', { name: 'Send return request' }).click();
    await form.getByRole('alert').getByText(text(locale, 'returns.needLines')).waitFor();

    const choose = form.getByRole('checkbox', { name: line.name });
    await choose.check();
    // One unit was refunded already: one is left to return.
    const units = form.getByRole('spinbutton', { name: `Units of ${line.name}` });
    expect(await units.getAttribute('max')).toBe('1');
    await form.getByRole('button', { name: 'Send return request' }).click();
    await form.getByRole('alert').getByText(text(locale, 'returns.needReason')).waitFor();
    await form.getByLabel('Reason').selectOption({ label: text(locale, 'returns.reason.damaged') });
    await form.getByLabel('Note').fill('The box was crushed.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await fitsPhone(page)).toBeLessThanOrEqual(360);
    await form.getByRole('button', { name: 'Send return request' }).click();

    await page.getByRole('status').getByText(text(locale, 'returns.sent')).waitFor();
    const returns = page.getByRole('region', { name: text(locale, 'returns.title') });
    await returns.getByText(text(locale, 'returns.status.new'), { exact: true }).first().waitFor();
    await returns.getByText(text(locale, 'returns.reason.damaged')).waitFor();
    await returns.getByText('The box was crushed.').waitFor();
    // Nothing is left to return, so the button is gone.
    await expect.poll(() => open.count()).toBe(0);

    // Staff approve with a message: the shopper sees it and the new step.
    const [requested] = (await orderOf(shopper.context, order.id)).returns;
    await asStaff(baseUrl, `/admin/returns/${requested!.id}/approve`, { message: 'Please send it by post.' });
    await page.reload();
    await returns.getByText('Please send it by post.').waitFor();
    await returns
      .getByRole('list', { name: text(locale, 'returns.history') })
      .getByText('Approved')
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(pageErrors(shopper)).toEqual([]);
  });
});
