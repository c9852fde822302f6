import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL')
    .optional(),
  MAIL_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'MAIL_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, context): TrustedProxies => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        context.addIssue({
          code: 'custom',
          message:
            'TRUST_PROXY must be false, true, a number of proxies (1, 2…) or a comma-separated list of their addresses or CIDRs',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STOREFRONT_DIST: z.string().optional(),
  ADMIN_DIST: z.string().optional(),
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{32,}$/,
      'METRICS_TOKEN must be at least 32 printable characters without spaces (e.g. openssl rand -hex 32)',
    )
    .optional(),
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must have at least 8 characters').optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  mailUrl: string | undefined;
  mailFrom: string;
  /**
   * The proxies in front of the shop whose X-Forwarded-* headers are believed (client IP, https → Secure cookies
   * and HSTS): none, how many hops, or their addresses. The client is the right-most address that is not one.
   */
  trustProxy: TrustedProxies;
  /** The sandbox gateway holds its webhooks back this long, as a real provider's delivery lags (0: at once). */
  sandboxWebhookDelayMs: number;
  /** The shop's address as shoppers reach it: links in mails point here. */
  publicUrl: string;
  seed: 'demo' | 'none';
  logLevel: string;
  /** The built storefront; the app serves it when the folder exists. */
  storefrontDist: string;
  /** The built back office, served under /admin when the folder exists. */
  adminDist: string;
  /**
   * Lets Prometheus read `/metrics` from anywhere with `Authorization: Bearer <token>`; without it only a direct
   * client on this machine may.
   */
  metricsToken: string | undefined;
  /** The first admin account, created at start when missing; without it one is generated and printed. */
  admin: { email: string | undefined; password: string | undefined };
}

/** `false`: no proxy; a number: that many proxies in front; a list: the proxies' addresses or CIDRs. */
export type TrustedProxies = false | number | string[];

/** The names proxy-addr (Fastify's `trustProxy`) knows for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `TRUST_PROXY` as written (`false`, `true` = one proxy, `2`, `10.0.0.1, 10.1.0.0/16`), or null when malformed. */
function parseTrustProxy(value: string): TrustedProxies | null {
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value) <= 100 ? Number(value) : null;
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
  });
  return valid ? entries : null;
}

/** Reads and validates the environment once; nothing else in the app touches `process.env`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration: set ADMIN_EMAIL and ADMIN_PASSWORD together');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    mailUrl: e.MAIL_URL,
    mailFrom: e.MAIL_FROM ?? 'Shop <no-reply@shop.localhost>',
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(
      /\/$/,
      '',
    ),
    trustProxy: e.TRUST_PROXY,
    sandboxWebhookDelayMs: e.SANDBOX_WEBHOOK_DELAY_MS,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    storefrontDist: resolve(e.STOREFRONT_DIST ?? new URL('../../storefront/dist', import.meta.url).pathname),
    adminDist: resolve(e.ADMIN_DIST ?? new URL('../../admin/dist', import.meta.url).pathname),
    metricsToken: e.METRICS_TOKEN,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
  };
}
