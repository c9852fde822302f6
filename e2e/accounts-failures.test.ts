import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { serverMessages } from '@shop/contract';
import type { Locale, MessageKey } from '@shop/contract';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import {
  codeIn,
  linkIn,
  mailbox,
  nextMail,
  registerByApi,
  uniqueShopper,
  unexpectedErrors,
} from './support/accounts.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** Runs `body` in a fresh shopper context in `locale`, closing it afterwards whatever happens. */
async function asShopper(locale: Locale, body: (shopper: ShopperPage) => Promise<void>): Promise<void> {
  const shopper = await openShopper(browser, baseUrl, locale);
  try {
    await body(shopper);
  } finally {
    await shopper.context.close();
  }
}

/** The spec's validation messages (§5), word for word in en-US; the other locales are the contract's. */
const SPEC_EN: Partial<Record<MessageKey, string>> = {
  'validation.email.required': 'Please enter your email!',
  'validation.email.invalid': 'The email address is in the wrong format!',
  'validation.password.required': 'Please enter your password!',
  'validation.confirm.mismatch': 'The passwords entered twice do not match!',
  'validation.confirm.required': 'Please confirm your password!',
  'validation.phone.required': 'Please enter your phone number!',
  'validation.phone.invalid': 'Malformed phone number!',
  'validation.code.required': 'Please enter the verification code!',
};

describe.each(['en-US', 'zh-CN'] as const)('the validation messages of the spec in %s', (locale) => {
  const says = (key: MessageKey) => {
    const text = serverMessages[locale][key];
    if (locale === 'en-US') expect(text).toBe(SPEC_EN[key]);
    return text;
  };

  it('appear under each registration field before anything is sent', async () => {
    await asShopper(locale, async ({ page, errors }) => {
      await page.goto('/register');
      await page.locator('main h1').waitFor();
      const message = (field: string) => page.locator(`#register-${field}-error`);
      const submit = page.locator('main form button[type=submit]');

      await submit.click();
      await expect.poll(() => message('email').textContent()).toBe(says('validation.email.required'));
      expect(await message('password').textContent()).toBe(says('validation.password.required'));
      expect(await message('confirm').textContent()).toBe(says('validation.confirm.required'));
      expect(await message('phone').textContent()).toBe(says('validation.phone.required'));
      expect(await message('code').textContent()).toBe(says('validation.code.required'));
      // The first invalid field has the focus, and each says it is invalid and why.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-email');
      for (const field of ['email', 'password', 'confirm', 'phone', 'code']) {
        const input = page.locator(`#register-${field}`);
        expect(await input.getAttribute('aria-invalid')).toBe('true');
        expect(await input.getAttribute('aria-describedby')).toContain(`register-${field}-error`);
      }
      if (locale === 'en-US') expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.locator('#register-email').fill('ana@');
      await page.locator('#register-password').fill('abcdef1');
      await page.locator('#register-confirm').fill('abcdef2');
      await page.locator('#register-phone-country').selectOption('CN');
      await page.locator('#register-phone').fill('12345');
      await expect.poll(() => message('email').textContent()).toBe(says('validation.email.invalid'));
      expect(await message('confirm').textContent()).toBe(says('validation.confirm.mismatch'));
      expect(await message('phone').textContent()).toBe(says('validation.phone.invalid'));
      expect(await message('password').count()).toBe(0);

      // "Send code" checks the number first and sends nothing for a malformed one.
      await page.locator('#register-phone').fill('');
      await page.locator('#register-code ~ button').click();
      await expect.poll(() => message('phone').textContent()).toBe(says('validation.phone.required'));
      await page.locator('#register-phone').fill('139');
      await page.locator('#register-code ~ button').click();
      await expect.poll(() => message('phone').textContent()).toBe(says('validation.phone.invalid'));
      expect(errors).toEqual([]);
    });
  });

  it('appear on the login and forgotten-password forms', async () => {
    await asShopper(locale, async ({ page, errors }) => {
      await page.goto('/login');
      await page.locator('main h1').waitFor();
      await page.locator('main form button[type=submit]').click();
      await expect
        .poll(() => page.locator('#login-email-error').textContent())
        .toBe(says('validation.email.required'));
      expect(await page.locator('#login-password-error').textContent()).toBe(
        says('validation.password.required'),
      );
      await page.locator('.segment').nth(1).click();
      await page.locator('main form button[type=submit]').click();
      await expect
        .poll(() => page.locator('#login-phone-error').textContent())
        .toBe(says('validation.phone.required'));

      await page.goto('/forget');
      await page.locator('main h1').waitFor();
      await page.locator('#forget-email').fill('not-an-address');
      await page.locator('main form button[type=submit]').click();
      await expect
        .poll(() => page.locator('#forget-email-error').textContent())
        .toBe(says('validation.email.invalid'));
      expect(errors).toEqual([]);
    });
  });
});

