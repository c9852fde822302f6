import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { linkIn, nextMail, registerByApi, uniqueShopper, unexpectedErrors } from './support/accounts.ts';
import type { TestShopper } from './support/accounts.ts';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import { startShop, type RunningShop } from './support/shop-server.ts';
import { STAFF_ACCOUNTS } from './support/staff.ts';

// A shop of its own, as addresses.test.ts: the browser files before this one spend the shared shop's allowance of
// texted codes from 127.0.0.1 (10 an hour), and this one was refused (429) in the full run.
let own: RunningShop;
let baseUrl = '';
let browser: Browser;

interface Coupon {
  id: string;
  title: string;
  remaining: number;
  perUserLimit: number;
}

async function api<T>(path: string, init: RequestInit & { locale?: string } = {}): Promise<T> {
  const reply = await fetch(`${baseUrl}/v1${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'accept-language': init.locale ?? 'en-US' },
  });
  const body = (await reply.json()) as { code: number; data: T; msg: unknown };
  expect(body.code, `${path}: ${JSON.stringify(body.msg)}`).toBe(200);
  return body.data;
}

/** A registered and activated shopper, made through the API: code by text, register, link by mail. */
async function activatedShopper(name: string): Promise<TestShopper> {
  const created = uniqueShopper(name);
  await registerByApi(baseUrl, created);
  const link = linkIn(await nextMail(baseUrl, created.email), '/registersucess');
  const token = new URL(link).searchParams.get('token');
  await api('/home/users/activate', { method: 'POST', body: JSON.stringify({ token }) });
  return created;
}

beforeAll(async () => {
  const admin = { ADMIN_EMAIL: STAFF_ACCOUNTS.admin.email, ADMIN_PASSWORD: STAFF_ACCOUNTS.admin.password };
  [browser, own] = await Promise.all([launchChromium(), startShop(admin)]);
  baseUrl = own.baseUrl;
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

describe('claiming a coupon on the home page', () => {
  it('works once; a second attempt is refused with the reason, in the page’s language', async () => {
    const shopper = await activatedShopper('coupons');
    // A coupon on offer that a shopper may hold one of, with plenty left whatever other tests claimed.
    const coupons = await api<Coupon[]>('/home/coupons', { locale: 'pt-BR' });
    const coupon = coupons.find((c) => c.perUserLimit === 1 && c.remaining > 10);
    if (!coupon) throw new Error('the demo data has no coupon to claim once with plenty left');

    const { context, page, errors } = await openShopper(browser, baseUrl, 'pt-BR');
    try {
      await page.goto('/login?redirect=%2F');
      await page.getByLabel('E-mail', { exact: true }).fill(shopper.email);
      await page.getByLabel('Senha', { exact: true }).fill(shopper.password);
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');

      const card = page.getByRole('article', { name: coupon.title });
      await card.getByRole('button', { name: 'Pegar cupom' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Cupom obtido. Ele estará disponível ao finalizar a compra.' })
        .waitFor();
      // The button now says the coupon is the shopper's; pressed again, the shop says why not.
      const claimed = card.getByRole('button', { name: 'Cupom obtido' });
      await claimed.waitFor();
      await claimed.click();
      await card.getByText('Você já resgatou este cupom.').waitFor();
      expect(await card.getByRole('status').textContent()).toBe('Você já resgatou este cupom.');

      // The shop remembers: after a reload the coupon is still claimed, once.
      await page.reload();
      await card.getByRole('button', { name: 'Cupom obtido' }).waitFor();
      const mine = await page.request.get('/v1/home/coupons', { headers: { 'accept-language': 'pt-BR' } });
      const after = ((await mine.json()) as { data: (Coupon & { claimed?: boolean })[] }).data;
      expect(after.find((c) => c.id === coupon.id)).toMatchObject({ claimed: true, usable: true });

      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // The refused second claim is the only failed request.
      expect(errors.filter((error) => error.includes(`/coupons/${coupon.id}/claim`)).length).toBeGreaterThan(
        0,
      );
      expect(unexpectedErrors(errors, [`/coupons/${coupon.id}/claim`])).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
