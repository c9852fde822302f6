import { afterAll, beforeAll, describe, expect, inject, it, type ExpectStatic } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_FACTS } from '@shop/db/seed';
import { collectPageErrors, launchChromium, openShopper, seriousAdminViolations } from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import { activatedShopper, placeAndPay, signInWithAddress, wellStockedSku } from './support/orders.ts';
import { loginAsStaff } from './support/staff.ts';

/**
 * Every back-office page on a phone held upright and on a common laptop: no serious or critical axe finding, and
 * nothing wider than the screen (a member of staff checking an order on the go must not scroll sideways to reach a
 * button). Tables may scroll inside their own box; the page itself may not.
 */
const baseUrl = inject('baseUrl');
const WIDTHS = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
];

let browser: Browser;
let staff: ShopperPage;
let orderId = '';
let shopperId = '';

/**
 * The pages are checked a few at a time, each in its own tab of the one signed-in admin context (the session is
 * shared, the login is done once): `maxConcurrency` in vitest.config.ts says how many tests run at once, and as many
 * tabs are opened. A tab is taken by one test at a time; what its console reports is kept per tab.
 */
const TABS = 4;
interface Tab {
  page: Page;
  errors: string[];
}
const idle: Tab[] = [];
const waiting: ((tab: Tab) => void)[] = [];
const allTabs: Tab[] = [];

async function openTab(): Promise<Tab> {
  const page = await staff.context.newPage();
  return { page, errors: collectPageErrors(page) };
}

function takeTab(): Promise<Tab> {
  const tab = idle.pop();
  return tab ? Promise.resolve(tab) : new Promise((resolve) => waiting.push(resolve));
}

function giveBack(tab: Tab) {
  const next = waiting.shift();
  if (next) next(tab);
  else idle.push(tab);
}

/** Console errors other than refused requests (a page may ask for what this admin may not see). */
const consoleErrors = (errors: string[]) => errors.filter((e) => !/^\d{3} |Failed to load resource/.test(e));

beforeAll(async () => {
  browser = await launchChromium();
  const buyer = await activatedShopper(baseUrl, 'admin-widths');
  const shopper = await openShopper(browser, baseUrl, 'en-US');
  const addressId = await signInWithAddress(shopper.page.request, buyer);
  const order = await placeAndPay(shopper.page.request, {
    addressId,
    skuId: await wellStockedSku(shopper.page.request),
  });
  orderId = order.id;
  const me = (await (await shopper.page.request.get('/v1/home/users/me')).json()) as { data: { id: string } };
  shopperId = me.data.id;
  await shopper.context.close();
  staff = await openShopper(browser, baseUrl, 'en-US');
  await loginAsStaff(staff.page, 'admin');
  allTabs.push({ page: staff.page, errors: staff.errors });
  for (let i = 1; i < TABS; i++) allTabs.push(await openTab());
  idle.push(...allTabs);
});
afterAll(async () => {
  // A console error that came after its test had ended (a late request) still fails the file.
  try {
    for (const { errors } of allTabs) expect(consoleErrors(errors)).toEqual([]);
  } finally {
    await browser?.close();
  }
});

/**
 * Each page, with what shows once its data has arrived: the monitor's live badge (its stream keeps the network busy),
 * otherwise a quiet network and no spinner or skeleton.
 */
const PAGES = [
  '/admin/dashboard/analysis',
  '/admin/dashboard/monitor',
  '/admin/dashboard/workplace',
  '/admin/dashboard/reconciliation',
  '/admin/list/goods',
  '/admin/list/orders',
  '/admin/list/returns',
  '/admin/list/reviews',
  '/admin/list/shoppers',
  '/admin/list/coupons',
  '/admin/list/categories',
  '/admin/list/search',
  '/admin/form/goods',
  `/admin/form/goods/${DEMO_FACTS.search.goodsId}`,
  '/admin/form/coupon',
  '/admin/form/settings',
  '/admin/form/goal',
  '/admin/profile/order/:order',
  '/admin/profile/shopper/:shopper',
  '/admin/account/center',
  '/admin/account/settings?tab=basic',
  '/admin/account/staff',
  '/admin/account/audit',
  '/admin/account/mailbox',
];

async function settled(page: Page, path: string, expect: ExpectStatic) {
  if (path.endsWith('/monitor')) await page.getByRole('status').getByText('Live').waitFor();
  else await page.waitForLoadState('networkidle');
  // With other tabs at work beside it, a page may take some seconds to draw what it has received.
  await expect
    .poll(() => page.locator('.ant-spin-spinning, .ant-skeleton-active').count(), { timeout: 15_000 })
    .toBe(0);
}

/** How far the page reaches past the right edge of the screen, in CSS pixels (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.each(WIDTHS)('the back office at $width px', (viewport) => {
  it.concurrent.for(PAGES)(
    '%s fits the screen and has no serious axe finding',
    async (template, { expect }) => {
      const tab = await takeTab();
      try {
        const { page, errors } = tab;
        const seen = errors.length;
        await page.setViewportSize(viewport);
        const path = template.replace(':order', orderId).replace(':shopper', shopperId);
        await page.goto(path);
        await settled(page, path, expect);
        const problems: string[] = [];
        const wider = await overflow(page);
        if (wider > 0) problems.push(`${wider} px wider than the screen`);
        problems.push(...(await seriousAdminViolations(page)));
        expect(problems).toEqual([]);
        expect(consoleErrors(errors.slice(seen))).toEqual([]);
      } finally {
        giveBack(tab);
      }
    },
  );
});
