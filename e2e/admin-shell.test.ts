import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LOCALE_STORAGE_KEY, SUPPORTED_LOCALES, type Locale } from '@shop/contract';
import { launchChromium, seriousAdminViolations } from './support/browser.ts';
import { linkIn, nextMail, registerByApi, uniqueShopper } from './support/accounts.ts';
import { loginAsStaff, STAFF_ACCOUNTS, staffCookie } from './support/staff.ts';

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
// A test's own pages are closed after it, so that pages left open (a dashboard refreshing every 10 s, say) do not
// slow the tests after them; pages opened by a group's beforeAll stay open for the whole group.
let openedBefore = 0;
beforeEach(() => {
  openedBefore = contexts.length;
});
afterEach(async () => {
  for (const context of contexts.splice(openedBefore)) await context.close();
});

interface AdminPage {
  page: Page;
  /** Content-Security-Policy violations and uncaught errors seen so far. */
  problems: string[];
}

/**
 * A fresh browser context (no session, no saved settings) whose back office starts in `locale`. The flows ask for
 * reduced motion, as in support/browser.ts, so that no click races an animation; the accessibility tests keep the
 * default motion, to check the back office as most people see it.
 */
async function openAdmin(
  locale: Locale = 'en-US',
  { motion = 'reduce' }: { motion?: 'reduce' | 'no-preference' } = {},
): Promise<AdminPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale,
    viewport: { width: 1280, height: 900 },
    reducedMotion: motion,
  });
  contexts.push(context);
  await context.addInitScript(
    ([key, value]) => {
      // Only on the first load: a test that changes the locale must see its choice after reload.
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, value);
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(
          `CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
        ),
      );
    },
    [LOCALE_STORAGE_KEY, locale] as const,
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('CSP violation'))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

/** No serious or critical axe violation on the whole page: content, dialogs and layout (header, menus). */
async function expectAccessible(page: Page, label: string) {
  expect(await seriousAdminViolations(page), label).toEqual([]);
}

/** The primary button colour antd draws with the current theme colour. */
async function primaryColour(page: Page): Promise<string> {
  return page
    .locator('.ant-btn-primary')
    .first()
    .evaluate((button) => getComputedStyle(button).backgroundColor);
}

describe('the back office shell', () => {
  it('sends a guest to the login page and back to the page they wanted after login', async () => {
    const { page, problems } = await openAdmin();
    await page.goto('/admin/account/center');
    await page.waitForURL(/\/admin\/login\?redirect=%2Faccount%2Fcenter$/);
    // The back office carries the shop's own name, as staff set it.
    const systems = await fetch(`${baseUrl}/v1/home/systems`, { headers: { 'accept-language': 'en-US' } });
    const { shopName } = ((await systems.json()) as { data: { shopName: string } }).data;
    await page.getByRole('heading', { level: 1, name: `${shopName} back office` }).waitFor();

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Please enter your email!').waitFor();
    await page.getByText('Please enter your password!').waitFor();

    await page.getByLabel('Email or phone number').fill(STAFF_ACCOUNTS.admin.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();

    await page.getByLabel('Password', { exact: true }).fill(STAFF_ACCOUNTS.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin\/account\/center$/);
    await page.getByText(STAFF_ACCOUNTS.admin.email).first().waitFor();

    // Already logged in: the login page goes straight to the dashboard.
    await page.goto('/admin/login');
    await page.waitForURL(/\/admin\/dashboard\/analysis$/);
    expect(problems).toEqual([]);
  });

  it('changes the theme colour from the settings drawer, and the choice survives a reload', async () => {
    const { page, problems } = await openAdmin();
    await loginAsStaff(page, 'admin');
    await page.goto('/admin/exception/404');
    await page.getByRole('button', { name: 'Back to home' }).waitFor();
    // Daybreak blue, darkened just enough for white text (layout-settings.ts).
    const daybreak = await primaryColour(page);
    expect(daybreak).not.toBe('rgb(114, 46, 209)');

    await page.getByRole('button', { name: 'Layout settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Layout settings' });
    await drawer.waitFor();
    await expectAccessible(page, 'settings drawer');
    await drawer.getByRole('radio', { name: 'Golden Purple' }).check();
    await drawer.getByText('Top Menu Layout', { exact: true }).click();
    await expect.poll(() => primaryColour(page)).toBe('rgb(114, 46, 209)');
    await drawer.getByRole('button', { name: 'Close the settings' }).click();

    await page.reload();
    await page.getByRole('button', { name: 'Back to home' }).waitFor();
    expect(await primaryColour(page)).toBe('rgb(114, 46, 209)');
    expect(await page.locator('.ant-pro-layout-header .ant-menu-horizontal').count()).toBe(1);
    const saved = await page.evaluate(() => window.localStorage.getItem('admin_layout_settings'));
    expect(JSON.parse(saved ?? '{}')).toMatchObject({ themeColor: 'purple', layout: 'top' });

    await page.getByRole('button', { name: 'Layout settings' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Golden Purple' }).isChecked()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('hides admin-only pages from a member of staff and shows 403 at their URLs', async () => {
    const { page } = await openAdmin();
    await loginAsStaff(page, 'staff');
    // The e2e shop has no MAIL_URL: the dashboard says so, and a member of staff is sent to an admin.
    const warning = page.getByRole('alert').filter({ hasText: 'Mail is not being delivered' });
    await warning.getByText('Ask an admin to set MAIL_URL.', { exact: false }).waitFor();
    expect(await warning.getByRole('link').count()).toBe(0);
    const menu = page.locator('.ant-pro-sider');
    await menu.getByText('Form', { exact: true }).click();
    await menu.getByRole('link', { name: 'Product editor' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Shop settings' }).count()).toBe(0);
    await menu.getByText('Account', { exact: true }).click();
    await menu.getByRole('link', { name: 'Account Settings' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Mailbox' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Audit log' }).count()).toBe(0);

    for (const path of [
      '/admin/form/settings',
      '/admin/account/staff',
      '/admin/account/audit',
      '/admin/account/mailbox',
    ]) {
      await page.goto(path);
      await page.getByText("Sorry, you don't have access to this page.").waitFor();
      await page.getByRole('button', { name: 'Back to home' }).waitFor();
    }
    await page.getByRole('button', { name: 'Back to home' }).click();
    await page.waitForURL(/\/admin\/dashboard\/analysis$/);

    await page.goto('/admin/no/such/page');
    await page.getByText('Sorry, the page you visited does not exist.').waitFor();
  });

  it('warns an admin on the dashboard that mail is not delivered, with the way to the mailbox', async () => {
    const { page, problems } = await openAdmin();
    await loginAsStaff(page, 'admin');
    const warning = page.getByRole('alert').filter({ hasText: 'Mail is not being delivered' });
    await warning.getByRole('link', { name: 'mailbox' }).click();
    await page.waitForURL(/\/admin\/account\/mailbox$/);
    await page.getByText('Only admins can read them', { exact: false }).waitFor();
    expect(problems).toEqual([]);
  });

  it('refuses a shopper at the login page and on every staff API route', async () => {
    const shopper = uniqueShopper('admin-refused');
    await registerByApi(baseUrl, shopper);
    const link = linkIn(await nextMail(baseUrl, shopper.email), '/registersucess');
    const token = new URL(link).searchParams.get('token');
    const activated = await fetch(`${baseUrl}/v1/home/users/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(activated.status).toBe(200);

    const { page } = await openAdmin();
    await page.goto('/admin/login');
    await page.getByLabel('Email or phone number').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: "Sorry, you don't have access to this page." }).waitFor();
    expect(page.url()).toMatch(/\/admin\/login$/);

    // The shopper's own session (as the storefront would have it): refused on every staff route.
    const login = await page.request.post('/v1/home/users/login', {
      data: { account: shopper.email, password: shopper.password },
    });
    expect(login.status()).toBe(200);
    const spec = (await (await page.request.get('/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/v1/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method, path })))
      .filter(({ method, path }) => !(method === 'post' && path === '/v1/admin/login'));
    expect(routes.length).toBeGreaterThan(10);
    for (const { method, path } of routes) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const res = await page.request.fetch(url, {
        method: method.toUpperCase(),
        ...(method === 'get' || method === 'delete' ? {} : { data: {} }),
      });
      expect(res.status(), `${method.toUpperCase()} ${path}`).toBe(403);
    }
    // And the back office itself does not let them in.
    await page.goto('/admin/dashboard/analysis');
    await page.waitForURL(/\/admin\/login/);
  });
});

