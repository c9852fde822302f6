import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createShopper,
  loginCookie,
  signedInStaff,
  staffLoginCookie,
  createTestApp,
  type Json,
  type TestApp,
} from './testing.ts';

/**
 * Property-based fuzzing of the whole API, built from its own OpenAPI document: every operation is sent bad input
 * (generated from the operation's schemas, plus a fixed list of hostile values, plus broken bodies) as an
 * anonymous visitor, a signed-in shopper and a signed-in admin. No reply may be a 5xx, leave the envelope, or
 * show a stack trace or SQL. Deterministic: the seed is fixed (FUZZ_SEED overrides it to explore, FUZZ_RUNS the
 * number of generated requests per operation and identity, FUZZ_ONLY=<OpenAPI path> fuzzes one path alone,
 * FUZZ_REPORT=<file> writes what failed there as JSON).
 *
 * What applies where: every `/v1` JSON route answers the envelope `{ code, msg, data }`. Three replies are not
 * JSON by design and are told apart by their content type on a 2xx: the CSV exports (`text/csv`), the live
 * monitor (`text/event-stream`), and the sandbox gateway's checkout page and its style sheet (HTML and CSS for a
 * person, who is shown the form again after a wrong card number; they are not in the OpenAPI document, so they
 * are fuzzed from HIDDEN_OPERATIONS, with `/media/{id}`). Refusals outside those pages are envelopes all the same.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** Strings that have broken web apps: NUL, lone surrogates, encodings, injections, paths, markup, huge sizes. */
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDC00\uD800',
  '%00',
  '%',
  '%E0%A4%A',
  '\u202Eevil\u202C',
  '\uFEFF',
  'a'.repeat(10_000),
  '😀'.repeat(2_000),
  "'",
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '--',
  '/*',
  '\\',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '👨‍👩‍👧‍👦',
  '${7*7}{{7*7}}',
  '\r\nSet-Cookie: injected=1',
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
  'null',
  'NaN',
  'Infinity',
  '-1',
  '0x10',
  '1e309',
  '99999999999999999999999999',
  '2026-02-30',
  '0000-00-00T00:00:00Z',
  '00000000-0000-0000-0000-000000000000',
];

const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  0,
  -1,
  -0.5,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  [null],
  {},
  { $gt: '' },
  protoKeyed(),
];

/** An object with an own `__proto__` key, as `JSON.parse` makes one (a literal would set the prototype). */
function protoKeyed(): Record<string, unknown> {
  return JSON.parse(
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  ) as Record<string, unknown>;
}

type Schema = Json;

interface Operation {
  method: string;
  path: string;
  parameters: { in: string; name: string; required?: boolean; schema: Schema }[];
  body?: Schema;
}

interface Identity {
  name: 'anonymous' | 'shopper' | 'admin';
  cookie?: string;
  /** Where this identity's requests come from, so that one's lockouts (wrong passwords) do not stop another. */
  remoteAddress: string;
  /** Signs in again when a request ended the session (logout, a session revoked). */
  signIn?: () => Promise<string>;
  /** The path prefix of the side this identity is signed in to. */
  side?: string;
}

interface Sent {
  identity: string;
  method: string;
  url: string;
  body?: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STACK_TRACE = /\bat (?:async )?[^\s()]*\s*\(?(?:file:|node:|\/)[^\s)]*:\d+:\d+\)?/;
