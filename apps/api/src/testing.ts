import { ne } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '@shop/contract';
import { schema, type Database } from '@shop/db';
import { seedDemo, seedReferenceData } from '@shop/db/seed';
import { createTestDatabase } from '@shop/db/testing';
import { buildApp, type AppConfig } from './app.ts';
import { hashPassword } from './modules/accounts/passwords.ts';
import { WebhookOutbox } from './modules/payments/sandbox-gateway.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Every log line the app wrote, parsed. */
  logs: () => Record<string, unknown>[];
  close: () => Promise<void>;
}

/** A stand-in storefront build: the server's file handling is tested without building the real one. */
function fakeStorefrontBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Shop</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-a1b2c3d4.js'), 'console.log("shop")');
  return dir;
}

/**
 * The real app over a throw-away database holding the demo seed, serving a stand-in storefront build. The shop
 * sells in its own market only (US dollars, wherever the parcel goes, no taxes, the general shipping fee) unless `demoMarkets`: the tests of one
 * currency's money keep figures they can read off the SKUs, and the markets' own tests sell in four.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { demoMarkets = false }: { demoMarkets?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedReferenceData(database.db);
  await seedDemo(database.db);
  if (!demoMarkets) {
    await database.db.delete(schema.markets).where(ne(schema.markets.code, 'US'));
    await database.db.delete(schema.taxRates);
    await database.db.delete(schema.shippingZones);
  }
  const logStream = new PassThrough();
  const lines: string[] = [];
  logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const app = await buildApp(
    {
      logLevel: 'info',
      storefrontDist: fakeStorefrontBuild(),
      logStream,
      publicUrl: 'http://shop.test',
      ...overrides,
    },
    database,
  );
  return {
    app,
    database,
    logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

interface UserFields {
  email: string;
  password: string;
  phone?: string;
}

/** An activated account straight in the database (registration has its own tests). */
async function createUser(database: Database, fields: UserFields, role: 'shopper' | StaffRole) {
  const [row] = await database.db
    .insert(schema.users)
    .values({
      email: fields.email,
      phone: fields.phone ?? null,
      passwordHash: await hashPassword(fields.password),
      role,
      locale: 'en-US',
      activatedAt: new Date(),
    })
    .returning();
  return { id: row!.id, email: fields.email, password: fields.password };
}

export function createShopper(database: Database, fields: UserFields) {
  return createUser(database, fields, 'shopper');
}

export function createStaff(database: Database, fields: UserFields & { role: StaffRole }) {
  return createUser(database, fields, fields.role);
}