describe('staff accounts and own settings in the back office', () => {
  it('lets an admin add a member with a generated password, change their role and disable them', async () => {
    const { page, problems } = await openAdmin();
    await loginAsStaff(page, 'admin');
    await page.goto('/admin/account/staff');
    const email = `e2e-new-${Date.now()}@shop.localhost`;

    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add member' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Nickname').fill('Nia New');
    const added = page.waitForResponse(
      (reply) => reply.url().endsWith('/v1/admin/staff') && reply.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Add member' }).click();
    expect((await added).status()).toBe(201);
    const shown = page.getByRole('dialog', { name: 'Member added' });
    const password = (await shown.getByTestId('generated-password').locator('code').textContent()) ?? '';
    expect(password).toMatch(/^[\w-]{16}$/);
    await shown.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    // The generated password logs in.
    const login = await fetch(`${baseUrl}/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: email, password }),
    });
    expect(login.status).toBe(200);

    const row = page.getByRole('row').filter({ hasText: email });
    // antd's Select input is a zero-size box: the named combobox is found, its visible frame is clicked.
    await row.getByRole('combobox', { name: 'Role of Nia New' }).waitFor({ state: 'attached' });
    await row.locator('.ant-select').click();
    await page.locator('.ant-select-item-option[title="Admin"]').click();
    await page.getByText('Saved').first().waitFor();
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await row.getByText('Disabled').waitFor();
    const again = await fetch(`${baseUrl}/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: email, password }),
    });
    expect(again.status).not.toBe(200);

    // Each change is in the audit log, with its before and after.
    await page.goto('/admin/account/audit');
    const entry = page.getByRole('row').filter({ hasText: 'changed the staff account of Nia New' }).first();
    await entry.getByRole('button', { name: /expand/i }).click();
    await page.getByRole('cell', { name: 'disabled (changed)' }).first().waitFor();
    expect(problems).toEqual([]);
  });

  it('lets a member fill in their settings, with the form messages, and flip a notification', async () => {
    const { page, problems } = await openAdmin();
    await loginAsStaff(page, 'staff');
    await page.goto('/admin/account/settings');
    await page.getByLabel('Nickname').fill('');
    await page.getByRole('button', { name: 'Update Information' }).click();
    await page.getByText('Please enter your nickname!').waitFor();

    await page.getByLabel('Nickname').fill('Sam the packer');
    await page.getByLabel('Personal profile').fill('Packs and ships the orders.');
    await page.getByLabel('Country/Region').fill('China');
    await page.locator('.ant-select-item-option[title="China"]').click();
    await page.getByLabel('Province or city').click();
    await page.locator('.ant-cascader-menu-item').first().click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Street Address').fill('1 Harbour Road');
    await page.getByLabel('Phone Number').fill('+86 139 0000 7777');
    await page.getByRole('button', { name: 'Update Information' }).click();
    await page.getByText('Your information has been updated.').waitFor();
    await page.getByRole('button', { name: /Account menu of Sam the packer/ }).waitFor();

    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.getByRole('switch', { name: 'Shop notices' }).click();
    await page.getByText('Saved').first().waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Shop notices' }).isChecked()).toBe(false);
    expect(problems).toEqual([]);

    // Other suites know this member by the nickname of STAFF_ACCOUNTS.
    const restored = await fetch(`${baseUrl}/v1/admin/account`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: await staffCookie(baseUrl, 'staff') },
      body: JSON.stringify({ nickname: STAFF_ACCOUNTS.staff.nickname }),
    });
    expect(restored.status).toBe(200);
  });
});