const SQL_TEXT =
  /Failed query|syntax error at or near|violates (?:not-null|foreign key|unique|check) constraint|invalid input syntax for|invalid byte sequence|unsupported Unicode escape|relation "[^"]+" does not exist|column "[^"]+"|duplicate key value|out of range for type|PostgresError|DrizzleQueryError|\bpglite\b/i;

/** What makes a reply wrong, whatever was sent: a 5xx, a reply outside the envelope, a trace, SQL. */
function problemsOf(res: LightMyRequestResponse, url: string): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  const type = String(res.headers['content-type'] ?? '');
  const ok = res.statusCode >= 200 && res.statusCode < 300;
  // The sandbox gateway's pages are for a person: a wrong card number is answered with the form again (400).
  const sandboxPage = url.startsWith('/v1/sandbox/') && type.startsWith('text/html');
  const notJsonByDesign =
    sandboxPage ||
    (ok &&
      (type.startsWith('text/csv') || type.startsWith('text/event-stream') || type.startsWith('text/css')));
  if (url.startsWith('/v1') && !notJsonByDesign && res.statusCode !== 204 && res.statusCode !== 304) {
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      problems.push(`not JSON (${type}): ${res.body.slice(0, 120)}`);
    }
    if (body !== undefined) {
      const envelope = body as Json;
      const isEnvelope =
        !!envelope &&
        typeof envelope === 'object' &&
        typeof envelope.code === 'number' &&
        'data' in envelope &&
        (typeof envelope.msg === 'string' || (typeof envelope.msg === 'object' && envelope.msg !== null));
      if (!isEnvelope) problems.push(`not an envelope: ${res.body.slice(0, 160)}`);
      if (!ok && isEnvelope && envelope.code === 0) problems.push(`status ${res.statusCode} with code 0`);
    }
  }
  if (STACK_TRACE.test(res.body)) problems.push(`stack trace: ${STACK_TRACE.exec(res.body)![0]}`);
  if (SQL_TEXT.test(res.body)) problems.push(`SQL text: ${SQL_TEXT.exec(res.body)![0]}`);
  return problems;
}

