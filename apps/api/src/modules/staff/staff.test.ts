import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import {
  callApi,
  createShopper,
  createStaff,
  createTestApp,
  loginCookie,
  staffLoginCookie,
  type TestApp,
} from '../../testing.ts';
import type { Sessions } from '../../plugins/session.ts';
import { AuditLog, withoutSecrets } from './audit-log.ts';
import { StaffAccessControl } from './staff-access.ts';
import { ensureFirstAdmin, GENERATED_ADMIN_EMAIL, type StaffService } from './staff.service.ts';

let t: TestApp;
const cookies = { admin: '', staff: '', shopper: '' };
let adminId = '';

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createStaff(t.database, {
    email: 'ada@shop.test',
    password: 'Ada-admin-2026',
    role: 'admin',
  });
  adminId = admin.id;
  await createStaff(t.database, { email: 'sam@shop.test', password: 'Sam-staff-2026', role: 'staff' });
  await createShopper(t.database, { email: 'pat@example.com', password: 'Pat-shops-2026' });
  cookies.admin = await staffLoginCookie(t.app, 'ada@shop.test', 'Ada-admin-2026');
  cookies.staff = await staffLoginCookie(t.app, 'sam@shop.test', 'Sam-staff-2026');
  cookies.shopper = await loginCookie(t.app, 'pat@example.com', 'Pat-shops-2026');
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every `:param` becomes an id that exists nowhere. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, randomUUID());

const call = (method: string, url: string, cookie?: string) =>
  callApi(t.app, method, concrete(url), {
    cookie,
    payload: method === 'GET' || method === 'DELETE' ? undefined : {},
  });

describe('who may call the staff API', () => {
  it('knows the access of every staff route, and all but login need a member of staff', () => {
    const routes = t.app.staffRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(4);
    expect(routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /v1/admin/login',
    ]);
  });

  it('refuses a guest with 401 and a shopper with 403 on every staff route', async () => {
    for (const route of t.app.staffRoutes.filter((r) => r.access !== 'public')) {
      const guest = await call(route.method, route.url);
      expect(guest.status, `${route.method} ${route.url} as guest`).toBe(401);
      expect(guest.body).toMatchObject({ code: 401, data: null, msg: 'Please log in first.' });
      const shopper = await call(route.method, route.url, cookies.shopper);
      expect(shopper.status, `${route.method} ${route.url} as shopper`).toBe(403);
      expect(shopper.body).toMatchObject({ code: 403, msg: "Sorry, you don't have access to this page." });
    }
  });

  it('refuses staff on every admin-only route and lets them past the check elsewhere', async () => {
    for (const route of t.app.staffRoutes.filter((r) => r.access !== 'public')) {
      // Fresh sessions for each route: one of them is logout.
      cookies.staff = await staffLoginCookie(t.app, 'sam@shop.test', 'Sam-staff-2026');
      cookies.admin = await staffLoginCookie(t.app, 'ada@shop.test', 'Ada-admin-2026');
      const res = await call(route.method, route.url, cookies.staff);
      const label = `${route.method} ${route.url} as staff`;
      if (route.access === 'admin') expect(res.status, label).toBe(403);
      else expect([401, 403], label).not.toContain(res.status);
      const asAdmin = await call(route.method, route.url, cookies.admin);
      expect([401, 403], `${route.method} ${route.url} as admin`).not.toContain(asAdmin.status);
    }
  });

  it('refuses to start when a staff route declares no access', () => {
    const app = fastify();
    new StaffAccessControl(app, {} as Sessions, {} as Sessions, {} as StaffService);
    expect(() => app.get('/v1/admin/forgotten', async () => 'x')).toThrow(/declares no staff access/);
  });

  it('takes access away at once from a member of staff who is disabled', async () => {
    await createStaff(t.database, { email: 'dee@shop.test', password: 'Dee-staff-2026', role: 'staff' });
    const cookie = await staffLoginCookie(t.app, 'dee@shop.test', 'Dee-staff-2026');
    expect((await call('GET', '/v1/admin/me', cookie)).status).toBe(200);
    await t.database.db
      .update(schema.users)
      .set({ disabledAt: new Date() })
      .where(eq(schema.users.email, 'dee@shop.test'));
    expect((await call('GET', '/v1/admin/me', cookie)).status).toBe(403);
  });
});

