import fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import { QUERY_LIMITS, type Locale } from '@shop/contract';
import type { Database } from '@shop/db';
import type { Config } from './config.ts';
import { QueryTooComplexError, registerErrorEnvelope, registerNotFound } from './plugins/envelope.ts';
import { registerLocale } from './plugins/locale.ts';
import { PreparedReplyCache } from './plugins/prepared-replies.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStorefront } from './plugins/storefront.ts';
import { CatalogService, type ShopLocale } from './modules/catalog/catalog.service.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { MediaService } from './modules/media/media.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { PromotionsService } from './modules/promotions/promotions.service.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { RegionsService } from './modules/regions/regions.service.ts';
import { regionsRoutes } from './modules/regions/regions.routes.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';

export type AppConfig = Pick<Config, 'logLevel' | 'storefrontDist'> & {
  /** Where log lines go; standard output unless a test wants to read them. */
  logStream?: NodeJS.WritableStream;
};

/** JSON bodies larger than this are refused before parsing (the largest real form is far smaller). */
const BODY_LIMIT_BYTES = 256 * 1024;

const QUERY_TOO_COMPLEX = Symbol('query too complex');

/**
 * `qs` under the spec's limits. The router calls this before any hook can catch an error, so a query past
 * the limits is marked here and refused in `preValidation`.
 */
function parseLimitedQuery(text: string): qs.ParsedQs | Record<symbol, true> {
  try {
    return qs.parse(text, { ...QUERY_LIMITS, strictDepth: true, throwOnLimitExceeded: true });
  } catch {
    return { [QUERY_TOO_COMPLEX]: true };
  }
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
    routerOptions: {
      querystringParser: parseLimitedQuery,
    },
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
  /** Public catalog replies as bytes; cleared whenever catalog, promotions or settings data change. */
  const publicReplies = new PreparedReplyCache();

  registerSecurityHeaders(app);
  registerLocale(app, settings.defaultLocale);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Shop API', version: '1.0.0', description: 'Shopper and staff API of the shop.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/v1/docs' });
  app.get('/v1/openapi.json', { schema: { hide: true } }, () => app.swagger());

  healthRoutes(app, database.ping);
  catalogRoutes(app, new CatalogService(database.db), publicReplies, shopLocale);
  settingsRoutes(app, settings, publicReplies);
  promotionsRoutes(app, new PromotionsService(database.db), publicReplies, shopLocale);
  regionsRoutes(app, new RegionsService(database.db), publicReplies);
  mediaRoutes(app, new MediaService(database.db), publicReplies);

  const storefront = await registerStorefront(app, config.storefrontDist);
  registerNotFound(app, storefront.sendNotFoundPage);
  return app;
}
