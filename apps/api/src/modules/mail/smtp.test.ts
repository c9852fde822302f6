import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@shop/db';
import { createShopper, createTestApp, type TestApp } from '../../testing.ts';

interface Received {
  to: string[];
  raw: string;
}

/** The parts of a MIME message by content type, decoded (quoted-printable or base64). */
function mimeParts(raw: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const chunk of raw.split(/\r?\n--[^\r\n]+/)) {
    const [head = '', ...bodyLines] = chunk.split(/\r?\n\r?\n/);
    const type = /content-type:\s*([\w/]+)/i.exec(head)?.[1]?.toLowerCase();
    if (!type || type.startsWith('multipart/')) continue;
    const body = bodyLines.join('\n\n');
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    parts[type] =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            ).toString('utf8')
          : body;
  }
  return parts;
}

/** What `find` finds once it is there: some mail is sent after the reply that causes it. */
async function arrival<T>(find: () => T | undefined): Promise<T> {
  for (let tries = 0; tries < 250; tries += 1) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('nothing arrived within 5 s');
}

let smtp: SMTPServer;
const received: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    mailUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Lumen Market <shop@example.test>',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const post = (url: string, payload: object, locale = 'zh-CN') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': locale } });

describe('mail through a real SMTP server', () => {
  it('delivers the activation mail in the shopper locale with text and HTML parts', async () => {
    const phone = '+8613912345678';
    expect((await post('/v1/home/verification-codes', { phone })).statusCode).toBe(200);
    // Text messages have no SMS gateway yet: they stay in the mailbox table even with SMTP configured.
    const [sms] = await t.database.db.select().from(schema.mailbox);
    const code = /\b(\d{6})\b/.exec(sms!.text)![1]!;

    const password = 'Lü-secret-2026';
    const res = await post('/v1/home/users/register', {
      email: 'mei@example.com',
      password,
      confirm: password,
      phone,
      code,
    });
    expect(res.statusCode, res.body).toBe(201);

    const mail = received.find((m) => m.to.includes('mei@example.com'));
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(/^From: Lumen Market <shop@example\.test>/m);
    const parts = mimeParts(mail!.raw);
    expect(parts['text/plain']).toContain('激活');
    expect(parts['text/plain']).toMatch(/http:\/\/shop\.test\/registersucess\?token=[\w-]{43}/);
    expect(parts['text/html']).toContain('<a href="http://shop.test/registersucess?token=');
    expect(mail!.raw).not.toContain(password);
  });

  it('delivers the password reset mail in the locale the shopper registered in', async () => {
    await post('/v1/home/users/password/forget', { email: 'mei@example.com' }, 'en-US');
    const mail = await arrival(() =>
      received.find((m) => m.to.includes('mei@example.com') && m.raw.includes('passwordchange')),
    );
    expect(mimeParts(mail!.raw)['text/plain']).toMatch(
      /设置新密码: http:\/\/shop\.test\/passwordchange\?token=/,
    );
  });

  it('hides the dev mailbox when real mail is configured', async () => {
    expect((await t.app.inject('/v1/dev/mailbox')).statusCode).toBe(404);
  });
});

describe('the forgotten-password reply', () => {
  /**
   * Why a known address is answered as fast as an unknown one, shown without a stopwatch: the reply does not wait
   * for the lookup and the mail. This SMTP server holds every message until the test lets it go; were the reply
   * to wait for the mail, it would never come.
   */
  it('comes before the reset mail is sent, so its timing cannot tell a known address', async () => {
    const held: (() => void)[] = [];
    const delivered: string[] = [];
    const slow = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onMailFrom(_address, _session, callback) {
        held.push(() => callback());
      },
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          delivered.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const { port } = slow.server.address() as AddressInfo;
    const app = await createTestApp({ mailUrl: `smtp://127.0.0.1:${port}` });
    try {
      await createShopper(app.database, { email: 'kai@example.com', password: 'Kai-secret-2026' });
      const forget = (email: string) =>
        app.app.inject({ method: 'POST', url: '/v1/home/users/password/forget', payload: { email } });
      const known = await forget('kai@example.com');
      const unknown = await forget('nobody@example.com');
      expect(known.json()).toEqual({ code: 200, data: null, msg: '' });
      expect(unknown.body).toBe(known.body);
      expect(delivered).toEqual([]);
      // The mail was under way when the reply left; let it go and it arrives.
      await arrival(() => held[0]);
      expect(held).toHaveLength(1);
      held.forEach((release) => release());
      await arrival(() => (delivered.length > 0 ? delivered : undefined));
      expect(delivered).toEqual(['kai@example.com']);
    } finally {
      held.forEach((release) => release());
      await app.close();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});
