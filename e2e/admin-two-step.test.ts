import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCALE_STORAGE_KEY } from '@shop/contract';
import { launchChromium, seriousAdminViolations } from './support/browser.ts';
import { staffCookie } from './support/staff.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A member of staff of this test only: turning on their second step changes no other test's sign-in. */
const member = {
  email: `two-step-${randomUUID().slice(0, 8)}@shop.localhost`,
  password: 'Harbour-Lichen-6620!',
  nickname: 'Tess Two-Step',
};

beforeAll(async () => {
  const cookie = await staffCookie(baseUrl, 'admin');
  const reply = await fetch(`${baseUrl}/v1/admin/staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ ...member, role: 'staff' }),
  });
  expect(reply.status).toBe(201);
  browser = await launchChromium();
  context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'en-US',
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
    },
    [LOCALE_STORAGE_KEY, 'en-US'] as const,
  );
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/**
 * The authenticator app's code for the time step `steps` away from now. The confirmation uses the step before
 * the current one, so the logins after it (current step) are not replays of it.
 */
const codeAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function fillCredentials() {
  await page.goto('/admin/login');
  await page.locator('#account').fill(member.email);
  await page.locator('#password').fill(member.password);
  await page.locator('#password').press('Enter');
}

async function submitCode(code: string) {
  const field = page.locator('#otp');
  await field.fill(code);
  await field.press('Enter');
}

async function logOut() {
  await page.goto('/admin/account/logout');
  await page.waitForURL(/\/admin\/login/);
}

describe('two-step sign-in for a member of staff', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  it('is turned on in the security tab by reading the setup key beside the QR code', async () => {
    await fillCredentials();
    await page.waitForURL(/\/admin\/dashboard\/analysis$/);
    await page.goto('/admin/account/settings?tab=security');
    await page.getByText('Two-step sign-in', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Turn on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-step sign-in' });
    await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await dialog.getByTestId('two-step-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousAdminViolations(page), 'the set-up dialog').toEqual([]);

    await dialog.getByLabel('Code from the app').fill(await codeAt(secret, -1));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const list = dialog.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await dialog.getByRole('button', { name: 'Download' }).waitFor();
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('On. 10 recovery codes left.').waitFor();
  });

  it('then asks for the code at login and lets the member in only with it', async () => {
    await logOut();
    await fillCredentials();
    await page.getByRole('alert').filter({ hasText: 'Enter the code from your authenticator app' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/login/);
    expect(await page.getByLabel('Authentication code').count()).toBe(1);
    expect(await seriousAdminViolations(page), 'the login page asking for the code').toEqual([]);
    const me = await page.evaluate(async () => (await fetch('/v1/admin/me')).status);
    expect(me).toBe(401);

    await submitCode(await codeAt(secret, 0));
    await page.waitForURL(/\/admin\/dashboard\/analysis$/);
  });

  it('lets the member in once with a recovery code, which then no longer works', async () => {
    const recovery = recoveryCodes[0]!;
    await logOut();
    await fillCredentials();
    await submitCode(recovery);
    await page.waitForURL(/\/admin\/dashboard\/analysis$/);

    await logOut();
    await fillCredentials();
    await submitCode(recovery);
    await page
      .getByRole('alert')
      .filter({ hasText: 'The code is wrong or has already been used.' })
      .waitFor();
    expect(page.url()).toMatch(/\/admin\/login/);
  });
});
