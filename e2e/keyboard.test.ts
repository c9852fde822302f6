import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { postcodeFormats } from '@shop/contract';
import { DEMO_FACTS } from '@shop/db/seed';
import { launchChromium, openShopper } from './support/browser.ts';
import { activatedShopper, data, wellStockedSku } from './support/orders.ts';
import { expectFocusShown, isFocused, tabTo } from './support/focus.ts';

/**
 * Issue 15: a keyboard-only shopper never loses their place. After every key press focus is on a control (not
 * `<body>`), inside the viewport and not under the sticky header (what is drawn at its centre is the control).
 */
const baseUrl = inject('baseUrl');
const DESKTOP = { width: 1366, height: 768 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** `expect.poll` with time for the shop to answer (its default second is too short on a busy machine). */
const poll = <T>(read: () => Promise<T> | T, options: { timeout?: number } = {}) =>
  expect.poll(read, { timeout: 10_000, ...options });

/** Logs the page's context in as `shopper` (the session cookie is the page's): no pointer involved. */
async function logIn(page: Page, shopper: { email: string; password: string }) {
  await data(
    page.request.post('/v1/home/users/login', {
      data: { account: shopper.email, password: shopper.password },
    }),
  );
}

/** Presses `key` on the focused control and checks that focus is still shown. */
async function press(page: Page, key: string, step: string) {
  await page.keyboard.press(key);
  await expectFocusShown(page, `${step}: after ${key}`);
}

/**
 * Moves the focused select to the option with `value` as a keyboard user does: Home then ArrowDown, or End then
 * ArrowUp, whichever is fewer presses.
 */
async function arrowTo(page: Page, select: Locator, value: string) {
  const { index, count } = await select.evaluate(
    (element: HTMLSelectElement, wanted) => ({
      index: [...element.options].findIndex((option) => option.value === wanted),
      count: element.options.length,
    }),
    value,
  );
  expect(index, `no option ${value}`).toBeGreaterThanOrEqual(0);
  if (index < count - index) {
    await page.keyboard.press('Home');
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  } else {
    await page.keyboard.press('End');
    for (let i = count - 1; i > index; i--) await page.keyboard.press('ArrowUp');
  }
}

/** Chooses the first real option of the focused select (after "Choose…") with the arrow key. */
async function firstOption(page: Page) {
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
}

/** A new address on the checkout's form, field by field, with Tab and typing only. */
async function fillAddressByKeyboard(page: Page, locale: 'en-US' | 'zh-CN', step: string) {
  const form = page.locator('main form').filter({ has: page.locator('#order-address-name') });
  await tabTo(page, form.locator('#order-address-name'), { step });
  await page.keyboard.type(locale === 'en-US' ? 'Ana Lima' : '李安娜');
  const phone = form.locator('input[type="tel"]');
  await tabTo(page, phone, { step });
  await page.keyboard.type(locale === 'en-US' ? '6502530000' : '13800138000');
  // Delivery to China in both languages: its places come in whole levels (province, city, district).
  const country = 'CN';
  const countrySelect = form
    .locator('select')
    .filter({ has: page.locator(`option[value="${country}"]`) })
    .last();
  await tabTo(page, countrySelect, { step });
  await arrowTo(page, countrySelect, country);
  await poll(() => countrySelect.inputValue()).toBe(country);
  // Each further level (state, city, district) appears once the one above is chosen: its first place will do.
  for (let level = 1; level < 4; level++) {
    // The places under the last choice have arrived (not those of a place passed on the way).
    await page.waitForLoadState('networkidle');
    // China has all three levels, so each is waited for: a level that had not appeared 400 ms after the one above
    // (a slow machine) used to end the loop, and the address went without a city.
    const select = form.locator(`select[id$="-region-${level}"]`);
    await select.waitFor({ state: 'visible', timeout: 10_000 });
    await select.locator('option').nth(1).waitFor({ state: 'attached' });
    await tabTo(page, select, { step });
    await firstOption(page);
    await poll(() => select.inputValue()).not.toBe('');
  }
  // A list that arrived late (after a place passed on the way) may have reset a choice: made again, going back.
  for (let level = 3; level >= 1; level--) {
    const select = form.locator(`select[id$="-region-${level}"]`);
    if (!(await select.isVisible().catch(() => false)) || (await select.inputValue()) !== '') continue;
    await tabTo(page, select, { step, backwards: true });
    await firstOption(page);
    await poll(() => select.inputValue()).not.toBe('');
    await page.waitForLoadState('networkidle');
  }
  await tabTo(page, form.locator('#order-address-detail'), { step });
  await page.keyboard.type(locale === 'en-US' ? '100 Main Street' : '人民路 100 号');
  await tabTo(page, form.locator('#order-address-postcode'), { step });
  await page.keyboard.type(postcodeFormats[country]!.example);
  await tabTo(page, form.locator('button[type="submit"]'), { step });
  await press(page, 'Enter', `${step} Save address`);
}

describe.each(['en-US', 'zh-CN'] as const)('a keyboard-only purchase in %s', (locale) => {
  it('searches, adds to the cart, checks out with a new address and pays, never losing focus', async () => {
    const shopper = await activatedShopper(baseUrl, `keys-${locale}`);
    const { context, page, errors } = await openShopper(browser, baseUrl, locale);
    try {
      await page.setViewportSize(DESKTOP);
      await logIn(page, shopper);
      await page.goto('/');
      await page.locator('main h1').first().waitFor();

      // Search: from the top of the page into the header's search box.
      const search = page.locator('header input[type="search"]');
      await tabTo(page, search, { step: 'to the search box' });
      await page.keyboard.type(DEMO_FACTS.search.name[locale]);
      await press(page, 'Enter', 'search');
      await page.waitForURL(/keyword=/);

      // The goods found, by its name, then its page.
      const card = page.locator('main a').filter({ hasText: DEMO_FACTS.search.name[locale] }).first();
      await tabTo(page, card, { step: 'to the goods found' });
      await press(page, 'Enter', 'open the goods');
      await page.waitForURL(/\/detail\?id=/);
      await page.locator('main form.purchase').waitFor();

      // Add to cart; an option still to choose takes focus first and is chosen with Space.
      const add = page.locator('main form.purchase button[type="submit"]');
      for (let attempt = 0; attempt < 5; attempt++) {
        await tabTo(page, add, { step: 'to Add to cart' });
        await press(page, 'Enter', 'Add to cart');
        if (await isFocused(add)) break;
        // Focus went to the first option not chosen yet.
        await press(page, 'Space', 'choose the option');
      }
      const added = page.locator('main .purchase-added');
      await poll(() => added.textContent(), { timeout: 10_000 }).not.toBe('');
      // The busy button kept focus through the request, and nothing covers it or the options.
      expect(await isFocused(add)).toBe(true);
      await expectFocusShown(page, 'after the goods was added');
      const overlaps = await page.evaluate(() => {
        const message = document.querySelector('.purchase-added')!.getBoundingClientRect();
        return [...document.querySelectorAll('.option-group, .purchase-actions')].filter((group) => {
          const box = group.getBoundingClientRect();
          return !(box.bottom <= message.top || box.top >= message.bottom);
        }).length;
      });
      expect(overlaps, 'the "added" message lies over the options or the buttons').toBe(0);

      // Backwards through the whole page to the header's cart link: nothing hides under the header.
      const cartLink = page.locator('header a[href="/cart"]');
      await tabTo(page, cartLink, { backwards: true, step: 'back to the cart link' });
      await press(page, 'Enter', 'open the cart');
      await page.waitForURL(/\/cart$/);
      const checkout = page.locator('main .summary button');
      await tabTo(page, checkout, { step: 'to Check out' });
      await press(page, 'Enter', 'check out');
      await page.waitForURL(/\/order$/);

      // A first address, typed in at checkout; saved, it is the chosen address and has focus.
      await fillAddressByKeyboard(page, locale, 'checkout address');
      const chosen = page.locator('main input[name="order-address"]:checked');
      await chosen.waitFor({ state: 'attached', timeout: 10_000 });
      await poll(() => isFocused(chosen)).toBe(true);
      await expectFocusShown(page, 'after saving the address');

      const place = page.locator('main form button[type="submit"].button-block');
      await poll(() => place.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe(null);
      await tabTo(page, place, { step: 'to Place order' });
      await page.keyboard.press('Enter');

      // The sandbox gateway's own page, by keyboard too.
      await page.waitForURL('**/v1/sandbox/checkout/**', { timeout: 15_000 });
      const card4242 = page.locator('#card');
      await tabTo(page, card4242, { step: 'to the card number' });
      await page.keyboard.type('4242 4242 4242 4242');
      // Paying leaves the gateway's page for the shop's: a new document, checked below.
      await page.keyboard.press('Enter');
      await page.waitForURL('**/tips?orderId=*', { timeout: 15_000 });
      await page.locator('main h1').first().waitFor();
      // A page loaded afresh starts at its top: the first Tab reaches the skip link, shown.
      await page.keyboard.press('Tab');
      await expectFocusShown(page, 'first Tab on /tips');
      expect(errors.filter((error) => !error.includes('/favicon.ico'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('cart and address actions keep focus', () => {
  it('"One less" and Remove in the cart leave focus on the next thing to do', async () => {
    const shopper = await activatedShopper(baseUrl, 'keys-cart');
    const { context, page } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.setViewportSize(DESKTOP);
      await logIn(page, shopper);
      const skuId = await wellStockedSku(page.request);
      const other = await data<{ skus: { id: string; stock: number }[] }>(
        page.request.get(`/v1/home/goods/${DEMO_FACTS.search.goodsId}`),
      );
      const second = other.skus.find((sku) => sku.id !== skuId && sku.stock > 2)!;
      await data(page.request.post('/v1/home/cart/items', { data: { skuId, quantity: 2 } }));
      await data(page.request.post('/v1/home/cart/items', { data: { skuId: second.id, quantity: 1 } }));
      await page.goto('/cart');
      const lines = page.locator('main .cart-line');
      await poll(() => lines.count()).toBe(2);
      const firstLine = lines.filter({ has: page.locator(`input[id="cart-quantity-${skuId}"]`) });

      const fewer = firstLine.getByRole('button', { name: 'One less' });
      await tabTo(page, fewer, { step: 'to One less' });
      await press(page, 'Enter', 'One less (2 → 1)');
      await poll(() => firstLine.locator('input[type="number"]').inputValue()).toBe('1');
      await page.waitForTimeout(300);
      expect(await isFocused(fewer)).toBe(true);
      await expectFocusShown(page, 'after One less');

      const remove = firstLine.getByRole('button', { name: /^Remove / });
      await tabTo(page, remove, { step: 'to Remove' });
      await press(page, 'Enter', 'Remove');
      await poll(() => lines.count()).toBe(1);
      // The next line's name has focus now.
      await poll(() => isFocused(lines.first().locator('.cart-line-info a'))).toBe(true);
      await expectFocusShown(page, 'after Remove');

      await tabTo(page, lines.first().getByRole('button', { name: /^Remove / }), {
        step: 'to the last Remove',
      });
      await press(page, 'Enter', 'Remove the last line');
      const browse = page.locator('main .empty a');
      await poll(() => isFocused(browse)).toBe(true);
      await expectFocusShown(page, 'after emptying the cart');
    } finally {
      await context.close();
    }
  });

  it('address buttons say which address they act on, and Save, Cancel, Make default and Delete keep focus', async () => {
    const shopper = await activatedShopper(baseUrl, 'keys-address');
    const { context, page } = await openShopper(browser, baseUrl, 'en-US');
    try {
      await page.setViewportSize({ width: 360, height: 740 });
      await logIn(page, shopper);
      for (const [name, city, code] of [
        ['Ana Lima', 'São Paulo', 'BR-3550308'],
        ['Bruno Costa', 'Campinas', 'BR-3509502'],
      ] as const) {
        await data(
          page.request.post('/v1/home/addresses', {
            data: {
              name,
              phone: '+5511987654321',
              regionCodes: ['BR', 'BR-SP', code],
              detail: `Rua ${city} 100`,
              postcode: '01305-000',
              isDefault: name === 'Ana Lima',
            },
          }),
        );
      }
      await page.goto('/address');
      const main = page.locator('main');
      await main.locator('.address-card').nth(1).waitFor();
      // Each button names its address.
      for (const name of [
        'Delete address Ana Lima, São Paulo',
        'Delete address Bruno Costa, Campinas',
        'Edit address Bruno Costa, Campinas',
        'Make default: address Bruno Costa, Campinas',
      ]) {
        expect(await main.getByRole('button', { name, exact: true }).count(), name).toBe(1);
      }

      // Edit, then Cancel: back on the same Edit button.
      const editBruno = main.getByRole('button', { name: 'Edit address Bruno Costa, Campinas' });
      await tabTo(page, editBruno, { step: 'to Edit' });
      await press(page, 'Enter', 'Edit');
      const cancel = main.getByRole('button', { name: 'Cancel' });
      await tabTo(page, cancel, { step: 'to Cancel' });
      await press(page, 'Enter', 'Cancel');
      await poll(() => isFocused(editBruno)).toBe(true);
      await expectFocusShown(page, 'after Cancel');

      // Edit, then Save: back on the saved address.
      await press(page, 'Enter', 'Edit again');
      await tabTo(page, main.getByRole('button', { name: 'Save address' }), { step: 'to Save' });
      await press(page, 'Enter', 'Save');
      await poll(() => isFocused(editBruno), { timeout: 10_000 }).toBe(true);
      await expectFocusShown(page, 'after Save');

      // Make default: the button goes, focus stays on that address.
      const makeDefault = main.getByRole('button', { name: 'Make default: address Bruno Costa, Campinas' });
      await tabTo(page, makeDefault, { step: 'to Make default' });
      await press(page, 'Enter', 'Make default');
      await poll(() => makeDefault.count()).toBe(0);
      await poll(() => isFocused(editBruno)).toBe(true);
      await expectFocusShown(page, 'after Make default');

      // Delete, "Yes, delete": focus goes to the address left.
      const deleteBruno = main.getByRole('button', { name: 'Delete address Bruno Costa, Campinas' });
      await tabTo(page, deleteBruno, { step: 'to Delete' });
      await press(page, 'Enter', 'Delete');
      await press(page, 'Enter', 'Yes, delete');
      await poll(() => main.locator('.address-card').count()).toBe(1);
      await poll(() =>
        isFocused(main.getByRole('button', { name: 'Edit address Ana Lima, São Paulo' })),
      ).toBe(true);
      await expectFocusShown(page, 'after Yes, delete');

      // Checkout's "Add a new address", then Cancel: back on "Add a new address".
      const skuId = await wellStockedSku(page.request);
      await data(page.request.post('/v1/home/cart/items', { data: { skuId, quantity: 1 } }));
      await page.goto('/order');
      const addNew = main.locator('#order-address-add');
      await tabTo(page, addNew, { step: 'to Add a new address' });
      await press(page, 'Enter', 'Add a new address');
      await tabTo(page, main.getByRole('button', { name: 'Cancel' }), { step: 'to Cancel at checkout' });
      await press(page, 'Enter', 'Cancel at checkout');
      await poll(() => isFocused(addNew)).toBe(true);
      await expectFocusShown(page, 'after Cancel at checkout');
    } finally {
      await context.close();
    }
  });
});

describe('the language menu', () => {
  it.each([DESKTOP, { width: 360, height: 740 }])(
    'waits for a choice at $width px: ArrowDown does not reload, Enter does and focus returns to it',
    async (viewport) => {
      const { context, page, errors } = await openShopper(browser, baseUrl, 'en-US');
      try {
        await page.setViewportSize(viewport);
        await page.goto('/cart');
        await page.locator('main h1').first().waitFor();
        let loads = 0;
        page.on('load', () => loads++);
        const menuButton = page.locator('header button[aria-controls]');
        if (await menuButton.isVisible()) {
          await tabTo(page, menuButton, { step: 'to the menu' });
          await press(page, 'Enter', 'open the menu');
        }
        const select = page.locator('header select');
        await tabTo(page, select, { step: 'to the language menu' });
        await page.keyboard.press('ArrowDown');
        await page.waitForTimeout(1000);
        expect(loads, 'ArrowDown reloaded the page').toBe(0);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
        expect(await isFocused(select)).toBe(true);
        expect(await select.inputValue()).toBe('pt-BR');

        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
        expect(loads).toBe(1);
        expect(new URL(page.url()).pathname).toBe('/cart');
        await page.locator('main h1').first().waitFor();
        await poll(() => isFocused(page.locator('header select'))).toBe(true);
        await expectFocusShown(page, 'after the reload');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
