import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import {
  callApi,
  createStaff,
  createTestApp,
  signedInStaff,
  staffLoginCookie,
  type TestApp,
} from '../../testing.ts';

let t: TestApp;
let admin: { id: string; email: string; password: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, { email: 'ada@shop.test', password: 'Ada-admin-2026', role: 'admin' });
});
afterAll(() => t.close());

/**
 * The app's code for the time step `steps` away from now. Tests use increasing steps (-1 to confirm, then 0,
 * then +1): a code is accepted once, and only a later step is accepted after it.
 */
const codeAt = (secret: string, steps: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const login = (account: string, password: string, otp?: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/v1/admin/login',
    remoteAddress,
    headers: { 'accept-language': 'en-US' },
    payload: { account, password, ...(otp !== undefined && { otp }) },
  });

const sessionCookie = (res: Awaited<ReturnType<typeof login>>) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** Turns two-step sign-in on for the member of `cookie`: their secret and recovery codes. */
async function turnOn(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await callApi(t.app, 'POST', '/v1/admin/me/otp', { cookie });
  expect(started.status).toBe(200);
  const secret = started.body.data.secret as string;
  const confirmed = await callApi(t.app, 'POST', '/v1/admin/me/otp/confirm', {
    cookie,
    payload: { otp: await codeAt(secret, -1) },
  });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes };
}

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: schema.auditLog.action })
    .from(schema.auditLog)
    .where(eq(schema.auditLog.entityId, entityId));
  return rows.map((row) => row.action);
}

