import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchChromium,
  openShopper,
  seriousAccessibilityViolations,
  seriousAdminViolations,
} from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import { codeIn, linkIn, nextMail, uniqueShopper, unexpectedErrors } from './support/accounts.ts';
import type { TestShopper } from './support/accounts.ts';
import { data } from './support/orders.ts';
import { loginAsStaff } from './support/staff.ts';

/**
 * Issue 13, guest checkout: on a phone, a visitor buys without an account, pays with the sandbox card, opens the
 * order again from its mail, and later registers with the same address and finds the order in the account.
 */
const baseUrl = inject('baseUrl');
const PHONE = { width: 360, height: 740 };
let browser: Browser;
let guest: ShopperPage;
let page: Page;
/** The guest's address, and the phone and password they register with afterwards. */
let buyer: TestShopper;
let sku: { id: string; goodsName: string };
/** The paid order as the guest's page showed it: its id, number and link. */
const order = { id: '', number: '', link: '' };

const heading = (p: Page, name: string | RegExp) => p.getByRole('heading', { level: 1, name });
// The sandbox gateway's page names no icon, so the browser asks for /favicon.ico there and gets a 404.
const pageErrors = (shopper: ShopperPage) => unexpectedErrors(shopper.errors, ['/favicon.ico']);

/** Whether anything makes the page wider than its viewport (a phone's screen scrolling sideways). */
const widerThanViewport = (p: Page) =>
  p.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

beforeAll(async () => {
  browser = await launchChromium();
  buyer = uniqueShopper('guest');
  const goods = await fetch(`${baseUrl}/v1/home/goods?sort=sales&pageSize=20`).then(
    (reply) => reply.json() as Promise<{ data: { id: string }[] }>,
  );
  for (const { id } of goods.data) {
    const detail = await fetch(`${baseUrl}/v1/home/goods/${id}`, {
      headers: { 'accept-language': 'en-US' },
    }).then(
      (reply) => reply.json() as Promise<{ data: { name: string; skus: { id: string; stock: number }[] } }>,
    );
    const inStock = detail.data.skus.find((s) => s.stock >= 5);
    if (inStock) {
      sku = { id: inStock.id, goodsName: detail.data.name };
      break;
    }
  }
  expect(sku).toBeDefined();
  guest = await openShopper(browser, baseUrl, 'en-US');
  page = guest.page;
  await page.setViewportSize(PHONE);
});
afterAll(() => browser?.close());

