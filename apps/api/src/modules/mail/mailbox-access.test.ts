import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import {
  callApi,
  createShopper,
  createTestApp,
  signedInStaff,
  signedInStaffAndAdmin,
  type Json,
  type TestApp,
} from '../../testing.ts';

/**
 * The attack of the security review: ask for the admin's password reset, read the link from the dev mailbox,
 * take the account. Mail kept instead of sent is readable by admins only, and never the mail of another member
 * of staff.
 */
let t: TestApp;
let members: Awaited<ReturnType<typeof signedInStaffAndAdmin>>;
let otherAdmin: Awaited<ReturnType<typeof signedInStaff>>;
const shopper = { email: 'pat@example.com', password: 'Pat-shops-2026' };

beforeAll(async () => {
  t = await createTestApp();
  members = await signedInStaffAndAdmin(t);
  otherAdmin = await signedInStaff(t, { email: 'bea@shop.test', password: 'Bea-admin-2026', role: 'admin' });
  await createShopper(t.database, shopper);
});
afterAll(() => t.close());

const forget = (email: string) =>
  callApi(t.app, 'POST', '/v1/home/users/password/forget', { payload: { email } });
const mailbox = (cookie: string | undefined, to?: string) =>
  callApi(t.app, 'GET', `/v1/admin/mailbox${to ? `?to=${encodeURIComponent(to)}` : ''}`, { cookie });

/** Waits until mail to `to` is in the table: a reset mail is written after the reply, so that it cannot tell. */
async function untilKept(to: string) {
  for (let tries = 0; tries < 250; tries += 1) {
    const rows = await t.database.db.select().from(schema.mailbox).where(eq(schema.mailbox.to, to));
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

describe('the dev mailbox', () => {
  it('has no anonymous route: /v1/dev/mailbox is a 404 envelope and shows no mail', async () => {
    await forget(shopper.email);
    await untilKept(shopper.email);
    for (const method of ['GET', 'DELETE']) {
      const res = await callApi(t.app, method, `/v1/dev/mailbox?to=${encodeURIComponent(shopper.email)}`);
      expect(res.status, method).toBe(404);
      expect(res.body).toMatchObject({ code: 404, data: null });
      expect(res.res.body).not.toContain('passwordchange');
      expect(res.res.body).not.toContain(shopper.email);
    }
    expect(JSON.stringify((await callApi(t.app, 'GET', '/v1/openapi.json')).body)).not.toContain('/v1/dev/');
  });

  it('refuses a member of staff who is not an admin, and anyone without a staff session', async () => {
    const asStaff = await mailbox(members.staff.cookie, shopper.email);
    expect(asStaff.status).toBe(403);
    expect(asStaff.body).toEqual({
      code: 403,
      data: null,
      msg: "Sorry, you don't have access to this page.",
    });
    expect((await mailbox(undefined, shopper.email)).status).toBe(401);
  });

  it('tells every member of staff, not only admins, that mail is not delivered', async () => {
    for (const cookie of [members.staff.cookie, members.admin.cookie]) {
      const res = await callApi(t.app, 'GET', '/v1/admin/mail-status', { cookie });
      expect(res.body).toEqual({ code: 200, data: { delivered: false }, msg: '' });
    }
    expect((await callApi(t.app, 'GET', '/v1/admin/mail-status')).status).toBe(401);
  });

  it("shows an admin the shoppers' mail", async () => {
    const res = await mailbox(members.admin.cookie, shopper.email);
    expect(res.status).toBe(200);
    expect(res.body.data[0].text).toContain('http://shop.test/passwordchange?token=');
  });
});

describe('taking over the admin through the mailbox', () => {
  it("fails: the admin's reset link is read neither anonymously nor by staff nor by another admin", async () => {
    const victim = members.admin.email;
    expect((await forget(victim)).body).toEqual({ code: 200, data: null, msg: '' });
    await untilKept(victim);

    const anonymous = await callApi(t.app, 'GET', `/v1/dev/mailbox?to=${encodeURIComponent(victim)}`);
    expect(anonymous.status).toBe(404);
    expect(anonymous.res.body).not.toContain('token=');
    const asStaff = await mailbox(members.staff.cookie, victim);
    expect(asStaff.status).toBe(403);
    expect(asStaff.res.body).not.toContain('token=');
    const asOtherAdmin = await mailbox(otherAdmin.cookie, victim);
    expect(asOtherAdmin.status).toBe(200);
    expect(asOtherAdmin.body.data).toEqual([]);
    const everything = await mailbox(otherAdmin.cookie);
    expect((everything.body.data as Json[]).map((m) => m.to)).not.toContain(victim);
    expect(everything.res.body).toContain(shopper.email);
  });

  it("never shows an admin a staff member's reset mail, only the admin's own", async () => {
    await forget(members.staff.email);
    await untilKept(members.staff.email);
    const listed = await mailbox(members.admin.cookie);
    const recipients = (listed.body.data as Json[]).map((m) => m.to);
    expect(recipients).not.toContain(members.staff.email);
    expect(recipients).not.toContain(otherAdmin.email);
    expect(recipients).toContain(members.admin.email);
    expect((await mailbox(members.admin.cookie, members.staff.email)).body.data).toEqual([]);
  });
});