describe('accessibility of the back office', () => {
  it.each(SUPPORTED_LOCALES)(
    'the first page and the layout have no serious violation in %s',
    async (locale) => {
      const { page, problems } = await openAdmin(locale, { motion: 'no-preference' });
      await page.goto('/admin/');
      await page.waitForURL(/\/admin\/login/);
      await page.locator('#account').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      await expectAccessible(page, `login ${locale}`);
      await loginAsStaff(page, 'admin');
      // The layout around a page of the shell (the dashboard's own pages have their own tests).
      await page.goto('/admin/account/center');
      await page.locator('.admin-center').waitFor();
      await expectAccessible(page, `layout ${locale}`);
      expect(problems).toEqual([]);
    },
  );
});

describe('accessibility of the layout in each menu style, navigation mode and theme colour', () => {
  let admin: AdminPage;
  beforeAll(async () => {
    admin = await openAdmin('en-US', { motion: 'no-preference' });
    await loginAsStaff(admin.page, 'admin');
  });
  afterAll(() => expect(admin.problems).toEqual([]));

  // Every theme colour of the drawer once, in each menu style and navigation mode.
  it.each([
    ['dark', 'side', 'daybreak'],
    ['dark', 'side', 'sunset'],
    ['light', 'side', 'cyan'],
    ['light', 'side', 'dust'],
    ['dark', 'top', 'green'],
    ['dark', 'top', 'volcano'],
    ['light', 'top', 'geekblue'],
    ['light', 'top', 'purple'],
  ])(
    'the %s menu in the %s navigation mode in %s has no serious violation',
    async (navTheme, layout, themeColor) => {
      const { page } = admin;
      await page.evaluate(
        (settings) => window.localStorage.setItem('admin_layout_settings', JSON.stringify(settings)),
        { navTheme, layout, themeColor },
      );
      // A page inside a menu group: the group's title is drawn as selected, its entry as the current one.
      await page.goto('/admin/account/settings?tab=basic');
      await page.getByText('Update Information').first().waitFor();
      const menu = page.locator(layout === 'side' ? '.ant-pro-sider' : '.ant-pro-layout-header');
      await menu.locator('.ant-menu-submenu-selected').first().waitFor();
      await expectAccessible(page, `${navTheme} ${layout} ${themeColor}`);
      // The language menu marks the current language with the theme colour on its lightest tint.
      await page.getByTestId('locale-switcher').click();
      await page.locator('.ant-dropdown-menu-item-selected').waitFor();
      await expectAccessible(page, `${navTheme} ${layout} ${themeColor}, language menu open`);
      await page.keyboard.press('Escape');
      await page.locator('.ant-dropdown-menu-item-selected').waitFor({ state: 'hidden' });
    },
  );
});