describe('a guest on a phone', () => {
  it('chooses to check out as a guest, with a form that axe finds nothing serious on and that fits the phone', async () => {
    await page.goto('/');
    // The goods page's "add to cart" sends exactly this; the browser keeps the guest cart's cookie.
    expect(
      (await page.request.post('/v1/home/cart/items', { data: { skuId: sku.id, quantity: 1 } })).status(),
    ).toBe(200);
    await page.goto('/cart');
    await heading(page, 'Shopping cart').waitFor();
    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL('**/order');
    await page.getByRole('heading', { level: 2, name: 'How would you like to check out?' }).waitFor();
    await page.locator('main').getByRole('link', { name: 'Log in' }).waitFor();
    await page.getByRole('button', { name: 'Check out as a guest' }).click();
    await heading(page, 'Check out as a guest').waitFor();
    await page.getByLabel('Recipient').waitFor();
    await page.locator('main').getByText(sku.goodsName).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await widerThanViewport(page)).toBe(false);
  });

  it('gives the email and the address, places the order and pays with the sandbox card', async () => {
    // Choosing to buy as a guest put focus on the first thing to fill in: the email.
    const email = page.getByLabel('Email for your order');
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    await email.fill(buyer.email);
    await page.getByLabel('Recipient').fill('Bia Lima');
    await page.getByLabel('Country or region code').selectOption('BR');
    await page.getByLabel('Phone number without country code').fill('11 98765 4321');
    await page.getByLabel('Country or region', { exact: true }).selectOption('BR');
    await page.getByLabel('State or province').selectOption('BR-SP');
    await page.getByLabel('City').selectOption({ label: 'São Paulo' });
    await page.getByLabel('Street address').fill('Rua Augusta 100');
    await page.getByLabel('Postal code', { exact: true }).fill('01305-000');
    await page.getByRole('button', { name: 'Use this address' }).click();

    // The address is shown as chosen, and focus moves on to what is left: placing the order.
    await page.locator('main .address-text').getByText('Bia Lima').waitFor();
    const place = page.getByRole('button', { name: 'Place order and pay' });
    await expect.poll(() => place.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.locator('main .totals').waitFor();
    expect(await widerThanViewport(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await place.click();
    await page.waitForURL('**/v1/sandbox/checkout/**');
    expect(await widerThanViewport(page)).toBe(false);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/tips?orderId=*');
    expect(new URL(page.url()).searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    await heading(page, 'Payment received').waitFor({ timeout: 35_000 });
  });

  it('sees the order paid on its page, with an invitation to keep it in an account', async () => {
    await page.getByRole('link', { name: 'View order' }).click();
    await page.waitForURL('**/my/order?id=*&token=*');
    await heading(page, 'Order details').waitFor();
    const main = page.locator('main');
    await main.locator('dl.facts').getByText('Paid', { exact: true }).waitFor();
    await main.getByText(sku.goodsName).first().waitFor();
    await main.getByText(`Create an account with ${buyer.email} to keep track of your orders.`).waitFor();
    const numberShown = main
      .locator('dl.facts dt', { hasText: 'Order number' })
      .locator('xpath=following-sibling::dd[1]');
    order.number = (await numberShown.textContent()) ?? '';
    order.id = new URL(page.url()).searchParams.get('id') ?? '';
    expect(order.number).toMatch(/^\d+$/);
    expect(await widerThanViewport(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // The guest cart lost the bought line.
    const cart = await data<{ items: unknown[] }>(page.request.get('/v1/home/cart'));
    expect(cart.items).toEqual([]);
    expect(pageErrors(guest)).toEqual([]);
  });
});

describe("the order's mail", () => {
  it('holds the link that opens the order in a fresh browser, and without its token nobody sees it', async () => {
    const mail = await nextMail(baseUrl, buyer.email);
    const link = /https?:\/\/[^\s"<>]+\/my\/order\?id=[\w-]+&token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    order.link = link!;
    expect(new URL(order.link).searchParams.get('id')).toBe(order.id);
    expect(order.link.startsWith(baseUrl)).toBe(true);

    const fresh = await openShopper(browser, baseUrl, 'en-US');
    try {
      await fresh.page.setViewportSize(PHONE);
      await fresh.page.goto(order.link);
      await heading(fresh.page, 'Order details').waitFor();
      await fresh.page.locator('main dl.facts').getByText(order.number, { exact: true }).waitFor();

      // Without the token: a visitor is asked to log in; with a wrong one, the order is not found.
      await fresh.page.goto(`/my/order?id=${order.id}`);
      await fresh.page.waitForURL('**/login?redirect=*');
      await fresh.page.goto(`/my/order?id=${order.id}&token=${'A'.repeat(43)}`);
      await heading(fresh.page, 'Order not found').waitFor();
      await expect.poll(() => fresh.page.locator('main').textContent()).not.toContain(order.number);
      expect(unexpectedErrors(fresh.errors, [`/v1/home/orders/${order.id}`])).toEqual([]);
    } finally {
      await fresh.context.close();
    }
  });
});

describe('the back office', () => {
  it("shows the guest's email with a Guest tag in the orders table and on the order", async () => {
    const staff = await openShopper(browser, baseUrl, 'en-US');
    try {
      const p = staff.page;
      await loginAsStaff(p, 'staff');
      await p.goto('/admin/list/orders');
      await p.getByLabel('Search', { exact: true }).fill(order.number);
      await p.getByRole('button', { name: 'Query', exact: true }).click();
      const rows = p.locator('.ant-pro-table tbody tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(1);
      await expect.poll(() => rows.first().textContent()).toContain(buyer.email);
      await rows.first().locator('.ant-tag', { hasText: 'Guest' }).waitFor();
      await p.getByRole('link', { name: `Open order ${order.number}` }).click();
      await p.waitForURL(`**/admin/profile/order/${order.id}`);
      const main = p.locator('main');
      await main.getByText(buyer.email).waitFor();
      await main.locator('.ant-tag', { hasText: 'Guest' }).waitFor();
      expect(await seriousAdminViolations(p)).toEqual([]);
    } finally {
      await staff.context.close();
    }
  });
});

describe('registering later with the same address', () => {
  it('in pt-BR: invited from the order page, registers, activates, and finds the order in the account', async () => {
    const later = await openShopper(browser, baseUrl, 'pt-BR');
    try {
      const p = later.page;
      await p.setViewportSize(PHONE);
      await p.goto(order.link);
      await heading(p, 'Detalhes do pedido').waitFor();
      await p.getByText(`Crie uma conta com ${buyer.email} para acompanhar seus pedidos.`).waitFor();
      await p.locator('main').getByRole('link', { name: 'Criar uma conta' }).click();
      await p.waitForURL('**/register?email=*');
      await heading(p, 'Criar uma conta').waitFor();
      expect(await p.getByLabel('E-mail', { exact: true }).inputValue()).toBe(buyer.email);

      await p.getByLabel('Senha', { exact: true }).fill(buyer.password);
      await p.getByLabel('Confirmar senha').fill(buyer.password);
      await p.getByLabel('Código do país ou região').selectOption('CN');
      await p.getByLabel('Telefone sem o código do país').fill(buyer.nationalPhone);
      await p.getByRole('button', { name: 'Enviar código' }).click();
      await p.getByLabel('Código de verificação').fill(codeIn(await nextMail(baseUrl, buyer.phone)));
      await p.getByRole('button', { name: 'Cadastrar', exact: true }).click();
      await p.waitForURL('**/registersucess');

      // The activation mail, not the "someone tried to register with your address" notice.
      const activation = await nextMail(baseUrl, buyer.email, 2);
      await p.goto(linkIn(activation, '/registersucess'));
      await heading(p, 'Sua conta está ativa').waitFor();
      await p.goto('/login?redirect=%2Fmy%2Forder');
      await p.getByLabel('E-mail', { exact: true }).fill(buyer.email);
      await p.getByLabel('Senha', { exact: true }).fill(buyer.password);
      await p.getByRole('button', { name: 'Entrar', exact: true }).click();
      await p.waitForURL('**/my/order');
      await p.getByRole('heading', { level: 2, name: `Pedido ${order.number}` }).waitFor();
      expect(await widerThanViewport(p)).toBe(false);
      expect(unexpectedErrors(later.errors, ['/v1/home/users/me'])).toEqual([]);
    } finally {
      await later.context.close();
    }
  });
});
