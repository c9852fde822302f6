import type { Page } from 'playwright-core';
import type { StaffRole } from '@shop/contract';

/**
 * The e2e shop's members of staff: the admin is the first admin of `ADMIN_EMAIL`/`ADMIN_PASSWORD` (passed to the
 * server by e2e/global-setup.ts), the staff member is created by the same setup through the staff API.
 */
export const STAFF_ACCOUNTS: Readonly<
  Record<StaffRole, { email: string; password: string; nickname: string }>
> = {
  admin: { email: 'e2e-admin@shop.localhost', password: 'Lantern-Quarry-8841!', nickname: 'Admin' },
  staff: { email: 'e2e-staff@shop.localhost', password: 'Copper-Meadow-5172!', nickname: 'Sam Staff' },
};

/**
 * Logs `role`'s account in through the back office's login page (the staff session cookie lands in the page's
 * context) and waits for the dashboard. The page should start without a staff session.
 */
export async function loginAsStaff(page: Page, role: StaffRole): Promise<void> {
  const account = STAFF_ACCOUNTS[role];
  await page.goto('/admin/login');
  await page.locator('#account').fill(account.email);
  await page.locator('#password').fill(account.password);
  await page.locator('#password').press('Enter');
  await page.waitForURL(/\/admin\/dashboard\/analysis$/);
}

/**
 * A staff session cookie for API calls from the test itself (`fetch(url, { headers: { cookie } })`): logs in
 * through `POST /v1/admin/login`.
 */
export async function staffCookie(baseUrl: string, role: StaffRole): Promise<string> {
  const { email, password } = STAFF_ACCOUNTS[role];
  const reply = await fetch(`${baseUrl}/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: email, password }),
  });
  const body = (await reply.json()) as { code: number; msg: unknown };
  if (body.code !== 200) throw new Error(`${role} login failed: ${JSON.stringify(body)}`);
  const cookie = reply.headers.getSetCookie().find((line) => line.startsWith('staff_sid='));
  if (!cookie) throw new Error('no staff_sid cookie in the login reply');
  return cookie.split(';')[0]!;
}

/** Creates the staff member of STAFF_ACCOUNTS (once per shop; an existing one is kept). */
export async function ensureStaffMember(baseUrl: string): Promise<void> {
  const cookie = await staffCookie(baseUrl, 'admin');
  const { email, password, nickname } = STAFF_ACCOUNTS.staff;
  const reply = await fetch(`${baseUrl}/v1/admin/staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ email, nickname, role: 'staff', password }),
  });
  const body = (await reply.json()) as { code: number; msg: unknown };
  if (body.code !== 200 && reply.status !== 409) {
    throw new Error(`could not create the e2e staff member: ${JSON.stringify(body)}`);
  }
}
