import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratePassword } from '@shop/contract/password-rating';
import { schema } from '@shop/db';
import {
  createShopper,
  createTestApp,
  keptMail,
  loginCookie,
  nextKeptMail,
  type KeptMail,
  type TestApp,
} from '../../testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Sent = KeptMail;
const mailbox = (to: string) => keptMail(t, to);
const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'accept-language': 'en-US', ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const tokenIn = (mail: Sent) => /token=([\w-]+)/.exec(mail.text)![1]!;

async function codeFor(phone: string, locale = 'en-US') {
  const res = await post('/v1/home/verification-codes', { phone }, { 'accept-language': locale });
  expect(res.statusCode, res.body).toBe(200);
  const [text] = await mailbox(phone);
  return /\b(\d{6})\b/.exec(text!.text)![1]!;
}

describe('registration and activation', () => {
  const email = 'ana.souza@example.com';
  const phone = '+5511987654321';
  const password = 'Cafe-com-leite-42';

  it('refuses a wrong verification code', async () => {
    await codeFor(phone);
    const res = await post('/v1/home/users/register', {
      email,
      password,
      confirm: password,
      phone,
      code: '000000',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 1, msg: { code: 'Invalid verification code' } });
  });

  it('refuses a common password, in the shopper language', async () => {
    const code = await codeFor('+5511987650000', 'zh-CN');
    const res = await post(
      '/v1/home/users/register',
      {
        email: 'weak@example.com',
        password: 'qwerty123',
        confirm: 'qwerty123',
        phone: '+5511987650000',
        code,
      },
      { 'accept-language': 'zh-CN' },
    );
    expect(res.json()).toMatchObject({ code: 1, msg: { password: '该密码太容易被猜到，请换一个。' } });
    const [user] = await t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'weak@example.com'));
    expect(user).toBeUndefined();
  });

  it('refuses exactly the passwords the storefront meter calls too short or too easy to guess', async () => {
    const who = { email: 'meter@example.com', phone: '+5511987651111' };
    const refusal = {
      tooShort: 'Please enter at least 6 characters. Please do not use passwords that are easy to guess.',
      weak: 'This password is too easy to guess. Please choose another one.',
    };
    for (const password of ['abc', '123456', 'qwerty123', 'bluefox93', who.email, 'Cafe-com-leite-42']) {
      const verdict = await ratePassword(password, [who.email, who.phone]);
      const res = await post(
        '/v1/home/users/register',
        { ...who, password, confirm: password, code: '000000' },
        {},
        '192.0.2.44',
      );
      // Accepted passwords get as far as the (wrong) code.
      const expected = verdict === 'tooShort' || verdict === 'weak' ? refusal[verdict] : undefined;
      expect(res.json().msg.password, `${password}: ${verdict}`).toBe(expected);
      if (!expected) expect(res.json().msg).toEqual({ code: 'Invalid verification code' });
    }
    expect(await ratePassword('123456')).toBe('weak');
  });

  it('asks again for a code sent less than a minute ago', async () => {
    const res = await post('/v1/home/verification-codes', { phone });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(2);
  });

  it('registers, mails an activation link in the shopper language, and refuses login until activated', async () => {
    await t.database.db.delete(schema.verificationCodes);
    const code = await codeFor(phone);
    const res = await post(
      '/v1/home/users/register',
      { email: 'Ana.Souza@Example.com', password, confirm: password, phone: '+55 11 98765-4321', code },
      { 'accept-language': 'pt-BR' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ email });
    const [mail] = await mailbox(email);
    expect(mail!.subject).toContain('Ative sua conta');
    expect(mail!.text).toContain('http://shop.test/registersucess?token=');
    expect(mail!.html).toContain('<a href="http://shop.test/registersucess?token=');

    const login = await post('/v1/home/users/login', { account: email, password });
    expect(login.statusCode).toBe(403);
    expect(login.json().msg).toMatch(/not activated/);
  });

  it('answers an email already in use like a fresh one, creates nothing and tells the owner', async () => {
    const code = await codeFor('+5511912345678');
    const seen = (await mailbox(email)).length;
    const dupEmail = await post('/v1/home/users/register', {
      email: 'ANA.souza@example.com',
      password,
      confirm: password,
      phone: '+5511912345678',
      code,
    });
    expect(dupEmail.statusCode).toBe(201);
    expect(dupEmail.json()).toEqual({
      code: 200,
      data: { id: expect.stringMatching(/^[\w-]{36}$/), email },
      msg: '',
    });
    const [owner] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(dupEmail.json().data.id).not.toBe(owner!.id);
    const created = await t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.phone, '+5511912345678'));
    expect(created).toEqual([]);
    const notice = await nextKeptMail(t, email, seen);
    // The owner registered in pt-BR: the notice is in their language, with the way to a new password.
    expect(notice.subject).toBe('Alguém tentou se cadastrar na Mercado Lumen com seu endereço');
    expect(notice.text).toContain('http://shop.test/forget');
    expect(notice.text).not.toContain('token=');
  });

  it('uses a code up with any attempt: the same code cannot check a second address', async () => {
    const spare = '+5511912340000';
    const code = await codeFor(spare);
    const first = await post('/v1/home/users/register', {
      email,
      password,
      confirm: password,
      phone: spare,
      code,
    });
    expect(first.statusCode).toBe(201);
    const second = await post('/v1/home/users/register', {
      email: 'someone.else@example.com',
      password,
      confirm: password,
      phone: spare,
      code,
    });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toMatchObject({ code: 1, msg: { code: 'Invalid verification code' } });
  });

  it('kills a code with one wrong guess, and still says that a phone is taken to whoever holds it', async () => {
    await t.database.db.delete(schema.verificationCodes);
    const code = await codeFor(phone);
    const wrong = code === '123456' ? '654321' : '123456';
    const guess = await post('/v1/home/users/register', {
      email: 'new.one@example.com',
      password,
      confirm: password,
      phone,
      code: wrong,
    });
    expect(guess.statusCode).toBe(422);
    const right = await post('/v1/home/users/register', {
      email: 'new.one@example.com',
      password,
      confirm: password,
      phone,
      code,
    });
    expect(right.json()).toMatchObject({ code: 1, msg: { code: 'Invalid verification code' } });
    // A new code a minute later, for a phone that is taken: the code proved the caller holds it.
    await t.database.db.delete(schema.verificationCodes);
    const again = await codeFor(phone);
    const dupPhone = await post('/v1/home/users/register', {
      email: 'new.one@example.com',
      password,
      confirm: password,
      phone,
      code: again,
    });
    expect(dupPhone.statusCode).toBe(409);
    expect(dupPhone.json()).toEqual({ code: 2, data: null, msg: 'This phone number is already registered.' });
    expect((await post('/v1/home/verification-codes', { phone })).statusCode).toBe(429);
  });

  it('activates once with the mailed link, and says the account is active when the link is opened again', async () => {
    const token = tokenIn((await mailbox(email)).find((mail) => mail.text.includes('/registersucess'))!);
    const first = await post('/v1/home/users/activate', { token });
    expect(first.json()).toEqual({ code: 200, data: { email, alreadyActive: false }, msg: '' });
    const again = await post('/v1/home/users/activate', { token });
    expect(again.json()).toEqual({ code: 200, data: { email, alreadyActive: true }, msg: '' });
    expect((await post('/v1/home/users/login', { account: phone, password })).statusCode).toBe(200);
    const unknown = await post('/v1/home/users/activate', { token: `${token}x` });
    expect(unknown.json()).toMatchObject({
      code: 2,
      msg: 'This link is not valid or has already been used.',
    });
  });

  it('says when an activation link has expired, and lets the shopper fix the address and resend', async () => {
    const code = await codeFor('+8613812345678');
    const reg = await post('/v1/home/users/register', {
      email: 'typo@exmaple.com',
      password,
      confirm: password,
      phone: '+8613812345678',
      code,
    });
    expect(reg.statusCode).toBe(201);
    const token = tokenIn((await mailbox('typo@exmaple.com'))[0]!);
    await t.database.db.update(schema.userTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await post('/v1/home/users/activate', { token });
    expect(expired.json()).toMatchObject({
      code: 2,
      msg: 'This link has expired. Please ask for a new one.',
    });

    const resend = await post('/v1/home/users/activation/resend', {
      email: 'typo@exmaple.com',
      password,
      newEmail: 'fixed@example.com',
    });
    expect(resend.json()).toEqual({ code: 200, data: { email: 'fixed@example.com' }, msg: '' });
    const fresh = tokenIn((await mailbox('fixed@example.com'))[0]!);
    expect((await post('/v1/home/users/activate', { token: fresh })).json().data).toEqual({
      email: 'fixed@example.com',
      alreadyActive: false,
    });
    // The first link named the old address: it never activates, nor claims the account active.
    expect((await post('/v1/home/users/activate', { token })).json()).toMatchObject({ code: 2 });
  });
});

