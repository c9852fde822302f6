import fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import qs from 'qs';
import {
  MAX_AVATAR_BYTES,
  monitorEventTypeValues,
  pickText,
  QUERY_LIMITS,
  type Locale,
} from '@shop/contract';
import type { Database } from '@shop/db';
import type { Config, TrustedProxies } from './config.ts';
import { QueryTooComplexError, registerErrorEnvelope, registerNotFound } from './plugins/envelope.ts';
import { registerLocale } from './plugins/locale.ts';
import { clientErrorReply, frameworkErrorReply, registerInputGuard } from './plugins/input-guard.ts';
import { ChangeSignals } from './plugins/change-signals.ts';
import { PreparedReplyCache } from './plugins/prepared-replies.ts';
import { MemoryCounterStore, RateLimiter, RedisCounterStore } from './plugins/rate-limiter.ts';
import { registerSameOriginCheck } from './plugins/same-origin.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { DbSessionStore, RedisSessionStore, Sessions, STAFF_COOKIE } from './plugins/session.ts';
import { registerStorefront } from './plugins/storefront.ts';
import { registerAdminApp } from './plugins/admin-app.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { AvatarUploads } from './modules/accounts/avatar-uploads.ts';
import { DevMailbox, SmtpOutbox } from './modules/mail/mailer.ts';
import { AddressesService } from './modules/addresses/addresses.service.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { CartService } from './modules/cart/cart.service.ts';
import { cartRoutes, clearGuestCart, guestCartTokenHash } from './modules/cart/cart.routes.ts';
import { InventoryService } from './modules/catalog/inventory.service.ts';
import { orderMailer } from './modules/orders/order-mail.ts';
import { OrdersService, type OrderAftersale, type OrderNotifier } from './modules/orders/orders.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { PaymentsService, toCharge, toRefund } from './modules/payments/payments.service.ts';
import { SandboxProvider, WebhookOutbox } from './modules/payments/sandbox-gateway.ts';
import { ReturnsService } from './modules/returns/returns.service.ts';
import { returnsRoutes } from './modules/returns/returns.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { sandboxGatewayRoutes } from './modules/payments/sandbox-gateway.routes.ts';
import { startBackgroundWork } from './background-work.ts';
import { CatalogService, type ShopLocale } from './modules/catalog/catalog.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { MediaService } from './modules/media/media.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { PromotionsService } from './modules/promotions/promotions.service.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { RegionsService } from './modules/regions/regions.service.ts';
import { regionsRoutes } from './modules/regions/regions.routes.ts';
import { DEFAULT_RETURN_WINDOW_DAYS, SettingsService } from './modules/settings/settings.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { AuditLog } from './modules/staff/audit-log.ts';
import { StaffAccessControl } from './modules/staff/staff-access.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import {
  staffAccountRoutes,
  staffMailboxRoutes,
  mailStatusRoutes,
  staffManagementRoutes,
} from './modules/staff/staff-account.routes.ts';
import { StaffAccountService } from './modules/staff/staff-account.service.ts';
import { StaffManagementService } from './modules/staff/staff-management.service.ts';
import { StaffService } from './modules/staff/staff.service.ts';
import { StaffOtpService } from './modules/staff/staff-otp.service.ts';
import { staffOtpRoutes } from './modules/staff/staff-otp.routes.ts';
import { CatalogAdminService } from './modules/catalog/catalog-admin.service.ts';
import { catalogAdminRoutes } from './modules/catalog/catalog.admin.routes.ts';
import { mediaAdminRoutes } from './modules/media/media.admin.routes.ts';
import { PromotionsAdminService } from './modules/promotions/promotions-admin.service.ts';
import { promotionsAdminRoutes } from './modules/promotions/promotions-admin.routes.ts';
import { SettingsAdminService } from './modules/settings/settings-admin.service.ts';
import { settingsAdminRoutes } from './modules/settings/settings-admin.routes.ts';
import { AccountsAdminService } from './modules/accounts/accounts-admin.service.ts';
import { accountsAdminRoutes } from './modules/accounts/accounts.admin.routes.ts';
import { OrdersAdminService } from './modules/orders/orders-admin.service.ts';
import { ordersAdminRoutes } from './modules/orders/orders.admin.routes.ts';
import { SearchAdminService } from './modules/search/search-admin.service.ts';
import { searchAdminRoutes } from './modules/search/search.admin.routes.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { GoalsService } from './modules/dashboard/goals.service.ts';
import { MonitorStreams } from './modules/dashboard/monitor-stream.ts';
import { ShopEvents, type OrderEventType } from './modules/dashboard/shop-events.ts';
import { VisitRecorder } from './modules/dashboard/visits.ts';