/** Percent-encodes what `encodeURIComponent` refuses (a lone surrogate) as its raw would-be UTF-8 bytes. */
function encodeComponent(value: string): string {
  let out = '';
  for (const char of value) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`;
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** A query value as a browser or a script would put it in a URL: scalars as text, arrays and objects qs-style. */
function queryPairs(name: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => queryPairs(`${name}[${i}]`, item));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => queryPairs(`${name}[${key}]`, item));
  }
  return [`${encodeComponent(name)}=${encodeComponent(String(value))}`];
}

interface RequestParts {
  params: Record<string, unknown>;
  query: Json;
  body: unknown;
}

class InputGenerator {
  constructor(
    private readonly document: Json,
    /** Ids that exist in the database, so that generated requests also reach the code past "not found". */
    private readonly knownIds: string[],
  ) {}

  private resolve(schema: Schema): Schema {
    let current = schema;
    for (let hops = 0; current?.$ref && hops < 10; hops++) {
      const name = String(current.$ref).replace('#/components/schemas/', '');
      current = this.document.components?.schemas?.[name] ?? {};
    }
    return current ?? {};
  }

  /**
   * Mostly values the schema accepts (so that requests get past validation, deep into the handlers), sometimes
   * one it refuses or a hostile one. `strict`: only values it accepts, the base that hostile values are put in.
   */
  value(schema: Schema, depth = 0, strict = false): fc.Arbitrary<unknown> {
    const resolved = this.resolve(schema);
    if (strict) return this.shaped(resolved, depth, true);
    return fc.oneof(
      { weight: 8, arbitrary: this.shaped(resolved, depth, false) },
      { weight: 1, arbitrary: this.refused(resolved) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
    );
  }

  private shaped(schema: Schema, depth: number, strict: boolean): fc.Arbitrary<unknown> {
    const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (variants?.length)
      return fc.oneof(...variants.map((v) => this.shaped(this.resolve(v), depth, strict)));
    if (schema.allOf?.length) return this.shaped(this.resolve(schema.allOf[0]), depth, strict);
    if (schema.enum?.length) return fc.constantFrom(...(schema.enum as unknown[]));
    if ('const' in schema) return fc.constant(schema.const);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string':
        return this.string(schema);
      case 'integer':
      case 'number': {
        const min = Math.max(Number(schema.minimum ?? schema.exclusiveMinimum ?? -1_000_000), -1e9);
        const max = Math.min(Number(schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000), 1e9);
        return type === 'integer'
          ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
          : fc.double({ min, max, noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        if (depth > 4) return fc.constant([]);
        const maxLength = Math.min(Number(schema.maxItems ?? 3), 3);
        const minLength = Math.min(Number(schema.minItems ?? 0), maxLength);
        return fc.array(this.value(schema.items ?? {}, depth + 1, strict), { minLength, maxLength });
      }
      case 'object':
      default: {
        if (depth > 4 || !schema.properties) return fc.constant({});
        const properties = Object.fromEntries(
          Object.entries(schema.properties as Record<string, Schema>).map(([key, child]) => [
            key,
            this.value(child, depth + 1, strict),
          ]),
        );
        const required = (schema.required ?? []) as string[];
        // The base of the hostile requests: only what is required, so that it passes validation.
        if (strict) return fc.record(Object.fromEntries(required.map((key) => [key, properties[key]!])));
        return fc
          .tuple(
            fc.oneof(
              fc.record(properties, { requiredKeys: required }),
              fc.record(properties, { requiredKeys: [] }),
            ),
            fc.option(
              fc.tuple(
                fc.constantFrom('__proto__', 'constructor', 'extra', ''),
                fc.constantFrom(...HOSTILE_VALUES),
              ),
              {
                freq: 4,
              },
            ),
          )
          .map(([record, extra]) => {
            if (extra) {
              Object.defineProperty(record, extra[0], { value: extra[1], enumerable: true, writable: true });
            }
            return record;
          });
      }
    }
  }

  private string(schema: Schema): fc.Arbitrary<string> {
    if (schema.format === 'uuid') {
      return this.knownIds.length > 0 ? fc.oneof(fc.constantFrom(...this.knownIds), fc.uuid()) : fc.uuid();
    }
    if (schema.format === 'date-time') {
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    }
    if (schema.format === 'date') {
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    }
    if (schema.format === 'email') return fc.emailAddress();
    // Page numbers and sizes, amounts in query strings: small numbers are the ones that pass.
    if (/^\^\\d\{1,\d+\}\$$/.test(String(schema.pattern))) {
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 20 }).map(String) },
        { weight: 1, arbitrary: fc.stringMatching(/^\d{1,12}$/) },
      );
    }
    if (typeof schema.pattern === 'string') {
      try {
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 2000);
      } catch {
        // A pattern fast-check cannot read: plain strings below.
      }
    }
    const maxLength = Math.min(Number(schema.maxLength ?? 60), 60);
    const minLength = Math.min(Number(schema.minLength ?? 0), maxLength);
    return fc.string({ minLength, maxLength, unit: 'grapheme' });
  }

  /** A value the schema refuses: the wrong type, past its bounds, too long. */
  private refused(schema: Schema): fc.Arbitrary<unknown> {
    const options: unknown[] = [[], {}, null, 'text', 12.5, true];
    if (typeof schema.maxLength === 'number') options.push('x'.repeat(schema.maxLength + 1));
    if (typeof schema.minLength === 'number' && schema.minLength > 0) options.push('');
    if (typeof schema.maximum === 'number') options.push(schema.maximum + 1, String(schema.maximum + 1));
    if (typeof schema.minimum === 'number') options.push(schema.minimum - 1, String(schema.minimum - 1));
    if (typeof schema.maxItems === 'number')
      options.push(Array.from({ length: schema.maxItems + 1 }, () => 'x'));
    return fc.constantFrom(...options);
  }

  /** One request's parts: path parameters, query and JSON body. */
  request(operation: Operation, strict = false): fc.Arbitrary<RequestParts> {
    const group = (where: string) => {
      const entries = operation.parameters
        .filter((p) => p.in === where && (!strict || p.required))
        .map((p) => [p.name, this.value(p.schema, 0, strict)] as const);
      const required = operation.parameters.filter((p) => p.in === where && p.required).map((p) => p.name);
      return fc.record(Object.fromEntries(entries), { requiredKeys: where === 'path' ? required : [] });
    };
    return fc.record({
      params: group('path'),
      query: group('query'),
      body: operation.body ? this.value(operation.body, 0, strict) : fc.constant(undefined),
    });
  }
}

function operationsOf(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, spec] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (spec.parameters ?? []) as Operation['parameters'],
        body: spec.requestBody?.content?.['application/json']?.schema as Schema | undefined,
      });
    }
  }
  return operations;
}

function urlOf(operation: Operation, params: Record<string, unknown>, query: Json): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    return encodeComponent(value === undefined || value === '' ? 'x' : String(value));
  });
  const pairs = Object.entries(query).flatMap(([name, value]) => queryPairs(name, value));
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** Routes the OpenAPI document hides (pages and files, not API), fuzzed the same way. */
const HIDDEN_OPERATIONS: Operation[] = [
  { method: 'GET', path: '/v1/sandbox/checkout.css', parameters: [] },
  {
    method: 'GET',
    path: '/v1/sandbox/checkout/{id}',
    parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string', format: 'uuid' } }],
  },
  {
    method: 'POST',
    path: '/v1/sandbox/checkout/{id}',
    parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string', format: 'uuid' } }],
    body: {
      type: 'object',
      properties: { card: { type: 'string', maxLength: 40 } },
      required: ['card'],
    },
  },
  {
    method: 'GET',
    path: '/media/{id}',
    parameters: [
      {
        in: 'path',
        name: 'id',
        required: true,
        schema: { type: 'string', pattern: '^[a-f0-9]{32}\\.webp$' },
      },
    ],
  },
];

/** Bodies no JSON schema describes: broken JSON, wrong content types, and broken multipart (the uploads). */
const BOUNDARY = 'fuzzboundary';
const BROKEN_BODIES: { contentType: string; payload: string | Buffer }[] = [
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '[]' },
  { contentType: 'application/json', payload: '"\\u0000"' },
  { contentType: 'application/json', payload: '{"a":"\\ud800"}' },
  { contentType: 'application/json', payload: '{"__proto__":{"x":1}}' },
  { contentType: 'application/json', payload: '['.repeat(5000) },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { contentType: 'multipart/form-data', payload: 'no boundary' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: '' },
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: 'garbage without any boundary' },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file\r\n--${BOUNDARY}--\r\n`,
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="\u0000.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\n\r\nyy\r\n--${BOUNDARY}--\r\n`,
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--${BOUNDARY}--\r\n`,
  },
];

/** The eighteen inputs that answered 500 (or left the envelope), kept as fixed examples. */
const REPORTED_CASES: { name: string; as: Identity['name']; method: string; url: string; body?: unknown }[] =
  [
    {
      name: 'NUL in the storefront keyword',
      as: 'anonymous',
      method: 'GET',
      url: '/v1/home/goods?keyword=%00',
    },
    { name: 'NUL in the goods keyword', as: 'admin', method: 'GET', url: '/v1/admin/goods?keyword=a%00' },
    {
      name: 'NUL in the goods export',
      as: 'admin',
      method: 'GET',
      url: '/v1/admin/goods/export?keyword=%00',
    },
    { name: 'NUL in the orders keyword', as: 'admin', method: 'GET', url: '/v1/admin/orders?keyword=%00' },
    {
      name: 'NUL in the orders export',
      as: 'admin',
      method: 'GET',
      url: '/v1/admin/orders/export?keyword=%00',
    },
    {
      name: 'NUL in the shoppers keyword',
      as: 'admin',
      method: 'GET',
      url: '/v1/admin/shoppers?keyword=%00',
    },
    { name: 'NUL in the staff keyword', as: 'admin', method: 'GET', url: '/v1/admin/staff?keyword=%00' },
    { name: 'NUL in the global search', as: 'admin', method: 'GET', url: '/v1/admin/search?q=%00' },
    { name: 'NUL in the mailbox "to"', as: 'admin', method: 'GET', url: '/v1/admin/mailbox?to=%00' },
    { name: 'NUL in the audit entity', as: 'admin', method: 'GET', url: '/v1/admin/audit?entity=%00' },
    {
      name: 'NUL in a staff nickname',
      as: 'admin',
      method: 'PUT',
      url: '/v1/admin/account',
      body: { nickname: 'A\u0000' },
    },
    {
      name: 'NUL in a staff address',
      as: 'admin',
      method: 'PUT',
      url: '/v1/admin/account',
      body: { street: 'Rua\u0000' },
    },
    {
      name: 'NUL in a staff bio',
      as: 'admin',
      method: 'PUT',
      url: '/v1/admin/account',
      body: { bio: 'b\u0000' },
    },
    {
      name: 'a lone surrogate in a staff bio',
      as: 'admin',
      method: 'PUT',
      url: '/v1/admin/account',
      body: { bio: 'b\uD800' },
    },
    {
      name: 'NUL in a new member of staff',
      as: 'admin',
      method: 'POST',
      url: '/v1/admin/staff',
      body: { email: 'new@shop.test', nickname: 'N\u0000', role: 'staff' },
    },
    {
      name: 'malformed multipart to the media upload',
      as: 'admin',
      method: 'POST',
      url: '/v1/admin/media',
      body: 'multipart',
    },
    {
      name: 'malformed multipart to the staff avatar',
      as: 'admin',
      method: 'POST',
      url: '/v1/admin/account/avatar',
      body: 'multipart',
    },
    {
      name: 'an empty change of a cart line',
      as: 'shopper',
      method: 'PUT',
      url: '/v1/home/cart/items/{skuId}',
      body: {},
    },
  ];

describe('fuzzing every operation of the OpenAPI document', () => {
  let t: TestApp;
  let document: Json;
  let identities: Identity[];
  let generator: InputGenerator;
  let shopperId: string;
  let skuId: string;
  const failures: { sent: Sent; status: number; problems: string[] }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const shopper = await createShopper(t.database, {
      email: 'fuzz-shopper@shop.test',
      password: 'Fuzz-shopper-2026',
    });
    shopperId = shopper.id;
    const admin = await signedInStaff(t, {
      email: 'fuzz-admin@shop.test',
      password: 'Fuzz-admin-2026',
      role: 'admin',
    });
    const signIn = (fn: () => Promise<string>) => fn;
    identities = [
      { name: 'anonymous', remoteAddress: '127.0.0.11' },
      {
        name: 'shopper',
        remoteAddress: '127.0.0.12',
        side: '/v1/home',
        cookie: await loginCookie(t.app, shopper.email, shopper.password),
        signIn: signIn(() => loginCookie(t.app, shopper.email, shopper.password)),
      },
      {
        name: 'admin',
        remoteAddress: '127.0.0.13',
        side: '/v1/admin',
        cookie: admin.cookie,
        signIn: signIn(() => staffLoginCookie(t.app, admin.email, admin.password)),
      },
    ];
    document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as Json;
    // Ids that exist, read as the admin and the shopper would: goods, SKUs, categories, coupons, orders...
    const ids = new Set<string>();
    const collect = (value: unknown) => {
      if (typeof value === 'string' && UUID.test(value)) ids.add(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const url of [
      '/v1/admin/goods?pageSize=50',
      '/v1/admin/categories',
      '/v1/admin/coupons',
      '/v1/admin/staff',
    ]) {
      collect((await t.app.inject({ url, headers: { cookie: admin.cookie } })).json());
    }
    const goods = (
      await t.app.inject({ url: '/v1/admin/goods?pageSize=5', headers: { cookie: admin.cookie } })
    ).json() as Json;
    const detail = (
      await t.app.inject({ url: `/v1/admin/goods/${goods.data[0].id}`, headers: { cookie: admin.cookie } })
    ).json() as Json;
    collect(detail);
    skuId = detail.data.skus[0].id as string;
    // The fuzzing admin must not disable the fuzzing shopper, nor itself: both stay out of the pool.
    ids.delete(shopperId);
    ids.delete(admin.id);
    generator = new InputGenerator(document, [...ids]);
    // A fresh database, the demo seed and two sign-ins: past the usual hook time on a busy machine.
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  async function send(
    identity: Identity,
    sent: Omit<Sent, 'identity'>,
    raw?: { contentType: string; payload: string | Buffer },
  ) {
    const headers: Record<string, string> = {
      // What the shop's own pages send, so that requests pass the same-origin check and reach validation.
      'sec-fetch-site': 'same-origin',
      origin: 'http://localhost',
      host: 'localhost',
      'accept-language': 'pt-BR',
    };
    if (identity.cookie) headers.cookie = identity.cookie;
    const options: InjectOptions = {
      method: sent.method as InjectOptions['method'],
      url: sent.url,
      headers,
      remoteAddress: identity.remoteAddress,
    };
    if (raw) {
      headers['content-type'] = raw.contentType;
      options.payload = raw.payload;
    } else if (sent.body !== undefined) {
      headers['content-type'] = 'application/json';
      options.payload = JSON.stringify(sent.body);
    }
    let res: LightMyRequestResponse;
    try {
      res = await t.app.inject(options);
    } catch (error) {
      // The reply broke off (a CSV export that failed halfway): as wrong as a 500.
      const problems = [`no complete reply: ${(error as Error).message}`];
      failures.push({ sent: { identity: identity.name, ...sent }, status: 0, problems });
      return { res: { statusCode: 0, body: '', headers: {} } as unknown as LightMyRequestResponse, problems };
    }
    const problems = problemsOf(res, sent.url);
    if (problems.length > 0)
      failures.push({ sent: { identity: identity.name, ...sent }, status: res.statusCode, problems });
    // A request that ended the session (logout, a revoked session, a changed password) is followed by a new one.
    if (res.statusCode === 401 && identity.signIn && identity.side && sent.url.startsWith(identity.side)) {
      identity.cookie = await identity.signIn();
    }
    return { res, problems };
  }

  it('answers the reported hostile inputs with code 1 in the envelope, in the request language', async () => {
    const byName = Object.fromEntries(identities.map((i) => [i.name, i]));
    const wrong: string[] = [];
    for (const example of REPORTED_CASES) {
      const url = example.url.replace('{skuId}', skuId);
      if (example.as === 'shopper') {
        // The line must exist for the empty change to reach the cart.
        await send(byName.shopper!, {
          method: 'POST',
          url: '/v1/home/cart/items',
          body: { skuId, quantity: 1 },
        });
      }
      const { res, problems } =
        example.body === 'multipart'
          ? await send(byName[example.as]!, { method: example.method, url }, BROKEN_BODIES[13])
          : await send(byName[example.as]!, { method: example.method, url, body: example.body });
      const body = (() => {
        try {
          return JSON.parse(res.body) as Json;
        } catch {
          return {};
        }
      })();
      const messages = typeof body.msg === 'string' ? [body.msg] : Object.values(body.msg ?? {});
      const english = /[Tt]he |This |Please /;
      if (
        problems.length > 0 ||
        body.code !== 1 ||
        res.statusCode < 400 ||
        messages.some((m) => english.test(String(m)))
      ) {
        wrong.push(`${example.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('covers every operation with generated bad input as anonymous, shopper and admin', async () => {
    failures.length = 0;
    const operations = operationsOf(document).filter(
      (o) => !process.env.FUZZ_ONLY || o.path === process.env.FUZZ_ONLY,
    );
    const covered = new Set<string>();
    let requests = 0;
    for (const operation of [...operations, ...HIDDEN_OPERATIONS]) {
      const base = fc.sample(generator.request(operation, true), { seed: SEED, numRuns: 1 })[0]!;
      for (const identity of identities) {
        await fc
          .assert(
            fc.asyncProperty(generator.request(operation), async ({ params, query, body }) => {
              requests++;
              const url = urlOf(operation, params, query);
              const { problems } = await send(identity, { method: operation.method, url, body });
              return problems.length === 0;
            }),
            { seed: SEED, numRuns: RUNS, endOnFailure: true },
          )
          .catch(() => {
            // Recorded in `failures` with what was sent; the summary below lists them all at once.
          });
        // Each hostile string in each path parameter, query parameter and body field in turn, the other fields
        // valid, so that it reaches the handler: as the identity of the route's side (the admin on staff routes,
        // the shopper elsewhere). The others get all fields at once: their requests mostly stop at sign-in.
        const ownSide = identity.name === (operation.path.startsWith('/v1/admin') ? 'admin' : 'shopper');
        for (const parts of hostileRequests(operation, base, !ownSide)) {
          requests++;
          await send(identity, {
            method: operation.method,
            url: urlOf(operation, parts.params, parts.query),
            body: parts.body,
          });
        }
        if (operation.method !== 'GET' && operation.method !== 'DELETE') {
          for (const raw of BROKEN_BODIES) {
            requests++;
            await send(
              identity,
              { method: operation.method, url: urlOf(operation, { id: 'x', skuId }, {}) },
              raw,
            );
          }
        }
      }
      if (!HIDDEN_OPERATIONS.includes(operation)) covered.add(`${operation.method} ${operation.path}`);
    }
    console.log(
      `fuzz: covered ${covered.size} / total ${operations.length} operations of the OpenAPI document, and ` +
        `${HIDDEN_OPERATIONS.length} hidden routes (${requests} requests, seed ${SEED})`,
    );
    expect(covered.size).toBe(operations.length);
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(failures, null, 1));
    expect(
      failures.map(
        (f) =>
          `${f.sent.identity} ${f.sent.method} ${f.sent.url.slice(0, 200)} ${JSON.stringify(f.sent.body)?.slice(0, 200)} -> ${f.problems.join('; ')}`,
      ),
    ).toEqual([]);
  }, 900_000);
});

