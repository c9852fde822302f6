import fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { MAX_AVATAR_BYTES, pickText, type Locale } from '@shop/contract';
import type { Database } from '@shop/db';
import type { Config } from './config.ts';
import { registerErrorEnvelope, registerNotFound } from './plugins/envelope.ts';
import { registerLocale } from './plugins/locale.ts';
import { clientErrorReply, frameworkErrorReply, registerInputGuard } from './plugins/input-guard.ts';
import { ChangeSignals } from './plugins/change-signals.ts';
import { PreparedReplyCache } from './plugins/prepared-replies.ts';
import { parseLimitedQuery, registerQueryLimits } from './plugins/query-limits.ts';
import { MemoryCounterStore, RateLimiter, RedisCounterStore } from './plugins/rate-limiter.ts';
import { registerSameOriginCheck } from './plugins/same-origin.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { DbSessionStore, RedisSessionStore, Sessions, STAFF_COOKIE } from './plugins/session.ts';
import { registerStorefront } from './plugins/storefront.ts';
import { registerAdminApp } from './plugins/admin-app.ts';
import { fastifyTrustProxy } from './plugins/trusted-proxies.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { AvatarUploads } from './modules/accounts/avatar-uploads.ts';
import { DevMailbox, SmtpOutbox } from './modules/mail/mailer.ts';
import { AddressesService } from './modules/addresses/addresses.service.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { CartService } from './modules/cart/cart.service.ts';
import { cartRoutes, clearGuestCart, guestCartTokenHash } from './modules/cart/cart.routes.ts';
import { InventoryService } from './modules/catalog/inventory.service.ts';
import { orderAnnouncer, orderMailer } from './modules/orders/order-mail.ts';
import { OrderAccess } from './modules/orders/order-access.ts';
import { OrdersService, type OrderAftersale } from './modules/orders/orders.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { paymentsModule } from './modules/payments/payments.module.ts';
import { returnsModule } from './modules/returns/returns.module.ts';
import type { ShopLocale } from './modules/catalog/catalog.service.ts';
import { catalogModule } from './modules/catalog/catalog.module.ts';
import { BrowsingService } from './modules/browsing/browsing.service.ts';
import { browsingRoutes } from './modules/browsing/browsing.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { CHECKOUT_WRITES_AT_ONCE, registerWriteGate } from './plugins/write-gate.ts';
import { TaxesService } from './modules/taxes/taxes.service.ts';
import { taxesAdminRoutes } from './modules/taxes/taxes.routes.ts';
import { ShippingService } from './modules/shipping/shipping.service.ts';
import { shippingAdminRoutes } from './modules/shipping/shipping.routes.ts';
import { MarketsService } from './modules/markets/markets.service.ts';
import { marketsRoutes, registerShopperMarket, setMarketCookie } from './modules/markets/markets.routes.ts';
import { registerMetrics } from './modules/operations/metrics.routes.ts';
import { MediaService } from './modules/media/media.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { PromotionsService } from './modules/promotions/promotions.service.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { RegionsService } from './modules/regions/regions.service.ts';
import { regionsRoutes } from './modules/regions/regions.routes.ts';
import { DEFAULT_RETURN_WINDOW_DAYS, SettingsService } from './modules/settings/settings.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { staffModule } from './modules/staff/staff.module.ts';
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
import { dashboardModule } from './modules/dashboard/dashboard.module.ts';
import { reviewsModule } from './modules/reviews/reviews.module.ts';
import { WishlistService } from './modules/wishlist/wishlist.service.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { stockAlertsModule } from './modules/stock-alerts/stock-alerts.module.ts';

export type AppConfig = Pick<Config, 'logLevel' | 'storefrontDist'> &
  Partial<
    Pick<
      Config,
      'redisUrl' | 'mailUrl' | 'mailFrom' | 'publicUrl' | 'trustProxy' | 'adminDist' | 'sandboxWebhookDelayMs'
    >
  > &
  Partial<Pick<Config, 'metricsToken'>> & {
    /** Where log lines go; standard output unless a test wants to read them. */
    logStream?: NodeJS.WritableStream;
  };

/** JSON bodies larger than this are refused before parsing (the largest real form is far smaller). */
const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Builds the shop's HTTP app over an open, migrated database. The caller owns the database: tests open a
 * throw-away one, `server.ts` the configured one.
 */
