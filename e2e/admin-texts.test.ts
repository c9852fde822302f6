import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCALE_STORAGE_KEY } from '@shop/contract';
import { launchChromium, seriousAdminViolations } from './support/browser.ts';
import { loginAsStaff, staffCookie } from './support/staff.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** A fresh English back office (no session) and every console error and uncaught error it shows. */
async function openAdmin(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'en-US',
    viewport: { width: 1366, height: 900 },
    reducedMotion: 'reduce',
  });
  contexts.push(context);
  await context.addInitScript(
    ([key]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, 'en-US');
    },
    [LOCALE_STORAGE_KEY] as const,
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

async function expectAccessibleAtBothWidths(page: Page, label: string, ready: () => Promise<unknown>) {
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    expect(await seriousAdminViolations(page), `${label} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const admin = async () => ({
  'content-type': 'application/json',
  cookie: await staffCookie(baseUrl, 'admin'),
});

describe('the back office speaks to its staff in sentences', () => {
  it('shows the login page without a single console error, also when a guest is sent there', async () => {
    const { page, errors } = await openAdmin();
    await page.goto('/admin/login');
    await page.locator('#account').waitFor();
    await page.goto('/admin/dashboard/analysis');
    await page.waitForURL(/\/admin\/login\?redirect=/);
    await page.locator('#account').waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    await expectAccessibleAtBothWidths(page, 'login', () => page.locator('#account').waitFor());
  });

  it('saves a new member’s nickname alone, leaving the rest of the basic settings empty', async () => {
    const email = `nick-${Date.now()}@shop.localhost`;
    const password = 'Quartz-Lantern-7731!';
    const created = await fetch(`${baseUrl}/v1/admin/staff`, {
      method: 'POST',
      headers: await admin(),
      body: JSON.stringify({ email, nickname: 'New member', role: 'staff', password }),
    });
    expect(created.status).toBe(201);

    const { page, errors } = await openAdmin();
    await page.goto('/admin/login');
    await page.locator('#account').fill(email);
    await page.locator('#password').fill(password);
    await page.locator('#password').press('Enter');
    await page.waitForURL(/\/admin\/dashboard\/analysis$/);
    await page.goto('/admin/account/settings?tab=basic');
    await page.getByLabel('Nickname').fill('Noa');
    await page.getByRole('button', { name: 'Update Information' }).click();
    await page.getByText('Your information has been updated.').waitFor();
    await page.getByRole('button', { name: /Account menu of Noa/ }).waitFor();
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'basic settings', () =>
      page.getByRole('button', { name: 'Update Information' }).waitFor(),
    );

    await page.getByRole('tab', { name: 'Linked sign-ins' }).click();
    await page
      .getByText('No other sign-in is linked to your account: you sign in with your shop email or phone')
      .waitFor();
    expect(await page.getByText(/Taobao|Alipay|DingTalk/).count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'linked sign-ins', () =>
      page.getByText('No other sign-in is linked').waitFor(),
    );
    expect(errors).toEqual([]);
  });

  it('shows a coupon just created in the audit log as a sentence, linked to the coupons', async () => {
    const title = `SUMMER${Date.now() % 100_000}`;
    const coupon = await fetch(`${baseUrl}/v1/admin/coupons`, {
      method: 'POST',
      headers: await admin(),
      body: JSON.stringify({
        title: { 'en-US': title, 'zh-CN': title },
        kind: 'amount',
        value: 1000,
        minSpend: 0,
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
        total: 10,
        perUserLimit: 1,
      }),
    });
    expect(coupon.status).toBe(201);

    const { page, errors } = await openAdmin();
    await loginAsStaff(page, 'admin');
    await page.goto('/admin/account/audit');
    const sentence = page.locator('.admin-audit-sentence', { hasText: `Admin created coupon “${title}”` });
    await sentence.waitFor();
    expect(await page.getByText('coupon.create').count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'audit log', () => sentence.waitFor());
    await sentence.getByRole('link', { name: title }).click();
    await page.waitForURL(/\/admin\/list\/coupons$/);

    await page.goto('/admin/account/center');
    await page.locator('.admin-center-activity .admin-audit-sentence').first().waitFor();
    expect(await page.locator('.admin-center-activity code').count()).toBe(0);
    await expectAccessibleAtBothWidths(page, 'account center', () =>
      page.locator('.admin-center-activity').waitFor(),
    );
    expect(errors).toEqual([]);
  });
});
