import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import { codeIn, linkIn, mailbox, nextMail, TINY_PNG, uniqueShopper } from './support/accounts.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let shopper: ShopperPage;
let page: Page;
const ana = uniqueShopper('ana');
const newPassword = 'Lantern-Orchard-8531!';
const finalPassword = 'Copper-Meadow-4176?';

beforeAll(async () => {
  browser = await launchChromium();
  shopper = await openShopper(browser, baseUrl, 'en-US');
  page = shopper.page;
});
afterAll(() => browser?.close());

const heading = (name: string) => page.getByRole('heading', { level: 1, name });
const headerNav = () => page.getByRole('navigation', { name: 'Main' });

/** One shopper's whole life in the shop, step by step; each step starts where the previous one ended. */
describe('a shopper registers, activates, logs in, edits, changes and resets the password', () => {
  it('registers with a texted code, watching the password strength', async () => {
    await page.goto('/register');
    await heading('Create an account').waitFor();
    await page.getByLabel('Email', { exact: true }).fill(ana.email);
    const password = page.getByLabel('Password', { exact: true });
    for (const [typed, strength] of [
      ['abc', 'Strength: too short'],
      // The server refuses it, so the meter may not call it medium (it did).
      ['123456', 'Strength: too easy to guess'],
      ['bluefox93', 'Strength: medium'],
      [ana.password, 'Strength: strong'],
    ] as const) {
      await password.fill(typed);
      await page.getByText(strength, { exact: true }).waitFor();
    }
    await page.getByLabel('Confirm password').fill(ana.password);
    await page.getByLabel('Country or region code').selectOption('CN');
    await page.getByLabel('Phone number without country code').fill(ana.nationalPhone);

    await page.getByRole('button', { name: 'Send code' }).click();
    const code = codeIn(await nextMail(baseUrl, ana.phone));
    // The 60 s countdown starts once the code is sent.
    await expect.poll(() => page.getByRole('button', { name: /^Resend in \d+ s$/ }).isDisabled()).toBe(true);
    await page.getByLabel('Verification code').fill(code);

    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL('**/registersucess');
    await heading('Check your inbox').waitFor();
    await page.getByText(`We have sent an activation email to ${ana.email}.`, { exact: false }).waitFor();
  });

  it('activates the account with the mailed link, and says it is active when the link is opened again', async () => {
    const link = linkIn(await nextMail(baseUrl, ana.email), '/registersucess');
    expect(link.startsWith(baseUrl)).toBe(true);
    await page.goto(link);
    await heading('Your account is active').waitFor();
    await page.getByRole('link', { name: 'Log in', exact: true }).last().waitFor();
    // Titled as what happened, not as the page the route shows after registering ("Activation email sent").
    await expect.poll(() => page.title()).toMatch(/^Account activation · /);

    await page.goto(link);
    await heading('Your account is already active').waitFor();
    await page.getByText('This link was used before, and your account is active. You can log in.').waitFor();
    await page.getByRole('link', { name: 'Log in', exact: true }).last().waitFor();
    await expect.poll(() => page.title()).toMatch(/^Account activation · /);
  });

  it('is sent to log in from a page that needs an account, and comes back to it', async () => {
    await page.goto('/user');
    await page.waitForURL('**/login?redirect=%2Fuser');
    await page.getByLabel('Email', { exact: true }).fill(ana.email);
    await page.getByLabel('Password', { exact: true }).fill(ana.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/user');
    await heading('My account').waitFor();
    // The header knows at once, without a reload.
    await headerNav().getByRole('link', { name: 'My account' }).waitFor();
    await headerNav().getByRole('button', { name: 'Log out' }).waitFor();
    await page.getByText(ana.email, { exact: true }).waitFor();
    await page.getByText('+86 139', { exact: false }).waitFor();
  });

  it('edits the profile, with a previewed avatar checked before it is sent', async () => {
    await page.getByLabel('Nickname').fill('Ana Souza');
    await page.getByLabel('Gender').selectOption('female');
    await page.getByLabel('Birthday').fill('1990-04-01');

    const avatarInput = page.locator('#profile-avatar');
    await avatarInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await page.getByText('Please upload a PNG, JPEG or WebP image.').waitFor();
    await avatarInput.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1),
    });
    await page.getByText('The image is too large (at most 2 MB).').waitFor();
    await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    const preview = page.getByRole('img', { name: 'Preview of your new profile photo' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    expect(await page.getByText('The image is too large').count()).toBe(0);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile was saved.').waitFor();

    await page.reload();
    await heading('My account').waitFor();
    await expect.poll(() => page.getByLabel('Nickname').inputValue()).toBe('Ana Souza');
    expect(await page.getByLabel('Gender').inputValue()).toBe('female');
    expect(await page.getByLabel('Birthday').inputValue()).toBe('1990-04-01');
    const avatar = page.getByRole('img', { name: 'Your profile photo' });
    expect(await avatar.getAttribute('src')).toMatch(/^\/media\/[a-f0-9]+\.webp$/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  });

  it('changes the password with the current one', async () => {
    await page.getByRole('link', { name: 'Change password' }).click();
    await heading('Change password').waitFor();
    await page.getByLabel('Current password').fill(ana.password);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL('**/user');
    await page.getByText('Your password was changed.').waitFor();
  });

  it('logs out from the header and lands on the home page as a guest', async () => {
    await headerNav().getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await headerNav().getByRole('link', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => document.cookie)).not.toContain('shop_signed_in');
    await page.goto('/user');
    await page.waitForURL('**/login?redirect=%2Fuser');
  });

  it('asks for a reset link, and is told the same whatever the address', async () => {
    const seen = (await mailbox(baseUrl, ana.email)).length;
    const stranger = `nobody.${Date.now()}@example.com`;
    for (const email of [stranger, ana.email]) {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await heading('Forgot your password?').waitFor();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.waitForURL('**/forgetsucess');
      await page
        .getByText(`If an account uses ${email}, a link to set a new password is on its way.`)
        .waitFor();
    }
    expect(await mailbox(baseUrl, stranger)).toEqual([]);

    const link = linkIn(await nextMail(baseUrl, ana.email, seen), '/passwordchange');
    await page.goto(link);
    await heading('Set a new password').waitFor();
    await page.getByLabel('New password').fill(finalPassword);
    await page.getByLabel('Confirm password').fill(finalPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('status').filter({ hasText: 'Your new password is set. Please log in.' }).waitFor();
  });

  it('logs in by phone with the new password', async () => {
    await page.getByRole('button', { name: 'Phone number' }).click();
    await page.getByLabel('Country or region code').selectOption('CN');
    await page.getByLabel('Phone number without country code').fill(ana.nationalPhone);
    await page.getByLabel('Password', { exact: true }).fill(finalPassword);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/user');
    await heading('My account').waitFor();
    await expect.poll(() => page.getByLabel('Nickname').inputValue()).toBe('Ana Souza');
  });

  it('saw no console error and no failed request on the way', () => {
    expect(shopper.errors).toEqual([]);
  });
});
