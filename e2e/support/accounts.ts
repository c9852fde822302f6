import { expect } from 'vitest';
import { shopperAddress } from './shop-server.ts';
import { staffCookie } from './staff.ts';

/** A message in the dev mailbox (`GET /v1/admin/mailbox`, admins only), newest first. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const adminCookies = new Map<string, Promise<string>>();

/** The mail kept for `to`, read as an admin reads it in the back office: no one else may. */
export async function mailbox(baseUrl: string, to: string): Promise<Mail[]> {
  let cookie = adminCookies.get(baseUrl);
  if (!cookie) {
    cookie = staffCookie(baseUrl, 'admin');
    adminCookies.set(baseUrl, cookie);
  }
  const reply = await fetch(`${baseUrl}/v1/admin/mailbox?to=${encodeURIComponent(to)}`, {
    headers: { cookie: await cookie },
  });
  const body = (await reply.json()) as { code: number; data: Mail[] };
  expect(body.code).toBe(200);
  return body.data;
}

/**
 * The newest message to `to` once more than `seen` have arrived: mail is written right after the request
 * that sends it is answered, so a test asks again for a moment rather than once.
 */
export async function nextMail(baseUrl: string, to: string, seen = 0): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await mailbox(baseUrl, to);
    if (mails.length > seen) return mails[0]!;
    if (Date.now() > deadline) throw new Error(`no new mail to ${to} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit code of a verification text message. */
export function codeIn(mail: Mail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in: ${mail.text}`);
  return match[1];
}

/** The storefront link (`/registersucess?token=…`, `/passwordchange?token=…`) in a mail. */
export function linkIn(mail: Mail, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[\\w-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[0];
}

export interface TestShopper {
  email: string;
  /** A mainland China mobile number without its country code, as typed into the phone field (country CN). */
  nationalPhone: string;
  /** The same number in international form, as the server stores it and the mailbox files it. */
  phone: string;
  password: string;
}

let serial = 0;

/**
 * A shopper no other test (or earlier run against the same data) has used: the server allows one code per
 * phone a minute and one account per email and phone.
 */
export function uniqueShopper(name: string): TestShopper {
  serial += 1;
  const stamp = `${Date.now() % 10_000_000}${serial % 10}`.padStart(8, '0');
  const nationalPhone = `139${stamp}`;
  return {
    email: `${name}.${stamp}@example.com`,
    nationalPhone,
    phone: `+86${nationalPhone}`,
    password: `Quiet-Harbor-${stamp.slice(-4)}!`,
  };
}

async function post(
  baseUrl: string,
  path: string,
  body: unknown,
  address: string,
  locale = 'en-US',
): Promise<{ code: number; msg: unknown }> {
  const reply = await fetch(`${baseUrl}/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': locale, 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return (await reply.json()) as { code: number; msg: unknown };
}

/**
 * Registers through the API (for tests about what comes after), in `locale` (the account's mails speak it); the
 * account is not activated yet.
 */
export async function registerByApi(baseUrl: string, shopper: TestShopper, locale = 'en-US'): Promise<void> {
  const address = shopperAddress();
  expect(await post(baseUrl, '/home/verification-codes', { phone: shopper.phone }, address)).toMatchObject({
    code: 200,
  });
  const code = codeIn(await nextMail(baseUrl, shopper.phone));
  const { email, phone, password } = shopper;
  const registered = await post(
    baseUrl,
    '/home/users/register',
    { email, password, confirm: password, phone, code },
    address,
    locale,
  );
  expect(registered, JSON.stringify(registered)).toMatchObject({ code: 200 });
}

/** Console errors and failed requests other than the refusals a test provokes on purpose (`expected` paths). */
export function unexpectedErrors(errors: string[], expected: string[]): string[] {
  return errors.filter((error) => !expected.some((path) => error.includes(path)));
}

/** A 1×1 PNG: a real image the browser can preview and the server recognises by its signature. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
