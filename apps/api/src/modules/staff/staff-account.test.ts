import { and, desc, eq } from 'drizzle-orm';
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
import { AuditLog } from './audit-log.ts';
import { StaffManagementService } from './staff-management.service.ts';

let t: TestApp;
const ADMIN = { email: 'ada@shop.test', password: 'Ada-admin-2026' };
const STAFF = { email: 'sam@shop.test', password: 'Sam-staff-2026' };
const SHOPPER = { email: 'pat@example.com', password: 'Pat-shops-2026' };
let adminId = '';
let staffId = '';
const cookies = { admin: '', staff: '', shopper: '' };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await createStaff(t.database, { ...ADMIN, role: 'admin' })).id;
  staffId = (await createStaff(t.database, { ...STAFF, role: 'staff' })).id;
  await createShopper(t.database, SHOPPER);
  cookies.admin = await staffLoginCookie(t.app, ADMIN.email, ADMIN.password);
  cookies.staff = await staffLoginCookie(t.app, STAFF.email, STAFF.password);
  cookies.shopper = await loginCookie(t.app, SHOPPER.email, SHOPPER.password);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: string, payload?: object, locale?: string) =>
  callApi(t.app, method, url, { cookie, payload, locale });

async function lastAudit(entityId: string, action: string) {
  const [row] = await t.database.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entityId, entityId), eq(schema.auditLog.action, action)))
    .orderBy(desc(schema.auditLog.at));
  return row;
}

const BASIC = {
  nickname: 'Sam',
  bio: 'Packs the orders.',
  country: 'CN',
  province: 'CN-GD',
  street: '1 Harbour Road',
  phone: '+8613900001111',
};