export type AppConfig = Pick<Config, 'logLevel' | 'storefrontDist'> &
  Partial<
    Pick<
      Config,
      'redisUrl' | 'mailUrl' | 'mailFrom' | 'publicUrl' | 'trustProxy' | 'adminDist' | 'sandboxWebhookDelayMs'
    >
  > & {
    /** Where log lines go; standard output unless a test wants to read them. */
    logStream?: NodeJS.WritableStream;
  };

/** JSON bodies larger than this are refused before parsing (the largest real form is far smaller). */
const BODY_LIMIT_BYTES = 256 * 1024;

const QUERY_TOO_COMPLEX = Symbol('query too complex');

const QS_OPTIONS = { ...QUERY_LIMITS, strictDepth: true, throwOnLimitExceeded: true } as const;

/**
 * `qs` under the spec's limits. The router calls this before any hook can catch an error, so a query past
 * the limits is marked here and refused in `preValidation`.
 */
function parseLimitedQuery(text: string): qs.ParsedQs | Record<symbol, true> {
  // Fastify calls this for every request, before a cached reply can be sent: popular queries (the first
  // page of a listing) are parsed once and shared, frozen so that no handler can change them for the next.
  if (text === '') return EMPTY_QUERY;
  let parsed = parsedQueries.get(text);
  if (!parsed) {
    try {
      parsed = deepFreeze(qs.parse(text, QS_OPTIONS));
    } catch {
      parsed = { [QUERY_TOO_COMPLEX]: true };
    }
    if (parsedQueries.size >= 1000) parsedQueries.clear();
    parsedQueries.set(text, parsed);
  }
  return parsed;
}

const EMPTY_QUERY = Object.freeze({});
const parsedQueries = new Map<string, qs.ParsedQs | Record<symbol, true>>();

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (child && typeof child === 'object') deepFreeze(child as object);
  }
  return Object.freeze(value);
}

/**
 * `TRUST_PROXY` as Fastify's `trustProxy`. A number of proxies becomes "trust the nearest n hops": the client is
 * the right-most X-Forwarded-For address that no trusted proxy appended, so a value the client wrote itself
 * (on the left) is never taken. Fastify's own `true` would trust every hop, the left-most address winning, and
 * its number form trusts none.
 */
function fastifyTrustProxy(
  trusted: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trusted === false || Array.isArray(trusted)) return trusted;
  return (_address, hop) => hop < trusted;
}

/**
 * Builds the shop's HTTP app over an open, migrated database. The caller owns the database: tests open a
 * throw-away one, `server.ts` the configured one.
 */
