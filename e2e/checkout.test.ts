import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import { linkIn, nextMail, registerByApi, uniqueShopper, unexpectedErrors } from './support/accounts.ts';
import type { TestShopper } from './support/accounts.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let shopper: ShopperPage;
let page: Page;
let buyer: TestShopper;

interface Sku {
  id: string;
  goodsName: string;
  price: number;
}
let first: Sku;
let second: Sku;
let shop: { shippingFee: number; freeShippingOver: number };

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const reply = await fetch(`${baseUrl}/v1${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US', ...init?.headers },
  });
  const body = (await reply.json()) as { code: number; data: T; msg: unknown };
  expect(body.code, `${path}: ${JSON.stringify(body.msg)}`).toBe(200);
  return body.data;
}

/** A registered and activated shopper, made through the API: code by text, register, link by mail. */
async function activatedShopper(name: string): Promise<TestShopper> {
  const created = uniqueShopper(name);
  await registerByApi(baseUrl, created);
  const token = new URL(linkIn(await nextMail(baseUrl, created.email), '/registersucess')).searchParams.get(
    'token',
  );
  await api('/home/users/activate', { method: 'POST', body: JSON.stringify({ token }) });
  return created;
}

/** One SKU with stock to spare from each of two different goods. */
async function twoSkus(): Promise<[Sku, Sku]> {
  const goods = await api<{ id: string }[]>('/home/goods?sort=sales&pageSize=20');
  const found: Sku[] = [];
  for (const { id } of goods) {
    const detail = await api<{ name: string; skus: { id: string; price: number; stock: number }[] }>(
      `/home/goods/${id}`,
    );
    const sku = detail.skus.find((s) => s.stock >= 10);
    if (sku) found.push({ id: sku.id, goodsName: detail.name, price: sku.price });
    if (found.length === 2) return [found[0]!, found[1]!];
  }
  throw new Error('the demo catalog has no two goods in stock');
}

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const main = () => page.locator('main');
// The sandbox gateway's page names no icon, so the browser asks for /favicon.ico there and gets a 404.
const pageErrors = () => unexpectedErrors(shopper.errors, ['/favicon.ico']);

/** Pays on the sandbox gateway's own page, which sends the browser back to /tips. */
async function payOnGateway(card: string) {
  await page.waitForURL('**/v1/sandbox/checkout/**');
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/tips?orderId=*');
}

beforeAll(async () => {
  browser = await launchChromium();
  [[first, second], buyer, shop] = await Promise.all([
    twoSkus(),
    activatedShopper('checkout'),
    api<{ shippingFee: number; freeShippingOver: number }>('/home/systems'),
  ]);
  shopper = await openShopper(browser, baseUrl, 'en-US');
  page = shopper.page;
});
afterAll(() => browser?.close());

describe('a new shopper buys from the cart and pays with the sandbox card', () => {
  it('fills a cart as a guest, changing quantities and choices', async () => {
    await page.goto('/');
    // The goods page's "add to cart" sends exactly this; the browser keeps the guest cart's cookie.
    for (const sku of [first, second]) {
      const added = await page.request.post('/v1/home/cart/items', { data: { skuId: sku.id, quantity: 1 } });
      expect(added.status()).toBe(200);
    }
    await page.goto('/cart');
    await heading('Shopping cart').waitFor();
    const line = (sku: Sku) => main().getByRole('listitem').filter({ hasText: sku.goodsName });
    await line(first).waitFor();
    await line(second).waitFor();
    const subtotal = main().locator('.summary strong');
    await expect.poll(() => subtotal.textContent()).toBe(usd(first.price + second.price));

    await line(first).getByRole('button', { name: 'One more' }).click();
    await expect.poll(() => line(first).getByLabel('Quantity', { exact: true }).inputValue()).toBe('2');
    await expect.poll(() => subtotal.textContent()).toBe(usd(first.price * 2 + second.price));

    const includeSecond = page.getByRole('checkbox', { name: `Include ${second.goodsName} in the order` });
    await includeSecond.uncheck();
    await expect.poll(() => subtotal.textContent()).toBe(usd(first.price * 2));
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await expect.poll(() => includeSecond.isChecked()).toBe(true);
    await expect.poll(() => subtotal.textContent()).toBe(usd(first.price * 2 + second.price));

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('logs in on the way to checkout, and finds the guest cart merged into theirs', async () => {
    await page.getByRole('button', { name: 'Check out' }).click();
    // Signed out, checkout offers signing in or buying as a guest (e2e/guest-checkout.test.ts).
    await page.waitForURL('**/order');
    await page.locator('main').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login?redirect=%2Forder');
    await page.getByLabel('Email', { exact: true }).fill(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill(buyer.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/order');
    await heading('Checkout').waitFor();

    await page.goto('/cart');
    await heading('Shopping cart').waitFor();
    await expect
      .poll(() => main().locator('.summary strong').textContent())
      .toBe(usd(first.price * 2 + second.price));
  });

  it('adds a delivery address at checkout and gets the claimed coupon suggested', async () => {
    const coupons = await api<{ id: string; minSpend: number }[]>('/home/coupons');
    const welcome = coupons.find((coupon) => coupon.minSpend === 0)!;
    // Claimed as the home page's "Claim" button does, in this shopper's session.
    expect((await page.request.post(`/v1/home/coupons/${welcome.id}/claim`)).status()).toBe(200);

    await page.getByRole('button', { name: 'Check out' }).click();
    await page.waitForURL('**/order');
    await page.getByText('You have no delivery address yet.').waitFor();
    await page.getByLabel('Recipient').fill('Ana Souza');
    await page.getByLabel('Country or region code').selectOption('BR');
    await page.getByLabel('Phone number without country code').fill('11 98765 4321');
    await page.getByLabel('Country or region', { exact: true }).selectOption('BR');
    await page.getByLabel('State or province').selectOption('BR-SP');
    await page.getByLabel('City').selectOption({ label: 'São Paulo' });
    await page.getByLabel('Street address').fill('Rua Augusta 100, apto 12');
    await page.getByLabel('Postal code', { exact: true }).fill('01305-000');
    await page.getByRole('button', { name: 'Save address' }).click();

    const address = page.getByRole('radio', { name: /Ana Souza/ });
    await expect.poll(() => address.isChecked()).toBe(true);
    await main().getByText(first.goodsName).first().waitFor();
    await main().getByText(second.goodsName).first().waitFor();

    const coupon = page.getByRole('radio', { name: /Welcome gift/ });
    await expect.poll(() => coupon.isChecked()).toBe(true);
    await page.getByText('Best saving').waitFor();
    const subtotal = first.price * 2 + second.price;
    const shipping = subtotal - 300 >= shop.freeShippingOver ? 0 : shop.shippingFee;
    const totals = main().locator('.totals');
    await expect.poll(() => totals.textContent()).toContain(`−${usd(300)}`);
    await expect
      .poll(() => totals.locator('dd.totals-total').textContent())
      .toBe(usd(subtotal - 300 + shipping));

    // Without the coupon the discount goes, and comes back when it is chosen again.
    await page.getByRole('radio', { name: 'No coupon' }).check();
    await expect
      .poll(() => totals.locator('dd.totals-total').textContent())
      .toBe(usd(subtotal + (subtotal >= shop.freeShippingOver ? 0 : shop.shippingFee)));
    await coupon.check();
    await expect
      .poll(() => totals.locator('dd.totals-total').textContent())
      .toBe(usd(subtotal - 300 + shipping));

    await page.getByLabel('Note for the shop (optional)').fill('Please ring twice.');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('places the order, pays with 4242 on the sandbox page and is told it is paid', async () => {
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await payOnGateway('4242 4242 4242 4242');
    await heading('Payment received').waitFor({ timeout: 35_000 });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('sees the order as paid under my orders, with its lines, address and history', async () => {
    await page.getByRole('link', { name: 'View order' }).click();
    await heading('Order details').waitFor();
    await main().getByText('Ana Souza').waitFor();
    const numberShown = main()
      .locator('dl.facts dt', { hasText: 'Order number' })
      .locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => numberShown.textContent()).toMatch(/^\d+$/);
    const number = (await numberShown.textContent())!;
    await main().getByText('Please ring twice.').waitFor();
    const history = main().locator('.timeline');
    await expect
      .poll(() => history.textContent())
      .toMatch(/Awaiting payment.*by you.*Paid.*by the payment service/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Back to my orders' }).click();
    await heading('My orders').waitFor();
    await page.getByRole('tab', { name: 'Paid' }).click();
    await page.waitForURL('**/my/order?status=paid');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('article').first().waitFor();
    expect(await panel.getByRole('article').count()).toBe(1);
    await panel.getByText('Paid', { exact: true }).waitFor();
    // Named by its number, the one the order page shows, with the date beside it.
    await panel.getByRole('heading', { level: 2, name: `Order ${number}` }).waitFor();
    // The cart's bought lines are gone.
    const cart = await page.request.get('/v1/home/cart');
    expect(((await cart.json()) as { data: { items: unknown[] } }).data.items).toEqual([]);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(pageErrors()).toEqual([]);
  });
});

describe('a declined card', () => {
  it('leaves a bought-now order unpaid, and payable again', async () => {
    await page.goto(`/order?skuId=${encodeURIComponent(first.id)}&quantity=1`);
    await main().getByText(first.goodsName).first().waitFor();
    await expect.poll(() => page.getByRole('radio', { name: /Ana Souza/ }).isChecked()).toBe(true);
    // The one welcome coupon was spent on the first order.
    await page.getByText('None of your coupons fits this order.').waitFor();
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await payOnGateway('4000 0000 0000 0002');
    await heading('Payment declined').waitFor({ timeout: 35_000 });
    await page.getByRole('button', { name: 'Pay again' }).waitFor();

    await page.goto('/my/order?status=pending_payment');
    const panel = page.getByRole('tabpanel');
    const card = panel.getByRole('article').filter({ hasText: first.goodsName });
    await card.getByText('Awaiting payment', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Pay now' }).click();
    await payOnGateway('4242424242424242');
    await heading('Payment received').waitFor({ timeout: 35_000 });

    await page.goto('/my/order?status=pending_payment');
    await page.getByText('You have no orders here yet.').waitFor();
    expect(pageErrors()).toEqual([]);
  });
});

describe('the address book', () => {
  it('adds, makes default, edits and deletes an address', async () => {
    await page.goto('/address');
    await heading('My addresses').waitFor();
    const card = (name: string) => main().getByRole('article').filter({ hasText: name });
    await card('Ana Souza').getByText('Default', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add an address' }).click();
    await page.getByLabel('Recipient').fill('Bo Chen');
    await page.getByLabel('Country or region code').selectOption('US');
    await page.getByLabel('Phone number without country code').fill('415 555 0132');
    await page.getByLabel('Country or region', { exact: true }).selectOption('US');
    await page.getByLabel('State or province').selectOption('US-CA');
    await page.getByLabel('City').selectOption({ label: 'San Francisco' });
    await page.getByLabel('Street address').fill('88 Harbor Street');
    await page.getByLabel('Postal code', { exact: true }).fill('94105');
    await page.getByRole('button', { name: 'Save address' }).click();

    await card('Bo Chen').waitFor();
    await card('Bo Chen').getByRole('button', { name: 'Make default' }).click();
    await card('Bo Chen').getByText('Default', { exact: true }).waitFor();
    expect(await card('Ana Souza').getByText('Default', { exact: true }).count()).toBe(0);

    await card('Bo Chen').getByRole('button', { name: /^Edit/ }).click();
    await expect
      .poll(() => page.getByLabel('Phone number without country code').inputValue())
      .toBe('4155550132');
    await page.getByLabel('Street address').fill('90 Harbor Street');
    await page.getByRole('button', { name: 'Save address' }).click();
    await card('90 Harbor Street').waitFor();

    await card('Bo Chen').getByRole('button', { name: 'Delete' }).click();
    await card('Bo Chen').getByText('Delete this address?').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await card('Bo Chen').getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => card('Bo Chen').count()).toBe(0);
    // The remaining address becomes the default again.
    await card('Ana Souza').getByText('Default', { exact: true }).waitFor();
    expect(pageErrors()).toEqual([]);
  });

  it('offers the provinces of China by their Chinese names, in pinyin order, to a shopper reading Chinese', async () => {
    await page.goto('/address');
    await heading('My addresses').waitFor();
    await page.getByLabel('Language').selectOption('zh-CN');
    try {
      await page.getByRole('button', { name: '新增地址' }).click();
      await page.getByLabel('国家或地区', { exact: true }).selectOption('CN');
      const provinces = page.getByLabel('省份或州').locator('option');
      await expect.poll(() => provinces.count()).toBeGreaterThan(30);
      const names = (await provinces.allTextContents()).slice(1); // after "please choose"
      expect(names.slice(0, 3)).toEqual(['安徽省', '澳门特别行政区', '北京市']);
      expect(names).toContain('广东省');
      expect(names.filter((name) => /[A-Za-z]/.test(name))).toEqual([]);
    } finally {
      await page.getByLabel('语言').selectOption('en-US');
      await heading('My addresses').waitFor();
    }
    expect(pageErrors()).toEqual([]);
  });
});
