import type { TestProject } from 'vitest/node';
import { startShop } from './support/shop-server.ts';
import { ensureStaffMember, STAFF_ACCOUNTS } from './support/staff.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * One real shop for the whole browser suite, with a known admin and a known member of staff, selling in its own
 * market only (e2e/support/markets.ts says why).
 */
export default async function setup(project: TestProject) {
  const shop = await startShop({
    ADMIN_EMAIL: STAFF_ACCOUNTS.admin.email,
    ADMIN_PASSWORD: STAFF_ACCOUNTS.admin.password,
  });
  try {
    await ensureStaffMember(shop.baseUrl);
  } catch (error) {
    await shop.stop();
    throw error;
  }
  project.provide('baseUrl', shop.baseUrl);
  return shop.stop;
}