describe('login, sessions and profile', () => {
  let ana: { id: string; email: string; password: string };
  let bo: { id: string; email: string; password: string };
  beforeAll(async () => {
    ana = await createShopper(t.database, {
      email: 'ana@example.com',
      password: 'Ana-secret-2026',
      phone: '+5511955554444',
    });
    bo = await createShopper(t.database, { email: 'bo@example.com', password: 'Bo-secret-2026' });
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const unknown = await post('/v1/home/users/login', {
      account: 'nobody@example.com',
      password: 'whatever-1',
    });
    const wrong = await post('/v1/home/users/login', { account: ana.email, password: 'wrong-password' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ code: 2, data: null, msg: 'Invalid username or password' });
  });

  it('sets an httpOnly SameSite=Lax session cookie and a readable hint', async () => {
    const res = await post('/v1/home/users/login', { account: '+55 11 95555-4444', password: ana.password });
    expect(res.statusCode).toBe(200);
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    const hint = res.cookies.find((c) => c.name === 'shop_signed_in')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.value).toMatch(/^[\w-]{43}$/);
    expect(hint.httpOnly).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.stringify(res.json())).not.toContain('password');
  });

  it('marks the cookies Secure behind an HTTPS proxy', async () => {
    const behindProxy = await createTestApp({ trustProxy: 1 });
    try {
      await createShopper(behindProxy.database, { email: ana.email, password: ana.password });
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: '/v1/home/users/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { account: ana.email, password: ana.password },
      });
      expect(res.cookies.map((c) => [c.name, c.secure])).toEqual([
        ['sid', true],
        ['shop_signed_in', true],
      ]);
    } finally {
      await behindProxy.close();
    }
  });

  it('lets a shopper read and edit only their own user', async () => {
    const cookie = await loginCookie(t.app, ana.email, ana.password);
    const me = await t.app.inject({ url: '/v1/home/users/me', headers: { cookie } });
    expect(me.json().data).toMatchObject({ id: ana.id, email: ana.email });
    const other = await t.app.inject({ url: `/v1/home/users/${bo.id}`, headers: { cookie } });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain(bo.email);
    const editOther = await t.app.inject({
      method: 'POST',
      url: `/v1/home/users/${bo.id}/edit`,
      headers: { cookie },
      payload: { nickname: 'hacked' },
    });
    expect(editOther.statusCode).toBe(403);
    const editSelf = await t.app.inject({
      method: 'POST',
      url: `/v1/home/users/${ana.id}/edit`,
      headers: { cookie },
      payload: { nickname: 'Ana', gender: 'female', birthday: '1990-04-01' },
    });
    expect(editSelf.json().data).toMatchObject({ nickname: 'Ana', gender: 'female', birthday: '1990-04-01' });
    const [boRow] = await t.database.db.select().from(schema.users).where(eq(schema.users.id, bo.id));
    expect(boRow!.nickname).toBe('');
  });

  it('refuses email, password or role changes through the profile edit', async () => {
    const cookie = await loginCookie(t.app, ana.email, ana.password);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/home/users/${ana.id}/edit`,
      headers: { cookie },
      payload: { email: 'new@example.com', role: 'admin' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().msg).sort()).toEqual(['email', 'role']);
  });

  it('asks guests to log in', async () => {
    const res = await t.app.inject({ url: '/v1/home/users/me', headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, data: null, msg: 'Please log in first.' });
  });

  it('ends the other sessions when the password changes', async () => {
    const phone = await loginCookie(t.app, bo.email, bo.password);
    const laptop = await loginCookie(t.app, bo.email, bo.password);
    const wrongOld = await t.app.inject({
      method: 'POST',
      url: `/v1/home/users/${bo.id}/password/edit`,
      headers: { cookie: laptop },
      payload: { oldPassword: 'nope-nope', password: 'Bo-new-secret-1', confirm: 'Bo-new-secret-1' },
    });
    expect(wrongOld.json()).toMatchObject({ code: 2, msg: 'The current password is wrong.' });
    const changed = await t.app.inject({
      method: 'POST',
      url: `/v1/home/users/${bo.id}/password/edit`,
      headers: { cookie: laptop },
      payload: { oldPassword: bo.password, password: 'Bo-new-secret-1', confirm: 'Bo-new-secret-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v1/home/users/me', headers: { cookie: laptop } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/v1/home/users/me', headers: { cookie: phone } })).statusCode).toBe(
      401,
    );
    bo.password = 'Bo-new-secret-1';
  });

  it('logs out', async () => {
    const cookie = await loginCookie(t.app, ana.email, ana.password);
    const out = await t.app.inject({ method: 'POST', url: '/v1/home/users/logout', headers: { cookie } });
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await t.app.inject({ url: '/v1/home/users/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('stores an uploaded avatar after checking its type and size', async () => {
    const cookie = await loginCookie(t.app, ana.email, ana.password);
    const upload = (bytes: Buffer, type = 'image/png') => {
      const boundary = 'shopboundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/v1/home/users/${ana.id}/avatar`,
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'accept-language': 'en-US',
        },
        payload: body,
      });
    };
    // A phone photo: larger than any avatar, with the place it was taken in its EXIF block.
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c06' } })
      .withExif({ IFD0: { Make: 'Phone', ImageDescription: 'Rua Augusta 1500, Sao Paulo' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const ok = await upload(photo, 'image/jpeg');
    expect(ok.statusCode, ok.body).toBe(200);
    const avatar = ok.json().data.avatar as string;
    expect(avatar).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
    const served = await t.app.inject(avatar);
    expect(served.headers['content-type']).toBe('image/webp');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.includes('Rua Augusta')).toBe(false);

    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]);
    const broken = await upload(png);
    expect(broken.statusCode).toBe(415);

    const html = await upload(Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(html.statusCode).toBe(415);
    expect(html.json().msg).toEqual({ file: 'Please upload a PNG, JPEG or WebP image.' });
    const huge = await upload(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
  });
});

