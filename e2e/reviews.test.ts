import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import {
  launchChromium,
  openShopper,
  seriousAccessibilityViolations,
  seriousAdminViolations,
} from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import { codeIn, linkIn, uniqueShopper } from './support/accounts.ts';
import type { Mail, TestShopper } from './support/accounts.ts';
import { data, signInWithAddress, wellStockedSku } from './support/orders.ts';
import { startShop } from './support/shop-server.ts';
import type { RunningShop } from './support/shop-server.ts';
import { ensureStaffMember, loginAsStaff, STAFF_ACCOUNTS, staffCookie } from './support/staff.ts';

/**
 * Reviews and ratings (issue 13): a shopper whose order staff marked shipped reviews the goods with a photo; staff
 * publish it with a reply in the back office; the detail page shows it with the verified mark, the average and
 * the distribution, and carries schema.org AggregateRating. Its own shop: published ratings change what listings
 * show.
 */

const SETTLED = { timeout: 20_000 };

let browser: Browser;
let shop: RunningShop;
let adminCookie: string;
let buyer: TestShopper;
let shopper: ShopperPage;
let staff: ShopperPage;

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, cookie?: string): Promise<T> {
  const reply = await fetch(`${shop.baseUrl}/v1${path}`, {
    method,
    headers: {
      'accept-language': 'en-US',
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(cookie && { cookie }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const envelope = (await reply.json()) as { code: number; msg: unknown; data: T };
  expect(envelope.code, `${path}: ${JSON.stringify(envelope.msg)}`).toBe(200);
  return envelope.data;
}

/** Mail as an admin reads it in the back office's mailbox. */
async function nextStaffMail(to: string): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await call<Mail[]>(
      'GET',
      `/admin/mailbox?to=${encodeURIComponent(to)}`,
      undefined,
      adminCookie,
    );
    if (mails.length > 0) return mails[0]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function activatedShopper(name: string): Promise<TestShopper> {
  const created = uniqueShopper(name);
  await call('POST', '/home/verification-codes', { phone: created.phone });
  const code = codeIn(await nextStaffMail(created.phone));
  const { email, phone, password } = created;
  await call('POST', '/home/users/register', { email, password, confirm: password, phone, code });
  const link = linkIn(await nextStaffMail(created.email), '/registersucess');
  await call('POST', '/home/users/activate', { token: new URL(link).searchParams.get('token') });
  return created;
}

beforeAll(async () => {
  const env = { ADMIN_EMAIL: STAFF_ACCOUNTS.admin.email, ADMIN_PASSWORD: STAFF_ACCOUNTS.admin.password };
  [browser, shop] = await Promise.all([launchChromium(), startShop(env).catch(() => startShop(env))]);
  await ensureStaffMember(shop.baseUrl);
  adminCookie = await staffCookie(shop.baseUrl, 'admin');
  buyer = await activatedShopper('reviews');
  shopper = await openShopper(browser, shop.baseUrl, 'en-US');
  staff = await openShopper(browser, shop.baseUrl, 'en-US');
  await loginAsStaff(staff.page, 'staff');
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('a review of goods received', () => {
  let goodsId: string;
  const title = 'Sturdy and exactly as pictured';

  it('is written with a photo by the shopper whose order was shipped, and waits for approval', async () => {
    const request = shopper.context.request;
    const addressId = await signInWithAddress(request, buyer);
    const skuId = await wellStockedSku(request);
    const placed = await data<{ id: string; lines: { goodsId: string }[] }>(
      request.post('/v1/home/orders', { data: { addressId, items: [{ skuId, quantity: 1 }] } }),
    );
    goodsId = placed.lines[0]!.goodsId;
    const charge = await data<{ payUrl: string }>(
      request.post('/v1/home/charges', { data: { orderId: placed.id, channel: 'sandbox' } }),
    );
    const paid = await request.post(charge.payUrl, {
      form: { card: '4242 4242 4242 4242' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    await expect
      .poll(
        async () => (await data<{ status: string }>(request.get(`/v1/home/orders/${placed.id}`))).status,
        SETTLED,
      )
      .toBe('paid');

    // Paid but not shipped: nothing to review yet.
    const page = shopper.page;
    await page.goto(`/detail?id=${goodsId}`);
    const section = page.locator('section[aria-labelledby="detail-reviews"]');
    await section.getByText('No reviews yet.').waitFor();
    await section.getByText('Reviews are written by shoppers who received this item.').waitFor();

    await call(
      'POST',
      `/admin/orders/${placed.id}/ship`,
      { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      adminCookie,
    );
    await page.reload();
    const form = section.locator('form.review-form');
    await form.getByRole('heading', { name: 'Write a review' }).waitFor();
    await form.getByRole('radio', { name: '4 stars' }).check();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Your review').fill('Solid build, arrived in two days.\nWould buy again.');
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'desk.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByRole('img', { name: 'Photo 1 of your review' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Submit review' }).click();

    const mine = section.locator('.reviews-mine');
    await mine.getByText('Awaiting approval').waitFor(SETTLED);
    expect(await mine.innerText()).toContain(title);
    // Nobody else sees it yet.
    const guest = await call<unknown[]>('GET', `/home/goods/${goodsId}/reviews`);
    expect(guest).toEqual([]);
  });

  it('is published by staff with a reply, in the back office’s reviews queue', async () => {
    const page = staff.page;
    await page.goto('/admin/list/reviews');
    const row = page.locator('.ant-pro-table tbody tr.ant-table-row').filter({ hasText: title });
    await row.waitFor(SETTLED);
    expect(await row.innerText()).toContain('Pending');
    expect(await seriousAdminViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Reply to the review “${title}”` }).click();
    const dialog = page.getByRole('dialog', { name: `Reply to “${title}”` });
    await dialog.getByLabel('Public reply').fill('Thank you! Enjoy your new desk.');
    expect(await seriousAdminViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save reply' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: `Publish the review “${title}”` }).click();
    // Published reviews leave the pending tab.
    await row.waitFor({ state: 'detached', ...SETTLED });
    await page.getByRole('tab', { name: 'Published' }).click();
    const published = page.locator('.ant-pro-table tbody tr.ant-table-row').filter({ hasText: title });
    await published.waitFor(SETTLED);
    expect(await published.innerText()).toContain('Thank you! Enjoy your new desk.');
  });

  it('shows on the detail page with the verified mark, average, distribution and AggregateRating', async () => {
    const visitor = await openShopper(browser, shop.baseUrl, 'en-US');
    const page = visitor.page;
    await page.goto(`/detail?id=${goodsId}`);
    const section = page.locator('section[aria-labelledby="detail-reviews"]');
    const review = section.locator('.reviews-list article.review').filter({ hasText: title });
    await review.waitFor(SETTLED);
    expect(await review.innerText()).toContain('Verified purchase');
    expect(await review.innerText()).toContain('Reply from the shop');
    expect(await review.innerText()).toContain('Thank you! Enjoy your new desk.');
    await review.getByRole('img', { name: /^Photo 1 by / }).waitFor();
    expect(await section.locator('.reviews-average-value').innerText()).toBe('4.0');
    await section.getByText('1 review', { exact: true }).waitFor();
    const rows = await section.locator('table.reviews-distribution tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      '5 stars 0',
      '4 stars 1',
      '3 stars 0',
      '2 stars 0',
      '1 star 0',
    ]);
    await page.getByRole('img', { name: 'Rated 4 out of 5, 1 review' }).first().waitFor();

    const ld = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((nodes) =>
        nodes.map((node) => JSON.parse(node.textContent ?? '{}') as Record<string, unknown>),
      );
    expect(ld.find((item) => item['@type'] === 'Product')).toMatchObject({
      '@context': 'https://schema.org',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 },
    });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Sorting keeps the review (the only one) and the page fits a phone held upright.
    await section.getByLabel('Sort reviews').selectOption({ label: 'With photos' });
    await review.waitFor();
    await page.setViewportSize({ width: 360, height: 740 });
    await expect
      .poll(() =>
        page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      )
      .toBe(true);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });
});