describe('staff login', () => {
  const login = (account: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      headers: { 'accept-language': 'en-US' },
      payload: { account, password },
    });

  it('starts a staff session in its own strict, httpOnly cookie scoped to the staff API', async () => {
    const res = await login('sam@shop.test', 'Sam-staff-2026');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'sam@shop.test', role: 'staff' });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = res.cookies.find((c) => c.name === 'staff_sid');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/v1/admin', sameSite: 'Strict' });
    expect(res.cookies.map((c) => c.name)).not.toContain('sid');
  });

  it("answers a wrong password with the template's message", async () => {
    const res = await login('sam@shop.test', 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 2, data: null, msg: 'Invalid username or password' });
  });

  it('refuses a shopper who knows their password, without a session', async () => {
    const res = await login('pat@example.com', 'Pat-shops-2026');
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });

  it('answers missing fields with field messages in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      headers: { 'accept-language': 'zh-CN' },
      payload: { account: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(1);
    expect(Object.keys(res.json().msg)).toEqual(expect.arrayContaining(['account', 'password']));
  });

  it('does not accept a shopper session cookie as a staff session, nor the reverse', async () => {
    const me = await call('GET', '/v1/home/users/me', cookies.staff);
    expect(me.status).toBe(401);
  });

  it('ends the session at logout', async () => {
    const cookie = await staffLoginCookie(t.app, 'sam@shop.test', 'Sam-staff-2026');
    expect((await call('POST', '/v1/admin/logout', cookie)).status).toBe(200);
    expect((await call('GET', '/v1/admin/me', cookie)).status).toBe(401);
  });
});

describe('audit log', () => {
  it('keeps who changed what, before and after, without secrets, newest first', async () => {
    const audit = new AuditLog(t.database.db);
    await t.database.db.transaction(async (tx) => {
      await audit.record(tx, {
        actorId: adminId,
        action: 'settings.update',
        entity: 'settings',
        entityId: 'shop',
        before: { shippingFee: 500, webhookSecret: 'old' },
        after: { shippingFee: 0, webhookSecret: 'new' },
      });
    });
    cookies.admin = await staffLoginCookie(t.app, 'ada@shop.test', 'Ada-admin-2026');
    const res = await call('GET', '/v1/admin/audit?entity=settings', cookies.admin);
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      actor: { id: adminId, email: 'ada@shop.test' },
      action: 'settings.update',
      entityId: 'shop',
      before: { shippingFee: 500 },
      after: { shippingFee: 0 },
    });
    expect(JSON.stringify(res.body.data)).not.toMatch(/webhookSecret|old|new"/);
  });

  it('writes nothing when the change it belongs to is rolled back', async () => {
    const audit = new AuditLog(t.database.db);
    await expect(
      t.database.db.transaction(async (tx) => {
        await audit.record(tx, { actorId: adminId, action: 'goods.update', entity: 'goods', entityId: 'x' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const res = await call('GET', '/v1/admin/audit?entity=goods&entityId=x', cookies.admin);
    expect(res.body.meta.total).toBe(0);
  });

  it('drops secret-looking keys at any depth', () => {
    expect(withoutSecrets({ a: 1, nested: [{ passwordHash: 'h', token: 't', b: 2 }] })).toEqual({
      a: 1,
      nested: [{ b: 2 }],
    });
  });
});

describe('the first admin', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD when missing, and left alone afterwards', async () => {
    const wanted = { email: 'Owner@Shop.test', password: 'Owner-pass-2026' };
    expect(await ensureFirstAdmin(t.database.db, wanted, 'en-US')).toBeNull();
    expect(await ensureFirstAdmin(t.database.db, wanted, 'en-US')).toBeNull();
    const owners = await t.database.db
      .select({ role: schema.users.role })
      .from(schema.users)
      .where(eq(schema.users.email, 'owner@shop.test'));
    expect(owners).toEqual([{ role: 'admin' }]);
    await staffLoginCookie(t.app, 'owner@shop.test', 'Owner-pass-2026');
  });

  it('is generated once, with a password that logs in, when none is configured and no admin exists', async () => {
    const empty = await createTestApp();
    try {
      const first = await ensureFirstAdmin(empty.database.db, {}, 'en-US');
      expect(first?.email).toBe(GENERATED_ADMIN_EMAIL);
      expect(first?.password.length).toBeGreaterThanOrEqual(16);
      expect(await ensureFirstAdmin(empty.database.db, {}, 'en-US')).toBeNull();
      await staffLoginCookie(empty.app, first!.email, first!.password);
    } finally {
      await empty.close();
    }
  });

  it('is shown by only one of several instances starting together, and that password logs in', async () => {
    const empty = await createTestApp();
    try {
      const shown = (
        await Promise.all([1, 2, 3].map(() => ensureFirstAdmin(empty.database.db, {}, 'en-US')))
      ).filter((admin) => admin !== null);
      expect(shown).toHaveLength(1);
      await staffLoginCookie(empty.app, shown[0]!.email, shown[0]!.password);
    } finally {
      await empty.close();
    }
  });
});