/** The base request with one hostile string in one field, for every field and every hostile string. */
function* hostileRequests(
  operation: Operation,
  base: RequestParts,
  allAtOnce: boolean,
): Generator<RequestParts> {
  const fields: { part: 'params' | 'query' | 'body'; name?: string }[] = [
    ...operation.parameters.map((p) => ({
      part: p.in === 'path' ? ('params' as const) : ('query' as const),
      name: p.name,
    })),
  ];
  const bodyIsObject = base.body !== null && typeof base.body === 'object' && !Array.isArray(base.body);
  if (operation.body) {
    const properties = Object.keys((base.body as Json | undefined) ?? {});
    if (bodyIsObject) fields.push(...properties.map((name) => ({ part: 'body' as const, name })));
    if (!bodyIsObject || properties.length === 0) fields.push({ part: 'body' });
  }
  for (const hostile of HOSTILE_STRINGS) {
    const groups = allAtOnce ? [fields] : fields.map((field) => [field]);
    for (const group of groups) {
      const parts: RequestParts = {
        params: { ...base.params },
        query: { ...base.query },
        body: bodyIsObject ? { ...(base.body as Json) } : base.body,
      };
      for (const field of group) {
        if (field.part === 'body' && field.name === undefined) parts.body = hostile;
        else if (field.part === 'body') (parts.body as Json)[field.name!] = hostile;
        else parts[field.part][field.name!] = hostile;
      }
      yield parts;
    }
  }
}