describe("a member's own account", () => {
  it('starts with the member, empty settings fields and every notification on', async () => {
    const res = await call('GET', '/v1/admin/account', cookies.staff);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: staffId,
      email: STAFF.email,
      role: 'staff',
      bio: '',
      country: '',
      province: '',
      street: '',
      phone: '',
      notifications: { messages: true, system: true, todos: true },
    });
  });

  it('saves the basic tab and records the change with before and after', async () => {
    const res = await call('PUT', '/v1/admin/account', cookies.staff, BASIC);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(BASIC);
    expect((await call('GET', '/v1/admin/me', cookies.staff)).body.data.nickname).toBe('Sam');
    const entry = await lastAudit(staffId, 'account.update');
    expect(entry).toMatchObject({ actorId: staffId, entity: 'user' });
    expect(entry?.before).toMatchObject({ nickname: '', bio: '' });
    expect(entry?.after).toMatchObject({
      nickname: 'Sam',
      bio: 'Packs the orders.',
      street: '1 Harbour Road',
    });
  });

  it('saves the notification switches in the staff profile, keeping the other fields', async () => {
    const notifications = { messages: false, system: true, todos: false };
    const res = await call('PUT', '/v1/admin/account', cookies.staff, { notifications });
    expect(res.body.data).toMatchObject({ ...BASIC, notifications });
    const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, staffId));
    expect(row?.staffProfile).toMatchObject({ bio: BASIC.bio, notifications });
  });

  it('saves a nickname alone, with every other field of the basic tab empty (they are cleared)', async () => {
    const res = await call('PUT', '/v1/admin/account', cookies.staff, {
      nickname: 'Sammy',
      bio: '',
      country: '',
      province: '',
      street: '',
      phone: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      nickname: 'Sammy',
      bio: '',
      country: '',
      province: '',
      street: '',
      phone: '',
    });
    const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, staffId));
    expect(row?.phone).toBeNull();
    // Two members without a phone do not collide on the unique phone column.
    expect((await call('PUT', '/v1/admin/account', cookies.admin, { phone: '' })).status).toBe(200);
    await call('PUT', '/v1/admin/account', cookies.staff, BASIC);
  });

  it("requires only the nickname, with the settings form's message in the caller's language", async () => {
    const res = await call('PUT', '/v1/admin/account', cookies.staff, { nickname: ' ', bio: '' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 1, msg: { nickname: 'Please enter your nickname!' } });
    expect(Object.keys(res.body.msg)).toEqual(['nickname']);
    const zh = await call('PUT', '/v1/admin/account', cookies.staff, { nickname: '' }, 'zh-CN');
    expect(zh.body.msg).toEqual({ nickname: '请输入您的昵称！' });
  });

  it('refuses a malformed phone, region or avatar, unknown fields, and a phone another account has', async () => {
    const bad = await call('PUT', '/v1/admin/account', cookies.staff, {
      phone: '12345',
      country: 'CN/../../x',
      avatar: 'https://evil.example/a.png',
      role: 'admin',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.msg).sort()).toEqual(['avatar', 'country', 'phone', 'role']);
    await call('PUT', '/v1/admin/account', cookies.admin, { phone: '+8613900002222' });
    const taken = await call('PUT', '/v1/admin/account', cookies.staff, { phone: '+8613900002222' });
    expect(taken.body).toMatchObject({
      code: 1,
      msg: { phone: 'This phone number is already registered.' },
    });
    expect((await call('GET', '/v1/admin/account', cookies.staff)).body.data.role).toBe('staff');
  });

  it('stores an uploaded avatar and refuses a file that is not an image', async () => {
    const upload = (bytes: Buffer) => {
      const boundary = 'staffboundary';
      return t.app.inject({
        method: 'POST',
        url: '/v1/admin/account/avatar',
        headers: {
          cookie: cookies.staff,
          'accept-language': 'en-US',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const ok = await upload(PNG);
    expect(ok.statusCode).toBe(200);
    const avatar = ok.json().data.avatar as string;
    expect(avatar).toMatch(/^\/media\/[a-z0-9]+\.webp$/);
    expect((await t.app.inject(avatar)).statusCode).toBe(200);
    const bad = await upload(Buffer.from('<svg/>'));
    expect(bad.json()).toMatchObject({ code: 1, msg: { file: 'Please upload a PNG, JPEG or WebP image.' } });
  });

  it("lists the member's own changes as their activity", async () => {
    const res = await call('GET', '/v1/admin/account/activity?pageSize=5', cookies.staff);
    expect(res.status).toBe(200);
    const { body } = res;
    expect(body.meta).toMatchObject({ page: 1, pageSize: 5 });
    expect(body.data.length).toBeGreaterThanOrEqual(3);
    expect(body.data.every((entry: { actor: { id: string } }) => entry.actor.id === staffId)).toBe(true);
    expect((await call('GET', '/v1/admin/account/activity?page=0', cookies.staff)).body.code).toBe(1);
  });
});

describe("a member's password and sessions", () => {
  const MEMBER = { email: 'kim@shop.test', password: 'Kim-staff-2026' };
  let kimId = '';
  let first = '';
  let second = '';

  beforeAll(async () => {
    kimId = (await createStaff(t.database, { ...MEMBER, role: 'staff' })).id;
    first = await staffLoginCookie(t.app, MEMBER.email, MEMBER.password);
    second = await staffLoginCookie(t.app, MEMBER.email, MEMBER.password);
  });

  it('lists the live sessions with device, IP and last use, marking the current one', async () => {
    const res = await call('GET', '/v1/admin/account/sessions', first);
    const sessions = res.body.data as { id: string; current: boolean; ip: string; lastSeenAt: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ ip: '127.0.0.1', userAgent: expect.any(String) });
    // Ids are not the session store's keys.
    const stored = await t.database.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, kimId));
    expect(stored.map((s) => s.id)).not.toContain(sessions[0]!.id);
  });

  it('ends another session by its id, and refuses an unknown or malformed id', async () => {
    const sessions = (await call('GET', '/v1/admin/account/sessions', first)).body.data as {
      id: string;
      current: boolean;
    }[];
    const other = sessions.find((s) => !s.current)!;
    expect((await call('DELETE', `/v1/admin/account/sessions/${other.id}`, first)).status).toBe(200);
    expect((await call('GET', '/v1/admin/me', second)).status).toBe(401);
    expect((await call('GET', '/v1/admin/me', first)).status).toBe(200);
    expect((await call('DELETE', `/v1/admin/account/sessions/${other.id}`, first)).status).toBe(404);
    expect((await call('DELETE', '/v1/admin/account/sessions/a%20b', first)).body.code).toBe(1);
    expect(await lastAudit(other.id, 'account.session.end')).toMatchObject({
      actorId: kimId,
      entity: 'session',
    });
  });

  it('cannot end the sessions of another member', async () => {
    const mine = (await call('GET', '/v1/admin/account/sessions', first)).body.data as { id: string }[];
    const res = await call('DELETE', `/v1/admin/account/sessions/${mine[0]!.id}`, cookies.staff);
    expect(res.status).toBe(404);
    expect((await call('GET', '/v1/admin/me', first)).status).toBe(200);
  });

  it('refuses a wrong current password, an easily guessed one and a mismatched confirmation', async () => {
    const wrong = await call('PUT', '/v1/admin/account/password', first, {
      oldPassword: 'nope-nope',
      password: 'Brand-new-Pass-77',
      confirm: 'Brand-new-Pass-77',
    });
    expect(wrong.body).toMatchObject({ code: 1, msg: { oldPassword: 'The current password is wrong.' } });
    const weak = await call('PUT', '/v1/admin/account/password', first, {
      oldPassword: MEMBER.password,
      password: 'password',
      confirm: 'password',
    });
    expect(weak.body).toMatchObject({
      code: 1,
      msg: { password: expect.stringContaining('too easy to guess') },
    });
    const mismatch = await call('PUT', '/v1/admin/account/password', first, {
      oldPassword: MEMBER.password,
      password: 'Brand-new-Pass-77',
      confirm: 'Brand-new-Pass-78',
    });
    expect(mismatch.body).toMatchObject({
      code: 1,
      msg: { confirm: 'The passwords entered twice do not match!' },
    });
    expect((await call('PUT', '/v1/admin/account/password', first, {})).body).toMatchObject({
      code: 1,
      msg: { oldPassword: 'Please enter your password!', password: 'Please enter your password!' },
    });
  });

  it('changes the password, ends the other sessions, keeps this one and logs no secret', async () => {
    const other = await staffLoginCookie(t.app, MEMBER.email, MEMBER.password);
    const res = await call('PUT', '/v1/admin/account/password', first, {
      oldPassword: MEMBER.password,
      password: 'Brand-new-Pass-77',
      confirm: 'Brand-new-Pass-77',
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/v1/admin/me', first)).status).toBe(200);
    expect((await call('GET', '/v1/admin/me', other)).status).toBe(401);
    await expect(staffLoginCookie(t.app, MEMBER.email, MEMBER.password)).rejects.toThrow();
    await staffLoginCookie(t.app, MEMBER.email, 'Brand-new-Pass-77');
    const entry = await lastAudit(kimId, 'account.password');
    expect(entry).toMatchObject({ actorId: kimId, before: null, after: null });
  });
});

describe('staff management', () => {
  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/v1/admin/staff'],
      ['POST', '/v1/admin/staff'],
      ['PUT', `/v1/admin/staff/${staffId}`],
    ] as const) {
      expect((await call(method, url, cookies.staff, method === 'GET' ? undefined : {})).status).toBe(403);
      expect((await call(method, url, cookies.shopper, method === 'GET' ? undefined : {})).status).toBe(403);
    }
  });

  it('lists members of staff, admins first, searchable, never shoppers', async () => {
    const res = await call('GET', '/v1/admin/staff?pageSize=50', cookies.admin);
    const members = res.body.data as { email: string; role: string }[];
    expect(members[0]).toMatchObject({ role: 'admin' });
    expect(members.map((m) => m.email)).toEqual(expect.arrayContaining([ADMIN.email, STAFF.email]));
    expect(members.map((m) => m.email)).not.toContain(SHOPPER.email);
    const found = await call('GET', '/v1/admin/staff?keyword=SAM&role=staff', cookies.admin);
    expect(found.body.data.map((m: { email: string }) => m.email)).toEqual([STAFF.email]);
    expect((await call('GET', '/v1/admin/staff?keyword=%25', cookies.admin)).body.data).toEqual([]);
    expect((await call('GET', '/v1/admin/staff?role=shopper', cookies.admin)).body.code).toBe(1);
  });

  it('adds a member with a chosen password, answered without it, and records it', async () => {
    const res = await call('POST', '/v1/admin/staff', cookies.admin, {
      email: 'Lee@Shop.test',
      nickname: 'Lee',
      role: 'staff',
      password: 'Lee-staff-2026',
    });
    expect(res.status).toBe(201);
    const member = res.body.data;
    expect(member).toMatchObject({ email: 'lee@shop.test', role: 'staff', disabled: false, password: null });
    await staffLoginCookie(t.app, 'lee@shop.test', 'Lee-staff-2026');
    const entry = await lastAudit(member.id, 'staff.create');
    expect(entry).toMatchObject({ actorId: adminId, after: { email: 'lee@shop.test', role: 'staff' } });
    expect(JSON.stringify(entry?.after)).not.toContain('Lee-staff-2026');
  });

  it('generates a password when none is given and answers it once', async () => {
    const res = await call('POST', '/v1/admin/staff', cookies.admin, {
      email: 'max@shop.test',
      nickname: 'Max',
      role: 'admin',
    });
    const { password } = res.body.data as { password: string };
    expect(password).toMatch(/^[\w-]{16}$/);
    await staffLoginCookie(t.app, 'max@shop.test', password);
    const list = await call('GET', '/v1/admin/staff?keyword=max', cookies.admin);
    expect(list.body.data[0]).not.toHaveProperty('password');
  });

  it('refuses a taken address, an easily guessed password and bad fields', async () => {
    const taken = await call('POST', '/v1/admin/staff', cookies.admin, {
      email: SHOPPER.email,
      nickname: 'Pat',
      role: 'staff',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 1,
      msg: { email: 'This email address is already registered.' },
    });
    const weak = await call('POST', '/v1/admin/staff', cookies.admin, {
      email: 'weak@shop.test',
      nickname: 'Weak',
      role: 'staff',
      password: 'password',
    });
    expect(weak.body).toMatchObject({ code: 1, msg: { password: expect.any(String) } });
    const bad = await call('POST', '/v1/admin/staff', cookies.admin, { email: 'x', role: 'owner' });
    expect(bad.body).toMatchObject({
      code: 1,
      msg: {
        email: 'The email address is in the wrong format!',
        nickname: 'Please enter your nickname!',
        role: 'Invalid value.',
      },
    });
  });

  it('changes a role, and the member gains or loses admin routes at once', async () => {
    const promote = await call('PUT', `/v1/admin/staff/${staffId}`, cookies.admin, { role: 'admin' });
    expect(promote.body.data).toMatchObject({ id: staffId, role: 'admin' });
    expect((await call('GET', '/v1/admin/staff', cookies.staff)).status).toBe(200);
    await call('PUT', `/v1/admin/staff/${staffId}`, cookies.admin, { role: 'staff' });
    expect((await call('GET', '/v1/admin/staff', cookies.staff)).status).toBe(403);
    const entry = await lastAudit(staffId, 'staff.update');
    expect(entry).toMatchObject({ before: { role: 'admin' }, after: { role: 'staff' } });
  });

  it('disables a member (ending their sessions) and enables them again', async () => {
    const member = { email: 'dee@shop.test', password: 'Dee-staff-2026' };
    const { id } = await createStaff(t.database, { ...member, role: 'staff' });
    const session = await staffLoginCookie(t.app, member.email, member.password);
    const off = await call('PUT', `/v1/admin/staff/${id}`, cookies.admin, { disabled: true });
    expect(off.body.data).toMatchObject({ disabled: true });
    expect((await call('GET', '/v1/admin/me', session)).status).toBe(401);
    expect(await t.database.db.select().from(schema.sessions).where(eq(schema.sessions.userId, id))).toEqual(
      [],
    );
    await expect(staffLoginCookie(t.app, member.email, member.password)).rejects.toThrow();
    const on = await call('PUT', `/v1/admin/staff/${id}`, cookies.admin, { disabled: false });
    expect(on.body.data).toMatchObject({ disabled: false });
    await staffLoginCookie(t.app, member.email, member.password);
    expect(await lastAudit(id, 'staff.update')).toMatchObject({
      before: { disabled: true },
      after: { disabled: false },
    });
  });

  it('never lets an admin demote or disable themself', async () => {
    for (const body of [{ role: 'staff' }, { disabled: true }]) {
      const res = await call('PUT', `/v1/admin/staff/${adminId}`, cookies.admin, body);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 2,
        msg: 'You cannot change your own role or disable your own account.',
      });
    }
    expect((await call('GET', '/v1/admin/staff', cookies.admin)).status).toBe(200);
  });

  it('never leaves the shop without an active admin', async () => {
    // Reachable only when two admins demote each other at the same moment: the second change, already past
    // the role check, finds its target to be the last admin.
    const { id: otherId } = await createStaff(t.database, {
      email: 'ola@shop.test',
      password: 'Ola-admin-2026',
      role: 'admin',
    });
    const management = new StaffManagementService(t.database.db, new AuditLog(t.database.db));
    const admins = await t.database.db.select().from(schema.users).where(eq(schema.users.role, 'admin'));
    for (const admin of admins.filter((a) => a.id !== adminId)) {
      await management.update(adminId, admin.id, { role: 'staff' });
    }
    await expect(management.update(otherId, adminId, { role: 'staff' })).rejects.toMatchObject({
      code: 2,
      message: 'error.staff.lastAdmin',
    });
    await expect(management.update(otherId, adminId, { disabled: true })).rejects.toMatchObject({
      message: 'error.staff.lastAdmin',
    });
  });

  it('answers 404 for an id that is not a member of staff, and code 1 for a malformed one', async () => {
    const [shopper] = await t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, SHOPPER.email));
    expect(
      (await call('PUT', `/v1/admin/staff/${shopper!.id}`, cookies.admin, { role: 'admin' })).status,
    ).toBe(404);
    expect((await call('PUT', '/v1/admin/staff/not-an-id', cookies.admin, { role: 'admin' })).body.code).toBe(
      1,
    );
    expect(
      (await call('PUT', `/v1/admin/staff/${staffId}`, cookies.admin, { role: 'owner' })).body.code,
    ).toBe(1);
  });
});