describe('refusals from the server', () => {
  // Registered through the API and not activated; the tests below use it in this order.
  const bo = uniqueShopper('bo');
  beforeAll(() => registerByApi(baseUrl, bo));

  it('says a correct login on an unactivated account needs activation, and sends the mail again', async () => {
    await asShopper('en-US', async ({ page, errors }) => {
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(bo.email);
      await page.getByLabel('Password', { exact: true }).fill(bo.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Your account is not activated yet.' });
      await alert.waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');

      const seen = (await mailbox(baseUrl, bo.email)).length;
      await alert.getByRole('link', { name: 'Send the activation email again' }).click();
      await page.waitForURL('**/registerchange');
      // The address just typed comes along.
      expect(await page.getByLabel('Registered email').inputValue()).toBe(bo.email);
      await page.getByLabel('Password', { exact: true }).fill(bo.password);
      await page.getByRole('button', { name: 'Send activation email' }).click();
      await page.getByRole('heading', { level: 1, name: 'Activation email sent' }).waitFor();
      await nextMail(baseUrl, bo.email, seen);
      expect(unexpectedErrors(errors, ['/v1/home/users/login'])).toEqual([]);
    });
  });

  it('says the account is active when its link is opened again, and an unknown link is not valid', async () => {
    const link = linkIn((await mailbox(baseUrl, bo.email))[0]!, '/registersucess');
    await asShopper('en-US', async ({ page, errors }) => {
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Your account is active' }).waitFor();
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Your account is already active' }).waitFor();
      await page.locator('main').getByRole('link', { name: 'Log in', exact: true }).waitFor();

      await page.goto('/registersucess?token=not-a-mailed-token');
      await page.getByRole('heading', { level: 1, name: 'The account could not be activated' }).waitFor();
      await page.locator('main').getByText('This link is not valid or has already been used.').waitFor();
      const resend = page.getByRole('link', { name: 'Send a new activation email' });
      expect(await resend.getAttribute('href')).toBe('/registerchange');
      expect(unexpectedErrors(errors, ['/v1/home/users/activate'])).toEqual([]);
    });
  });

  // The server's clock cannot be moved from a browser: that a link expires after 24 h, and is then answered
  // with code 2 / HTTP 410, is proven by the API test "says when an activation link has expired" (apps/api,
  // accounts.test.ts). Here the page is handed exactly that answer, to show what the shopper then sees.
  it('says an expired activation link has expired, and offers a new one', async () => {
    await asShopper('en-US', async ({ page, context }) => {
      await context.route('**/v1/home/users/activate', (route) =>
        route.fulfill({
          status: 410,
          json: { code: 2, data: null, msg: serverMessages['en-US']['error.token.expired'] },
        }),
      );
      await page.goto('/registersucess?token=expired-token');
      await page.getByRole('heading', { level: 1, name: 'The account could not be activated' }).waitFor();
      await page.locator('main').getByText('This link has expired. Please ask for a new one.').waitFor();
      await page.getByRole('link', { name: 'Send a new activation email' }).click();
      await page.waitForURL('**/registerchange');
    });
  });

  it('refuses a wrong password without telling which part was wrong', async () => {
    await asShopper('en-US', async ({ page, errors }) => {
      await page.goto('/login?redirect=%2Fpasswordchange');
      await page.getByLabel('Email', { exact: true }).fill(bo.email);
      await page.getByLabel('Password', { exact: true }).fill(`${bo.password}-wrong`);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      // The right password then goes where the shopper was headed.
      await page.getByLabel('Password', { exact: true }).fill(bo.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL('**/passwordchange');
      expect(unexpectedErrors(errors, ['/v1/home/users/login'])).toEqual([]);
    });
  });

  it('puts a wrong code under its field, and takes an address already registered like a fresh one', async () => {
    const cy = { ...uniqueShopper('cy'), email: bo.email };
    const zh = serverMessages['zh-CN'];
    await asShopper('zh-CN', async ({ page, errors }) => {
      await page.goto('/register');
      await page.locator('main h1').waitFor();
      await page.locator('#register-email').fill(cy.email);
      await page.locator('#register-password').fill(cy.password);
      await page.locator('#register-confirm').fill(cy.password);
      await page.locator('#register-phone-country').selectOption('CN');
      await page.locator('#register-phone').fill(cy.nationalPhone);
      await page.locator('#register-code ~ button').click();
      const code = codeIn(await nextMail(baseUrl, cy.phone));
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

      await page.locator('#register-code').fill(wrong);
      await page.locator('main form button[type=submit]').click();
      await expect
        .poll(() => page.locator('#register-code-error').textContent())
        .toBe(zh['error.code.invalid']);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-code');

      // The wrong guess used the code up: the right one is refused too.
      await page.locator('#register-code').fill(code);
      await page.locator('main form button[type=submit]').click();
      await expect
        .poll(() => page.locator('#register-code-error').textContent())
        .toBe(zh['error.code.invalid']);

      // With a fresh code (another phone: the button waits a minute), the taken address gets the same page as
      // a fresh one, and its owner a notice; no account is made for the caller.
      const other = uniqueShopper('cy2');
      const seen = (await mailbox(baseUrl, bo.email)).length;
      const sent = await fetch(`${baseUrl}/v1/home/verification-codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: other.phone }),
      });
      expect(sent.status).toBe(200);
      await page.locator('#register-phone').fill(other.nationalPhone);
      await page.locator('#register-code').fill(codeIn(await nextMail(baseUrl, other.phone)));
      await page.locator('main form button[type=submit]').click();
      await page.waitForURL('**/registersucess');
      const notice = await nextMail(baseUrl, bo.email, seen);
      expect(notice.subject).toMatch(/^Someone tried to register at .+ with your address$/);
      expect(unexpectedErrors(errors, ['/v1/home/users/register'])).toEqual([]);
    });
  });
});