export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = fastify({
    logger: {
      level: config.logLevel,
      ...(config.logStream ? { stream: config.logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // Failures are logged by the error handler; a line for every request is for debugging, kept off the
    // catalog's hot path otherwise.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy ?? false),
    routerOptions: {
      querystringParser: parseLimitedQuery,
    },
    // Refusals made before the router (bad percent-encoding, an over-long path parameter, a URL or headers past
    // Node's limit) answer the envelope too; `settings` is read only once requests come in.
    frameworkErrors: frameworkErrorReply(() => settings.defaultLocale()),
    clientErrorHandler: clientErrorReply(() => settings.defaultLocale()),
  });
  registerErrorEnvelope(app);
  app.setValidatorCompiler(validatorCompiler);
  // The API speaks JSON only; Fastify's default text parser would let form posts reach the validators.
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    if ((request.query as Record<symbol, unknown> | undefined)?.[QUERY_TOO_COMPLEX]) {
      throw new QueryTooComplexError();
    }
  });
  registerInputGuard(app);
  // Replies are built from the contract's types; schemas document them, tests check them, and serving
  // skips re-validating every reply.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const settings = new SettingsService(database.db);
  await settings.load();
  const shopLocale = (locale: Locale): ShopLocale => ({
    locale,
    shopDefault: settings.defaultLocale(),
    currency: settings.settings.currency,
  });
  /**
   * Public catalog replies as bytes. `publicReplies.clear()` is the one "catalog changed" signal: call it after
   * every committed change to goods, their translations, SKUs or categories (and to settings). It also drops
   * what the catalog keeps in memory from that data, listing totals and the search index, on every instance.
   */
  const publicReplies = new PreparedReplyCache();
  /** Coupon lists change with every claim, so they are kept apart from the rest of the catalog. */
  const couponReplies = new PreparedReplyCache();

  // With Redis, sessions and abuse counters are shared by every instance; without it they live in the
  // database and in memory.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 })
    : null;
  if (redis) {
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  }
  // What one instance changes, the others drop from memory: catalog and coupon replies, the settings.
  const changes = new ChangeSignals({ redis, log: app.log });
  publicReplies.shareClears(changes, 'catalog');
  couponReplies.shareClears(changes, 'coupons');
  changes.onRemote('settings', async () => {
    await settings.load();
    publicReplies.clearHere();
    couponReplies.clearHere();
  });
  await changes.start();
  app.addHook('onClose', () => changes.close());
  const sessionStore = redis ? new RedisSessionStore(redis) : new DbSessionStore(database.db);
  const sessions = new Sessions(app, sessionStore);
  const staffSessions = new Sessions(app, sessionStore, STAFF_COOKIE);
  const limiter = new RateLimiter(redis ? new RedisCounterStore(redis) : new MemoryCounterStore());
  const devMailbox = new DevMailbox(database.db);
  const outbox = config.mailUrl
    ? new SmtpOutbox(config.mailUrl, config.mailFrom ?? 'Shop <no-reply@shop.localhost>', devMailbox)
    : devMailbox;

  registerSecurityHeaders(app);
  registerLocale(app, settings.defaultLocale);
  registerSameOriginCheck(app);
  // Cookies are parsed only by the routes that read a session, keeping catalog reads free of the work.
  await app.register(fastifyCookie, { hook: false });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 0 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Shop API', version: '1.0.0', description: 'Shopper and staff API of the shop.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/v1/docs' });
  app.get('/v1/openapi.json', { schema: { hide: true } }, () => app.swagger());

  healthRoutes(app, async () => {
    await database.ping();
    if (redis) await redis.ping();
  });
  const catalog = new CatalogService(database.db, { inMemorySearch: true });
  catalogRoutes(app, catalog, publicReplies, shopLocale);
  settingsRoutes(app, settings, publicReplies);
  const promotions = new PromotionsService(database.db);
  promotionsRoutes(app, promotions, sessions, couponReplies, shopLocale);
  const shopIdentity = {
    shopName: (locale: Locale) => pickText(settings.settings.shopName, locale, settings.defaultLocale()),
    publicUrl: config.publicUrl ?? 'http://127.0.0.1:3000',
  };
  const accounts = new AccountsService(database.db, outbox, limiter, shopIdentity);
  app.addHook('onClose', () => accounts.settle());
  const audit = new AuditLog(database.db);
  const staffOtp = new StaffOtpService(database.db, audit, limiter, settings.visitorSecret, () =>
    shopIdentity.shopName(settings.defaultLocale()),
  );
  const staff = new StaffService(database.db, accounts, staffOtp);
  // Before any staff route is added: it checks that each declares who may call it.
  const staffAccess = new StaffAccessControl(app, staffSessions, sessions, staff);
  app.decorate('staffRoutes', staffAccess.routes);
  staffRoutes(app, staff, staffAccess, staffSessions, audit);
  staffOtpRoutes(app, staffOtp, staffAccess);
  // The member's own account, staff management (admins), and the dev mailbox for admins when mail is not real.
  staffAccountRoutes(
    app,
    new StaffAccountService(database.db, audit),
    staffAccess,
    staffSessions,
    new AvatarUploads(database.db),
    audit,
  );
  staffManagementRoutes(app, new StaffManagementService(database.db, audit), staffAccess, staffSessions);
  if (!config.mailUrl) staffMailboxRoutes(app, devMailbox, staff, staffAccess);
  mailStatusRoutes(app, Boolean(config.mailUrl));
  // Back office: catalog, coupons, settings. Each change drops the public replies it affects.
  const catalogAdmin = new CatalogAdminService(database.db, audit);
  catalogAdminRoutes(app, catalogAdmin, staffAccess, () => publicReplies.clear(), shopLocale);
  mediaAdminRoutes(app, new MediaService(database.db), staffAccess);
  promotionsAdminRoutes(
    app,
    new PromotionsAdminService(database.db, audit),
    staffAccess,
    () => couponReplies.clear(),
    shopLocale,
  );
  settingsAdminRoutes(app, new SettingsAdminService(database.db, settings, audit), staffAccess, () => {
    publicReplies.clearHere();
    couponReplies.clearHere();
    changes.send('settings');
  });
  const inventory = new InventoryService(database.db);
  const cart = new CartService(database.db, inventory);
  accountsRoutes(app, accounts, sessions, new AvatarUploads(database.db), async (request, reply, userId) => {
    const guestCart = guestCartTokenHash(app, request);
    if (guestCart) {
      await cart.mergeGuestCart(guestCart, userId);
      clearGuestCart(request, reply);
    }
  });
  const addresses = new AddressesService(database.db);
  addressesRoutes(app, addresses, sessions);
  cartRoutes(app, cart, sessions, shopLocale);
  const mailShopper = orderMailer({
    contactOf: (userId) => accounts.contactOf(userId),
    send: (message) => outbox.send(message),
    shopName: shopIdentity.shopName,
    publicUrl: shopIdentity.publicUrl,
    paymentWindowMinutes: () => settings.settings.paymentWindowMinutes,
    log: app.log,
  });
  // Dashboard: every order change goes on the shop event bus (shared through Redis when there is one) for the
  // live monitor; figures, workplace and goals only read.
  const goals = new GoalsService(database.db, audit, () => settings.settings.currency);
  const shopEvents: ShopEvents = new ShopEvents({
    log: app.log,
    redis,
    describeOrder: (change) => dashboard.describeOrderChange(change),
  });
  const dashboard: DashboardService = new DashboardService(
    database.db,
    new CatalogService(database.db),
    inventory,
    goals,
    shopLocale,
    shopEvents,
  );
  await shopEvents.start();
  app.addHook('onClose', () => shopEvents.close());
  const monitorStreams = new MonitorStreams(
    shopEvents,
    (after) => dashboard.auditActivitySince(after),
    app.log,
  );
  dashboardRoutes(app, { dashboard, goals, streams: monitorStreams }, staffAccess);
  /** Order mails, and the event every order change publishes (placed, paid, cancelled/expired, shipped, refunded). */
  const announceOrder: OrderNotifier = async (notice, order, extra) => {
    // The live monitor shows the order's own changes; a part refund reads as a refund there.
    const type = `order.${notice === 'partiallyRefunded' ? 'refunded' : notice}` as const;
    if ((monitorEventTypeValues as readonly string[]).includes(type)) {
      void shopEvents.publishOrder({ type: type as OrderEventType, orderId: order.id });
    }
    await mailShopper(notice, order, extra);
  };
  // Orders know payments and returns only through the `OrderAftersale` interface; both of those depend on
  // orders, never the other way round.
  const orders: OrdersService = new OrdersService(
    database.db,
    inventory,
    cart,
    addresses,
    promotions,
    () => settings.settings,
    announceOrder,
    () => publicReplies.clear(),
    () => aftersale,
  );
  ordersRoutes(app, orders, sessions, shopLocale);
  const webhookOutbox = new WebhookOutbox(
    database.db,
    settings.webhookSecret,
    config.sandboxWebhookDelayMs ?? 0,
  );
  const payments = new PaymentsService(
    database.db,
    orders,
    new SandboxProvider(webhookOutbox, () => workers.deliverWebhooksSoon()),
    settings.webhookSecret,
  );
  paymentsRoutes(app, payments, sessions, staffAccess, database.db);
  // Back office: orders, shoppers and the global search. Shoppers' pages show their orders, and orders show
  // their shoppers, each through the other module's service.
  const accountsAdmin: AccountsAdminService = new AccountsAdminService(
    database.db,
    sessions,
    {
      statsFor: (ids) => ordersAdmin.statsFor(ids),
      newestOf: (id, limit) => ordersAdmin.newestOf(id, limit),
    },
    addresses,
    promotions,
    audit,
  );
  const ordersAdmin: OrdersAdminService = new OrdersAdminService(
    database.db,
    orders,
    payments,
    () => aftersale,
    promotions,
    accountsAdmin,
    audit,
    announceOrder,
  );
  const returns = new ReturnsService(
    database.db,
    orders,
    payments,
    accountsAdmin,
    audit,
    () => settings.settings.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS,
  );
  payments.returnRefundedIn = (tx, returnId) => returns.markRefunded(tx, returnId);
  const aftersale: OrderAftersale = {
    voidPendingCharges: (tx, orderId) => payments.voidPendingCharges(tx, orderId),
    of: async (orderId) => {
      const [chargeRows, refundRows, orderReturns] = await Promise.all([
        payments.chargesOf(orderId),
        payments.refundsOf(orderId),
        returns.ofOrder(orderId),
      ]);
      return { charges: chargeRows.map(toCharge), refunds: refundRows.map(toRefund), returns: orderReturns };
    },
    returnableUntil: (order) => returns.returnableUntil(order),
  };
  returnsRoutes(app, returns, sessions, staffAccess);
  ordersAdminRoutes(app, ordersAdmin, staffAccess, shopLocale);
  accountsAdminRoutes(app, accountsAdmin, staffAccess, shopLocale);
  searchAdminRoutes(
    app,
    new SearchAdminService({
      goods: (keyword, limit, at) =>
        catalogAdmin.listGoods({ keyword, sort: 'newest', page: 1, pageSize: limit }, at),
      orders: (query) => ordersAdmin.list(query),
      shoppers: (query, at) => accountsAdmin.list(query, at),
    }),
    shopLocale,
  );
  const workers = startBackgroundWork(app, orders, webhookOutbox, payments);
  sandboxGatewayRoutes(app, payments, webhookOutbox, workers.deliverWebhooksSoon);
  regionsRoutes(app, new RegionsService(database.db), publicReplies);
  mediaRoutes(app, new MediaService(database.db), new PreparedReplyCache(false));

  // Storefront visitors for the dashboard, counted where its pages are served (never on the catalog API).
  const visits = new VisitRecorder(database.db, settings.visitorSecret, app.log);
  visits.start();
  app.addHook('onClose', () => visits.stop());
  await registerAdminApp(app, config.adminDist);
  const storefront = await registerStorefront(app, config.storefrontDist, (request) =>
    visits.record(request.ip, request.headers['user-agent']),
  );
  registerNotFound(app, storefront.sendNotFoundPage);
  return app;
}