describe("accessibility of the shell's pages", () => {
  let admin: AdminPage;
  beforeAll(async () => {
    admin = await openAdmin('en-US', { motion: 'no-preference' });
    await loginAsStaff(admin.page, 'admin');
  });
  afterAll(() => expect(admin.problems).toEqual([]));

  it.each([
    ['/admin/result/success', 'Submission Success'],
    ['/admin/result/fail', 'Submission Failed'],
    ['/admin/exception/403', "Sorry, you don't have access to this page."],
    ['/admin/exception/404', 'Sorry, the page you visited does not exist.'],
    ['/admin/exception/500', 'Sorry, the server is reporting an error.'],
    ['/admin/exception/trigger', 'Exception trigger'],
    ['/admin/account/center', 'My recent changes'],
    ['/admin/account/settings?tab=basic', 'Update Information'],
    ['/admin/account/settings?tab=security', 'Active sessions'],
    ['/admin/account/settings?tab=binding', 'No other sign-in is linked to your account'],
    ['/admin/account/settings?tab=notification', 'Work waiting for me'],
    ['/admin/account/staff', STAFF_ACCOUNTS.staff.email],
    ['/admin/account/audit', 'to the staff'],
    ['/admin/account/mailbox', 'Mail and text messages the shop sends'],
  ])('%s has no serious violation', async (path, text) => {
    await admin.page.goto(path);
    await admin.page.getByText(text).first().waitFor();
    await expectAccessible(admin.page, path);
  });
});