describe('turning on two-step sign-in', () => {
  it('gives a secret and its otpauth URL, not in force until confirmed', async () => {
    const member = await signedInStaff(t, {
      email: 'eve@shop.test',
      password: 'Eve-staff-2026',
      role: 'staff',
    });
    const started = await callApi(t.app, 'POST', '/v1/admin/me/otp', { cookie: member.cookie });
    expect(started.status).toBe(200);
    const { secret, otpauthUrl } = started.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain(encodeURIComponent('eve@shop.test'));
    const status = await callApi(t.app, 'GET', '/v1/admin/me/otp', { cookie: member.cookie });
    expect(status.body.data).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });

  it('replaces an unconfirmed secret when started again: the first one no longer confirms', async () => {
    const member = await signedInStaff(t, {
      email: 'fay@shop.test',
      password: 'Fay-staff-2026',
      role: 'staff',
    });
    const first = await callApi(t.app, 'POST', '/v1/admin/me/otp', { cookie: member.cookie });
    const second = await callApi(t.app, 'POST', '/v1/admin/me/otp', { cookie: member.cookie });
    expect(second.body.data.secret).not.toBe(first.body.data.secret);
    const stale = await callApi(t.app, 'POST', '/v1/admin/me/otp/confirm', {
      cookie: member.cookie,
      payload: { otp: await codeAt(first.body.data.secret, 0) },
    });
    expect(stale.status).toBe(422);
    expect(stale.body).toMatchObject({
      code: 1,
      msg: { otp: 'The code is wrong or has already been used.' },
    });
    const fresh = await callApi(t.app, 'POST', '/v1/admin/me/otp/confirm', {
      cookie: member.cookie,
      payload: { otp: await codeAt(second.body.data.secret, 0) },
    });
    expect(fresh.status).toBe(200);
  });

  it('confirms with a code, answers 10 distinct recovery codes once, stores neither secret nor codes in clear', async () => {
    const member = await signedInStaff(t, {
      email: 'gus@shop.test',
      password: 'Gus-staff-2026',
      role: 'staff',
    });
    const { secret, recoveryCodes } = await turnOn(member.cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const [row] = await t.database.db
      .select()
      .from(schema.staffOtp)
      .where(eq(schema.staffOtp.userId, member.id));
    expect(row!.confirmedAt).not.toBeNull();
    expect(row!.secret).not.toContain(secret);
    const stored = await t.database.db
      .select({ codeHash: schema.staffRecoveryCodes.codeHash })
      .from(schema.staffRecoveryCodes)
      .where(eq(schema.staffRecoveryCodes.userId, member.id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((r) => r.codeHash).join(' ');
    for (const code of recoveryCodes) expect(hashes).not.toContain(code.replace('-', ''));
    const status = await callApi(t.app, 'GET', '/v1/admin/me/otp', { cookie: member.cookie });
    expect(status.body.data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    const again = await callApi(t.app, 'POST', '/v1/admin/me/otp', { cookie: member.cookie });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(2);
    expect(await auditActions(member.id)).toContain('account.otp.enable');
    const me = await callApi(t.app, 'GET', '/v1/admin/me', { cookie: member.cookie });
    expect(me.body.data).toMatchObject({ otpEnabled: true, otpSetupRequired: false });
  });

  it('refuses a wrong first code and a confirmation with nothing started', async () => {
    const member = await signedInStaff(t, {
      email: 'hal@shop.test',
      password: 'Hal-staff-2026',
      role: 'staff',
    });
    const nothing = await callApi(t.app, 'POST', '/v1/admin/me/otp/confirm', {
      cookie: member.cookie,
      payload: { otp: '123456' },
    });
    expect(nothing.status).toBe(409);
    await callApi(t.app, 'POST', '/v1/admin/me/otp', { cookie: member.cookie });
    const malformed = await callApi(t.app, 'POST', '/v1/admin/me/otp/confirm', {
      cookie: member.cookie,
      payload: { otp: '12ab' },
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.msg).toEqual({ otp: 'Enter the 6-digit code or a recovery code.' });
    const [row] = await t.database.db
      .select()
      .from(schema.staffOtp)
      .where(eq(schema.staffOtp.userId, member.id));
    expect(row!.confirmedAt).toBeNull();
  });
});

describe('logging in with two-step sign-in on', () => {
  let member: { id: string; email: string; password: string; cookie: string };
  let secret = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    member = await signedInStaff(t, { email: 'ivy@shop.test', password: 'Ivy-staff-2026', role: 'staff' });
    ({ secret, recoveryCodes } = await turnOn(member.cookie));
  });

  it('asks for the code when it is missing (code 2, data.otpRequired) and starts no session', async () => {
    const res = await login(member.email, member.password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 2,
      data: { otpRequired: true },
      msg: 'Enter the code from your authenticator app (or a recovery code).',
    });
    expect(res.cookies).toHaveLength(0);
  });

  it('refuses a wrong code, accepts the right one once, and refuses it replayed in the same window', async () => {
    const wrong = await login(member.email, member.password, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 2, data: { otpRequired: true } });
    expect(wrong.cookies).toHaveLength(0);
    const code = await codeAt(secret, 0);
    const right = await login(member.email, member.password, code);
    expect(right.statusCode).toBe(200);
    expect(right.json().data).toMatchObject({ email: member.email, otpEnabled: true });
    const me = await callApi(t.app, 'GET', '/v1/admin/me', { cookie: sessionCookie(right) });
    expect(me.status).toBe(200);
    const replayed = await login(member.email, member.password, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ code: 2, msg: 'The code is wrong or has already been used.' });
    // One step of clock drift ahead is accepted.
    expect((await login(member.email, member.password, await codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('takes a recovery code once (in any case, with or without the hyphen)', async () => {
    const recovery = recoveryCodes[0]!;
    const first = await login(member.email, member.password, recovery.toUpperCase().replace('-', ''));
    expect(first.statusCode).toBe(200);
    const again = await login(member.email, member.password, recovery);
    expect(again.statusCode).toBe(401);
    const status = await callApi(t.app, 'GET', '/v1/admin/me/otp', { cookie: sessionCookie(first) });
    expect(status.body.data.recoveryCodesLeft).toBe(9);
  });

  it('does not accept a wrong password with the right code', async () => {
    const res = await login(member.email, 'Not-the-password-1', await codeAt(secret, 1));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 2, data: null, msg: 'Invalid username or password' });
  });
});

describe('wrong codes count as wrong passwords', () => {
  it('slows the account down after five wrong codes, so that even the right code then waits', async () => {
    const member = await signedInStaff(t, {
      email: 'jon@shop.test',
      password: 'Jon-staff-2026',
      role: 'staff',
    });
    const { secret } = await turnOn(member.cookie);
    for (let i = 0; i < 5; i += 1) {
      expect((await login(member.email, member.password, '999999', '10.1.0.1')).statusCode).toBe(401);
    }
    const [row] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, member.id));
    expect(row!.failedLogins).toBe(5);
    const blocked = await login(member.email, member.password, await codeAt(secret, 0), '10.1.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 429 });
  });

  it('counts them in the per-address limit of wrong logins', async () => {
    // Two members, five wrong codes each, from one address: ten wrong logins, the limit of a minute.
    for (const name of ['kit', 'lea']) {
      const member = await signedInStaff(t, {
        email: `${name}@shop.test`,
        password: `${name}-Staff-2026`,
        role: 'staff',
      });
      await turnOn(member.cookie);
      for (let i = 0; i < 5; i += 1) {
        expect((await login(member.email, member.password, '999999', '10.2.0.1')).statusCode).toBe(401);
      }
    }
    const refused = await login(admin.email, admin.password, undefined, '10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect((await login(admin.email, admin.password, undefined, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('turning it off and resetting it', () => {
  it('turns off only with a current code or a recovery code, then logs in with the password alone', async () => {
    const member = await signedInStaff(t, {
      email: 'max@shop.test',
      password: 'Max-staff-2026',
      role: 'staff',
    });
    const { recoveryCodes } = await turnOn(member.cookie);
    const wrong = await callApi(t.app, 'DELETE', '/v1/admin/me/otp', {
      cookie: member.cookie,
      payload: { otp: '000000' },
    });
    expect(wrong.status).toBe(422);
    const missing = await callApi(t.app, 'DELETE', '/v1/admin/me/otp', {
      cookie: member.cookie,
      payload: {},
    });
    expect(missing.status).toBe(422);
    const off = await callApi(t.app, 'DELETE', '/v1/admin/me/otp', {
      cookie: member.cookie,
      payload: { otp: recoveryCodes[3]! },
    });
    expect(off.status).toBe(200);
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    expect(await auditActions(member.id)).toEqual(expect.arrayContaining(['account.otp.disable']));
    const codes = await t.database.db
      .select()
      .from(schema.staffRecoveryCodes)
      .where(eq(schema.staffRecoveryCodes.userId, member.id));
    expect(codes).toHaveLength(0);
    const notOn = await callApi(t.app, 'DELETE', '/v1/admin/me/otp', {
      cookie: member.cookie,
      payload: { otp: '123456' },
    });
    expect(notOn.status).toBe(409);
  });

  it("lets an admin reset a member's second step (audited), never their own and never as staff", async () => {
    const member = await signedInStaff(t, {
      email: 'ned@shop.test',
      password: 'Ned-staff-2026',
      role: 'staff',
    });
    await turnOn(member.cookie);
    const list = await callApi(t.app, 'GET', '/v1/admin/staff?keyword=ned', { cookie: admin.cookie });
    expect(list.body.data[0]).toMatchObject({ email: member.email, otpEnabled: true });
    const asStaff = await callApi(t.app, 'DELETE', `/v1/admin/staff/${member.id}/otp`, {
      cookie: member.cookie,
    });
    expect(asStaff.status).toBe(403);
    const self = await callApi(t.app, 'DELETE', `/v1/admin/staff/${admin.id}/otp`, { cookie: admin.cookie });
    expect(self.status).toBe(409);
    const reset = await callApi(t.app, 'DELETE', `/v1/admin/staff/${member.id}/otp`, {
      cookie: admin.cookie,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ id: member.id, otpEnabled: false });
    expect((await login(member.email, member.password)).statusCode).toBe(200);
    const audit = await callApi(t.app, 'GET', `/v1/admin/audit?entityId=${member.id}`, {
      cookie: admin.cookie,
    });
    expect(audit.body.data[0]).toMatchObject({
      action: 'staff.otp.reset',
      actor: { id: admin.id },
      before: { otpEnabled: true },
      after: { otpEnabled: false },
    });
  });
});

describe('requiring two-step sign-in of every member of staff', () => {
  it('needs the admin to have it on first, then sends members without it to enrolment', async () => {
    const refused = await callApi(t.app, 'PUT', '/v1/admin/staff/two-step', {
      cookie: admin.cookie,
      payload: { required: true },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Turn on your own two-step sign-in before requiring it of everyone.');
    const { secret: adminSecret } = await turnOn(admin.cookie);

    const required = await callApi(t.app, 'PUT', '/v1/admin/staff/two-step', {
      cookie: admin.cookie,
      payload: { required: true },
    });
    expect(required.status).toBe(200);
    expect(required.body.data).toEqual({ required: true });
    expect(await auditActions('staff-two-step')).toEqual(['staff.otp.require']);

    // A member without it logs in, but may only see who they are, enrol, or log out.
    await createStaff(t.database, { email: 'ola@shop.test', password: 'Ola-staff-2026', role: 'staff' });
    const cookie = await staffLoginCookie(t.app, 'ola@shop.test', 'Ola-staff-2026');
    const me = await callApi(t.app, 'GET', '/v1/admin/me', { cookie });
    expect(me.body.data).toMatchObject({ otpEnabled: false, otpSetupRequired: true });
    const goods = await callApi(t.app, 'GET', '/v1/admin/goods', { cookie });
    expect(goods.status).toBe(403);
    expect(goods.body).toEqual({
      code: 2,
      data: { otpSetupRequired: true },
      msg: 'The shop requires two-step sign-in: turn it on in your account settings first.',
    });
    expect((await callApi(t.app, 'GET', '/v1/admin/account', { cookie })).status).toBe(403);
    await turnOn(cookie);
    expect((await callApi(t.app, 'GET', '/v1/admin/goods', { cookie })).status).toBe(200);

    const list = await callApi(t.app, 'GET', '/v1/admin/staff?keyword=eve', { cookie: admin.cookie });
    expect(list.body.data[0]).toMatchObject({ otpEnabled: false, otpSetupRequired: true });

    const relaxed = await callApi(t.app, 'PUT', '/v1/admin/staff/two-step', {
      cookie: admin.cookie,
      payload: { required: false },
    });
    expect(relaxed.body.data).toEqual({ required: false });
    expect(await auditActions('staff-two-step')).toEqual(['staff.otp.require', 'staff.otp.require']);
    const policy = await callApi(t.app, 'GET', '/v1/admin/staff/two-step', { cookie: admin.cookie });
    expect(policy.body.data).toEqual({ required: false });
    expect((await login(admin.email, admin.password, await codeAt(adminSecret, 0))).statusCode).toBe(200);
  });
});