describe('forgotten password', () => {
  let cy: { id: string; email: string; password: string };
  beforeAll(async () => {
    cy = await createShopper(t.database, { email: 'cy@example.com', password: 'Cy-secret-2026' });
  });

  it('answers the same for known and unknown addresses, and mails a link only to the known one', async () => {
    const known = await post('/v1/home/users/password/forget', { email: cy.email });
    const unknown = await post('/v1/home/users/password/forget', { email: 'ghost@example.com' });
    expect(known.json()).toEqual(unknown.json());
    expect(known.statusCode).toBe(200);
    const mail = await nextKeptMail(t, cy.email);
    expect(mail.text).toContain('http://shop.test/passwordchange?token=');
    expect(await mailbox('ghost@example.com')).toEqual([]);
  });

  it('sets a new password once with the link and ends every session', async () => {
    const session = await loginCookie(t.app, cy.email, cy.password);
    const token = tokenIn((await mailbox(cy.email))[0]!);
    const reset = await post('/v1/home/users/password/reset', {
      token,
      password: 'Cy-new-2027!',
      confirm: 'Cy-new-2027!',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.app.inject({ url: '/v1/home/users/me', headers: { cookie: session } })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/v1/home/users/login', { account: cy.email, password: cy.password })).statusCode,
    ).toBe(401);
    expect(
      (await post('/v1/home/users/login', { account: cy.email, password: 'Cy-new-2027!' })).statusCode,
    ).toBe(200);
    const reuse = await post('/v1/home/users/password/reset', {
      token,
      password: 'Another-1x!',
      confirm: 'Another-1x!',
    });
    expect(reuse.json().code).toBe(2);
  });
});

describe('abuse and forgery', () => {
  it('refuses the 11th wrong login in a minute from one address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 11; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/v1/home/users/login',
        remoteAddress: '203.0.113.7',
        payload: { account: `nobody${i}@example.com`, password: 'wrong-password' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/v1/home/users/login',
      remoteAddress: '203.0.113.8',
      payload: { account: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('slows an account down after repeated wrong passwords, without locking it for good', async () => {
    const dee = await createShopper(t.database, { email: 'dee@example.com', password: 'Dee-secret-2026' });
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/v1/home/users/login',
        remoteAddress: `198.51.100.${i}`,
        payload: { account: dee.email, password: 'wrong-password' },
      });
    }
    const slowed = await post('/v1/home/users/login', { account: dee.email, password: dee.password });
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 1100));
    expect(
      (await post('/v1/home/users/login', { account: dee.email, password: dee.password })).statusCode,
    ).toBe(200);
  });

  it('refuses a state-changing request from another site', async () => {
    const ana = await createShopper(t.database, {
      email: 'eve-target@example.com',
      password: 'Target-secret-1',
    });
    const cookie = await loginCookie(t.app, ana.email, ana.password);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/home/users/${ana.id}/edit`,
        headers: { ...headers, cookie, host: 'shop.test' },
        payload: { nickname: 'pwned' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(403);
    }
    const same = await t.app.inject({
      method: 'POST',
      url: `/v1/home/users/${ana.id}/edit`,
      headers: { origin: 'http://shop.test', host: 'shop.test', 'sec-fetch-site': 'same-origin', cookie },
      payload: { nickname: 'Eve' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('never writes a password into a reply or a log line', async () => {
    const secret = 'Very-secret-passphrase-9';
    await createShopper(t.database, { email: 'fay@example.com', password: secret });
    await post('/v1/home/users/login', { account: 'fay@example.com', password: secret });
    await post('/v1/home/users/login', { account: 'fay@example.com', password: `${secret}x` });
    const cookie = await loginCookie(t.app, 'fay@example.com', secret);
    const me = await t.app.inject({ url: '/v1/home/users/me', headers: { cookie } });
    const [row] = await t.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'fay@example.com'));
    const hash = row!.passwordHash ?? '';
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(me.body).not.toContain(hash.slice(-20));
    expect(JSON.stringify(t.logs())).not.toContain(secret);
    expect(JSON.stringify(t.logs())).not.toContain(hash.slice(-20));
    const sessions = await t.database.db.select().from(schema.sessions);
    expect(JSON.stringify(sessions)).not.toMatch(/Very-secret/);
  });
});

describe("the language of a shopper's mails", () => {
  const email = 'dora@example.com';
  const password = 'Dora-secret-2026';
  let cookie = '';
  const resetMail = async () => {
    const seen = (await mailbox(email)).length;
    expect((await post('/v1/home/users/password/forget', { email })).statusCode).toBe(200);
    return nextKeptMail(t, email, seen);
  };
  const chooseLocale = (locale: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'PUT', url: '/v1/home/users/me/locale', payload: { locale }, headers });

  beforeAll(async () => {
    await createShopper(t.database, { email, password }); // registered in en-US
  });

  it('follow the language the shopper signs in with, then the one they choose in the shop', async () => {
    // Registered in English, signing in from the shop in Portuguese: mails come in Portuguese.
    const login = await post(
      '/v1/home/users/login',
      { account: email, password },
      { 'accept-language': 'pt-BR' },
    );
    expect(login.statusCode, login.body).toBe(200);
    cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await resetMail()).subject).toMatch(/senha/i);

    const chosen = await chooseLocale('zh-TW');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toEqual({ locale: 'zh-TW' });
    expect((await resetMail()).subject).toMatch(/密碼/);

    // A client stating no language the shop has (a script, a browser in French) leaves the choice alone.
    for (const headers of [{}, { 'accept-language': 'fr-FR' }]) {
      const again = await t.app.inject({
        method: 'POST',
        url: '/v1/home/users/login',
        payload: { account: email, password },
        headers,
      });
      expect(again.statusCode).toBe(200);
    }
    expect((await resetMail()).subject).toMatch(/密碼/);
  });

  it('is chosen only by a signed-in shopper, and only among the four languages', async () => {
    expect((await chooseLocale('pt-BR', {})).statusCode).toBe(401);
    for (const locale of ['fr-FR', '', null, 'zh-TW'.repeat(100), 7]) {
      const res = await chooseLocale(locale, { cookie, 'accept-language': 'pt-BR' });
      expect(res.statusCode, JSON.stringify(locale)).toBe(422);
      expect(res.json().code).toBe(1);
    }
    const [row] = await t.database.db
      .select({ locale: schema.users.locale })
      .from(schema.users)
      .where(eq(schema.users.email, email));
    expect(row?.locale).toBe('zh-TW');
  });
});
