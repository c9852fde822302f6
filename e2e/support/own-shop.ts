import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Locale, StaffRole } from '@shop/contract';
import { launchChromium, openShopper, type ShopperPage } from './browser.ts';
import { startShop, type RunningShop } from './shop-server.ts';
import { ensureStaffMember, loginAsStaff, STAFF_ACCOUNTS } from './staff.ts';

/** A test file's own shop, its browser, and the pages it opened (closed with it). */
export interface OwnShop {
  readonly baseUrl: string;
  readonly browser: Browser;
  /** A new browser context in `locale`, as a visitor. */
  open(locale: Locale): Promise<ShopperPage>;
  /** A back-office page in `locale`, logged in as `role`; the login page's own 401 is left out of its errors. */
  openBackOffice(role: StaffRole, locale?: Locale): Promise<ShopperPage>;
}

/**
 * Starts a shop for this test file alone, with the demo's four markets, their taxes and shipping zones (the suite's
 * shared shop sells in its own market only: e2e/support/markets.ts), a known admin and member of staff, and a
 * browser. Registers its own `beforeAll` and `afterAll`: call it at the top of the file, before the file's own hooks,
 * so that the file's clean-up runs while the shop is still up.
 */
export function ownShopWithDemoMarkets(): OwnShop {
  let own: RunningShop | undefined;
  let browser: Browser | undefined;
  const opened: ShopperPage[] = [];

  beforeAll(async () => {
    [browser, own] = await Promise.all([
      launchChromium(),
      startShop(
        { ADMIN_EMAIL: STAFF_ACCOUNTS.admin.email, ADMIN_PASSWORD: STAFF_ACCOUNTS.admin.password },
        { demoMarkets: true },
      ),
    ]);
    await ensureStaffMember(own.baseUrl);
  });

  afterAll(async () => {
    for (const session of opened) await session.context.close();
    await browser?.close();
    await own?.stop();
  });

  const shop: OwnShop = {
    get baseUrl() {
      if (!own) throw new Error('the shop has not started yet');
      return own.baseUrl;
    },
    get browser() {
      if (!browser) throw new Error('the browser has not started yet');
      return browser;
    },
    async open(locale) {
      const session = await openShopper(shop.browser, shop.baseUrl, locale);
      opened.push(session);
      return session;
    },
    async openBackOffice(role, locale = 'en-US') {
      const session = await shop.open(locale);
      await loginAsStaff(session.page, role);
      session.errors.length = 0;
      return session;
    },
  };
  return shop;
}