export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = fastify({
    logger: {
      level: config.logLevel,
      ...(config.logStream ? { stream: config.logStream } : {}),
      // A guest's order token opens that order: like a session's cookie, never in a log line.
      redact: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-order-token"]',
        'res.headers["set-cookie"]',
      ],
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
  registerQueryLimits(app);
  registerInputGuard(app);
  // Replies are built from the contract's types; schemas document them, tests check them, and serving
  // skips re-validating every reply.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const settings = new SettingsService(database.db);
  await settings.load();
  const markets = new MarketsService(database.db, () => settings.settings.currency);
  await markets.load();
  const taxes = new TaxesService(database.db);
  const shipping = new ShippingService(database.db);
  await Promise.all([taxes.load(), shipping.load()]);
  /** Staff's view: prices as stored, in the shop's currency. */
  const shopLocale = (locale: Locale): ShopLocale => ({
    locale,
    shopDefault: settings.defaultLocale(),
    currency: markets.base().currency,
    market: markets.base(),
  });
  /** A shopper's view: prices in their market's currency (`request.market`, set by `registerShopperMarket`). */
  const shopperAt = (request: FastifyRequest): ShopLocale => ({
    locale: request.locale,
    shopDefault: settings.defaultLocale(),
    currency: request.market.currency,
    market: request.market,
  });
  /**
   * Public catalog replies as bytes: goods, categories, settings, regions. The catalog module keeps them current
   * through its changes (catalog-changes.ts), which every change to goods, SKUs or categories goes through.
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
  couponReplies.shareClears(changes, 'coupons');
  changes.onRemote('settings', async () => {
    await settings.load();
    markets.index();
    await catalog.changes.applyHere({ kind: 'everything' });
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
  const writesWaiting = registerWriteGate(app, CHECKOUT_WRITES_AT_ONCE[database.kind]);
  registerLocale(app, settings.defaultLocale);
  registerShopperMarket(app, markets);
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
  const caches = { catalog: publicReplies, coupons: couponReplies };
  const metrics = registerMetrics(app, { database, token: config.metricsToken, caches });
  metrics.countWaitingWrites(writesWaiting);
  settingsRoutes(app, settings, publicReplies);
  const promotions = new PromotionsService(database.db);
  promotionsRoutes(app, promotions, sessions, couponReplies, shopperAt);
  const shopIdentity = {
    shopName: (locale: Locale) => pickText(settings.settings.shopName, locale, settings.defaultLocale()),
    publicUrl: config.publicUrl ?? 'http://127.0.0.1:3000',
  };
  const accounts = new AccountsService(database.db, outbox, limiter, shopIdentity);
  app.addHook('onClose', () => accounts.settle());
  // Staff first: the access control checks that every staff route added after it declares who may call it.
  const { access: staffAccess, audit } = staffModule(app, {
    db: database.db,
    accounts,
    limiter,
    sessions,
    staffSessions,
    visitorSecret: settings.visitorSecret,
    shopName: () => shopIdentity.shopName(settings.defaultLocale()),
    devMailbox: config.mailUrl ? null : devMailbox,
  });
  marketsRoutes(app, markets, sessions, staffAccess, audit, settings.defaultLocale, async () => {
    changes.send('markets');
    publicReplies.clearHere();
    couponReplies.clearHere();
  });
  taxesAdminRoutes(app, taxes, staffAccess, audit, () => changes.send('taxes'), shopLocale);
  changes.onRemote('taxes', () => taxes.load());
  shippingAdminRoutes(app, shipping, staffAccess, audit, () => changes.send('shipping'));
  changes.onRemote('shipping', () => shipping.load());
  changes.onRemote('markets', async () => {
    await markets.load();
    publicReplies.clearHere();
    couponReplies.clearHere();
  });
  const catalog = await catalogModule(app, {
    db: database.db,
    reader: () => database.readerHandle(),
    replies: publicReplies,
    signals: changes,
    access: staffAccess,
    audit,
    shopLocale,
    shopperAt,
    defaultLocale: () => settings.defaultLocale(),
    otherCurrencies: () => markets.otherCurrencies(),
    timeSearch: metrics.timeSearch,
  });
  metrics.watchShelf(catalog.catalog.shelfFigures());
  // Back office: coupons, settings. Each change drops the public replies it affects.
  mediaAdminRoutes(app, new MediaService(database.db), staffAccess);
  promotionsAdminRoutes(
    app,
    new PromotionsAdminService(database.db, audit),
    staffAccess,
    () => couponReplies.clear(),
    shopLocale,
  );
  settingsAdminRoutes(app, new SettingsAdminService(database.db, settings, audit), staffAccess, async () => {
    changes.send('settings');
    // The shop's currency is what markets convert from.
    markets.index();
    await catalog.changes.applyHere({ kind: 'everything' });
    couponReplies.clearHere();
  });
  const inventory = new InventoryService(database.db);
  const cart = new CartService(database.db, inventory);
  const wishlist = new WishlistService(database.db, catalog.catalog);
  accountsRoutes(app, accounts, sessions, new AvatarUploads(database.db), async (request, reply, userId) => {
    const guestCart = guestCartTokenHash(app, request);
    if (guestCart) {
      await cart.mergeGuestCart(guestCart, userId);
      await wishlist.mergeGuestList(guestCart, userId);
      clearGuestCart(request, reply);
    }
    // The market a shopper chose on another device follows them in.
    const chosen = await markets.choiceOf(userId);
    if (chosen) setMarketCookie(request, reply, chosen);
  });
  const regions = new RegionsService(database.db);
  const addresses = new AddressesService(database.db, regions);
  addressesRoutes(app, addresses, sessions);
  cartRoutes(app, cart, sessions, shopperAt);
  browsingRoutes(app, new BrowsingService(database.db, catalog.catalog), sessions, publicReplies, shopperAt);
  wishlistRoutes(app, wishlist, sessions, shopperAt);
  const stockAlerts = stockAlertsModule(app, {
    db: database.db,
    inventory,
    outbox,
    limiter,
    sessions,
    accountEmail: async (userId) => (await accounts.contactOf(userId)).email,
    shopName: shopIdentity.shopName,
    shopDefault: () => settings.defaultLocale(),
    publicUrl: shopIdentity.publicUrl,
  });
  catalog.changes.onCommitted((change) => {
    // An order only takes stock: nothing it does can make an alert due.
    if ((change.kind === 'stock' && !change.taken) || change.kind === 'goods')
      void stockAlerts.afterStockCommitted();
  });
  const dashboard = await dashboardModule(app, {
    db: database.db,
    redis,
    inventory,
    catalog: catalog.catalog,
    audit,
    access: staffAccess,
    shopLocale,
    currency: () => settings.settings.currency,
    visitorSecret: settings.visitorSecret,
  });
  // Orders know payments and returns only through the `OrderAftersale` interface that the returns module
  // builds; payments and returns depend on orders, never the other way round. Guest checkouts' owners come from
  // accounts through `GuestAccounts`; their orders' tokens are keyed by the shop's generated secret.
  const orderAccess = new OrderAccess(settings.visitorSecret);
  const orders: OrdersService = new OrdersService(
    database.db,
    inventory,
    cart,
    addresses,
    promotions,
    () => settings.settings,
    metrics.countOrders(
      orderAnnouncer(
        dashboard.events,
        orderMailer({
          contactOf: (userId) => accounts.contactOf(userId),
          access: orderAccess,
          send: (message) => outbox.send(message),
          shopName: shopIdentity.shopName,
          publicUrl: shopIdentity.publicUrl,
          paymentWindowMinutes: () => settings.settings.paymentWindowMinutes,
          linesOf: (orderId) => orders.linesOf(orderId),
          namedAddress: (address, locale) => addresses.named(address, locale),
          log: app.log,
        }),
      ),
    ),
    (goodsIds, taken) =>
      catalog.changes.changed({ kind: 'stock', goods: goodsIds, ...(taken ? { taken } : {}) }),
    () => aftersale,
    {
      ownerOf: (tx, email, locale) => accounts.guestOwner(tx, email, locale),
      findIdByEmail: (email) => accounts.findIdByEmail(email),
      emailOf: async (userId) => (await accounts.contactOf(userId)).email,
    },
    orderAccess,
    (country) => markets.forCountry(country),
    taxes,
    shipping,
  );
  ordersRoutes(app, orders, sessions, shopperAt, limiter);
  const payments = paymentsModule(app, {
    db: database.db,
    orders,
    sessions,
    access: staffAccess,
    webhookSecret: settings.webhookSecret,
    sandboxWebhookDelayMs: config.sandboxWebhookDelayMs ?? 0,
  });
  // Back office: orders, shoppers and the global search. Shoppers' pages show their orders, and orders show
  // their shoppers, each through the other module's service.
  const accountsAdmin: AccountsAdminService = new AccountsAdminService(
    database.db,
    sessions,
    {
      statsFor: (ids, currency) => ordersAdmin.statsFor(ids, currency),
      newestOf: (id, limit) => ordersAdmin.newestOf(id, limit),
      numbersOf: (ids) => ordersAdmin.numbersOf(ids),
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
    () => settings.settings.currency,
  );
  const aftersale: OrderAftersale = returnsModule(app, {
    db: database.db,
    orders,
    payments,
    people: accountsAdmin,
    audit,
    sessions,
    access: staffAccess,
    windowDays: () => settings.settings.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS,
  });
  ordersAdminRoutes(app, ordersAdmin, staffAccess, shopLocale);
  accountsAdminRoutes(app, accountsAdmin, staffAccess, shopLocale);
  searchAdminRoutes(
    app,
    new SearchAdminService({
      goods: (keyword, limit, at) =>
        catalog.catalogAdmin.listGoods({ keyword, sort: 'newest', page: 1, pageSize: limit }, at),
      orders: (query) => ordersAdmin.list(query),
      shoppers: (query, at) => accountsAdmin.list(query, at),
    }),
    shopLocale,
  );
  reviewsModule(app, {
    db: database.db,
    audit,
    sessions,
    access: staffAccess,
    defaultLocale: () => settings.defaultLocale(),
    ratingsChanged: (goodsIds) => catalog.changes.changed({ kind: 'ratings', goods: goodsIds }),
  });
  regionsRoutes(app, regions, publicReplies);
  mediaRoutes(app, new MediaService(database.db), new PreparedReplyCache(false));

  await registerAdminApp(app, config.adminDist);
  // Storefront visitors for the dashboard, counted where its pages are served (never on the catalog API).
  const storefront = await registerStorefront(app, config.storefrontDist, (request) =>
    dashboard.visits.record(request.ip, request.headers['user-agent']),
  );
  registerNotFound(app, storefront.sendNotFoundPage);
  return app;
}