describe('the mailbox for admins', () => {
  it('shows the dev mailbox to admins only, filtered by recipient', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/v1/home/verification-codes',
      payload: { phone: '+8613900003333' },
    });
    const res = await call('GET', '/v1/admin/mailbox?to=%2B8613900003333', cookies.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ to: '+8613900003333', subject: expect.any(String) }),
    ]);
    const asStaff = await call('GET', '/v1/admin/mailbox?to=%2B8613900003333', cookies.staff);
    expect(asStaff.status).toBe(403);
    expect(asStaff.body).toMatchObject({ code: 403, data: null });
    expect((await call('GET', '/v1/admin/mailbox', cookies.shopper)).status).toBe(403);
    expect((await t.app.inject('/v1/admin/mailbox')).statusCode).toBe(401);
  });

  it('does not exist when real mail is configured', async () => {
    const withSmtp = await createTestApp({ mailUrl: 'smtp://127.0.0.1:9' });
    try {
      await createStaff(withSmtp.database, { ...ADMIN, role: 'admin' });
      const cookie = await staffLoginCookie(withSmtp.app, ADMIN.email, ADMIN.password);
      const res = await withSmtp.app.inject({ url: '/v1/admin/mailbox', headers: { cookie } });
      expect(res.statusCode).toBe(404);
      const status = await withSmtp.app.inject({ url: '/v1/admin/mail-status', headers: { cookie } });
      expect(status.json().data).toEqual({ delivered: true });
    } finally {
      await withSmtp.close();
    }
  });
});

describe('staff sessions kept in Redis', () => {
  it('lists and ends them just as in the database', async () => {
    const withRedis = await createTestApp({
      redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    });
    try {
      const member = { email: `redis-staff-${Date.now()}@shop.test`, password: 'Redis-staff-2026' };
      await createStaff(withRedis.database, { ...member, role: 'staff' });
      const first = await staffLoginCookie(withRedis.app, member.email, member.password);
      const second = await staffLoginCookie(withRedis.app, member.email, member.password);
      const get = (cookie: string, url: string) => withRedis.app.inject({ url, headers: { cookie } });
      const sessions = (await get(first, '/v1/admin/account/sessions')).json().data as {
        id: string;
        current: boolean;
      }[];
      expect(sessions).toHaveLength(2);
      const other = sessions.find((s) => !s.current)!;
      const ended = await withRedis.app.inject({
        method: 'DELETE',
        url: `/v1/admin/account/sessions/${other.id}`,
        headers: { cookie: first },
      });
      expect(ended.statusCode).toBe(200);
      expect((await get(second, '/v1/admin/me')).statusCode).toBe(401);
      expect((await get(first, '/v1/admin/account/sessions')).json().data).toHaveLength(1);
    } finally {
      await withRedis.close();
    }
  });
});