/** Logs in through the API and returns the `cookie` header that carries the session. */
export async function loginCookie(
  app: FastifyInstance,
  account: string,
  password: string,
  url = '/v1/home/users/login',
): Promise<string> {
  const res = await app.inject({ method: 'POST', url, payload: { account, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** Logs a member of staff in to the staff API and returns the `cookie` header that carries the session. */
export function staffLoginCookie(app: FastifyInstance, account: string, password: string): Promise<string> {
  return loginCookie(app, account, password, '/v1/admin/login');
}

/** A member of staff straight in the database, logged in through the staff API: their account and session cookie. */
export async function signedInStaff(test: TestApp, fields: UserFields & { role: StaffRole }) {
  const member = await createStaff(test.database, fields);
  return { ...member, cookie: await staffLoginCookie(test.app, member.email, member.password) };
}

/** Sam, a member of staff, and Ada, an admin, signed in: the two roles the staff API tells apart. */
export async function signedInStaffAndAdmin(test: TestApp) {
  const staff = await signedInStaff(test, {
    email: 'sam@shop.test',
    password: 'Sam-staff-2026',
    role: 'staff',
  });
  const admin = await signedInStaff(test, {
    email: 'ada@shop.test',
    password: 'Ada-admin-2026',
    role: 'admin',
  });
  return { staff, admin };
}

/** A message of the dev mailbox, as `GET /v1/admin/mailbox` lists it (newest first). */
export interface KeptMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const mailroomCookies = new WeakMap<FastifyInstance, Promise<string>>();

/**
 * The mail kept for `to` (newest first), read as the back office reads it: by an admin, the only role that may.
 * The admin (`mailroom@shop.test`) is created in the test's database on first use.
 */
export async function keptMail(test: TestApp, to: string): Promise<KeptMail[]> {
  let cookie = mailroomCookies.get(test.app);
  if (!cookie) {
    cookie = signedInStaff(test, {
      email: 'mailroom@shop.test',
      password: 'Mailroom-admin-2026',
      role: 'admin',
    }).then((admin) => admin.cookie);
    mailroomCookies.set(test.app, cookie);
  }
  const res = await test.app.inject({
    url: `/v1/admin/mailbox?to=${encodeURIComponent(to)}`,
    headers: { cookie: await cookie },
  });
  if (res.statusCode !== 200) throw new Error(`the mailbox was refused: ${res.body}`);
  return res.json().data as KeptMail[];
}

/**
 * The newest message to `to` once more than `seen` are kept: some mail (a password reset) is written after the
 * reply that causes it, so this asks again for a moment rather than once.
 */
export async function nextKeptMail(test: TestApp, to: string, seen = 0): Promise<KeptMail> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mails = await keptMail(test, to);
    if (mails.length > seen) return mails[0]!;
    if (Date.now() > deadline) throw new Error(`no new mail to ${to} within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A delivery address in São Paulo as the address form sends it, received by `recipient`. */
export const saoPauloAddress = (recipient = 'Ana Souza') => ({
  name: recipient,
  phone: '+5511987654321',
  regionCodes: ['BR', 'BR-SP', 'BR-3550308'],
  detail: 'Rua Augusta 100',
  postcode: '01305-000',
  isDefault: true,
});

/** Adds that address for the shopper of `cookie` (their default) and returns its id. */
export async function addAddress(app: FastifyInstance, cookie: string, recipient?: string): Promise<string> {
  const reply = await callApi(app, 'POST', '/v1/home/addresses', {
    cookie,
    payload: saoPauloAddress(recipient),
  });
  if (reply.status !== 201) throw new Error(`the address was refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data.id as string;
}

/** Adds a New York address (the first city the regions list under New York state): an order there is in dollars. */
export async function addNewYorkAddress(app: FastifyInstance, cookie: string): Promise<string> {
  const cities = await callApi(app, 'GET', '/v1/home/regions?parent=US-NY');
  const city = (cities.body.data as Json[])[0]!.code as string;
  const reply = await callApi(app, 'POST', '/v1/home/addresses', {
    cookie,
    payload: {
      name: 'Ann Lee',
      phone: '+12125550123',
      regionCodes: ['US', 'US-NY', city],
      detail: '350 Fifth Avenue',
      postcode: '10118',
      isDefault: false,
    },
  });
  if (reply.status !== 201) throw new Error(`the address was refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data.id as string;
}

/** A reply's JSON body as tests read it: any shape, checked by the assertions. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface CallOptions {
  /** The `cookie` header; none is sent when left out. */
  cookie?: string;
  payload?: object;
  locale?: string;
  /** More headers, sent last so that they win. */
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  /** The parsed reply, or an empty object when the reply is not JSON (a CSV export, say). */
  body: Json;
  /** The whole reply, for its headers and raw text. */
  res: LightMyRequestResponse;
}

/** A request through `app.inject` as a browser of the shop sends it: in `en-US` unless told otherwise. */
export async function callApi(
  app: FastifyInstance,
  method: string,
  url: string,
  { cookie, payload, locale = 'en-US', headers = {} }: CallOptions = {},
): Promise<CallResult> {
  const res = await app.inject({
    method: method as InjectOptions['method'],
    url,
    headers: { ...(cookie === undefined ? {} : { cookie }), 'accept-language': locale, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  const isJson = String(res.headers['content-type']).includes('json');
  return { status: res.statusCode, body: isJson ? (res.json() as Json) : {}, res };
}

/**
 * Delivers the sandbox gateway's queued webhooks (payments and refunds) to the app, as its background worker
 * does over HTTP for a listening shop; in-process tests have no socket, so the same signed bodies go through
 * `inject`. Returns how many were delivered.
 */
export async function deliverSandboxWebhooks(test: TestApp): Promise<number> {
  const [settings] = await test.database.db.select().from(schema.shopSettings);
  const outbox = new WebhookOutbox(test.database.db, () => settings!.data.webhookSecret!);
  let total = 0;
  for (;;) {
    const delivered = await outbox.deliverDue(async (body, headers) => {
      const res = await test.app.inject({
        method: 'POST',
        url: '/v1/webhooks/payments',
        headers,
        payload: body,
      });
      return res.statusCode;
    });
    total += delivered;
    if (delivered === 0) return total;
  }
}
