import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMarketSchema,
  AppError,
  chooseMarketBodySchema,
  chosenMarketSchema,
  Code,
  envelopeSchema,
  marketInputSchema,
  marketsReplySchema,
  type Locale,
} from '@shop/contract';
import { ok } from '../../plugins/envelope.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { MarketsService, PricedMarket } from './markets.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shopper's market for prices: chosen in the header (cookie), else their language's usual country's. */
    market: PricedMarket;
  }
}

export const MARKET_COOKIE = 'market';
const MARKET_IN_COOKIE = /(?:^|;\s*)market=([A-Z]{2,8})(?=;|$)/;
const A_YEAR_S = 365 * 24 * 60 * 60;

/** Sets `request.market` on every request, from the cookie alone: no session read on the catalog's hot path. */
export function registerShopperMarket(app: FastifyInstance, markets: MarketsService): void {
  app.decorateRequest('market', null as unknown as PricedMarket);
  app.addHook('onRequest', (request, _reply, done) => {
    const cookie = request.headers.cookie;
    const chosen = cookie?.includes('market=') ? MARKET_IN_COOKIE.exec(cookie)?.[1] : undefined;
    request.market = markets.resolve(chosen, request.locale);
    done();
  });
}

export function setMarketCookie(request: FastifyRequest, reply: FastifyReply, code: string): void {
  reply.setCookie(MARKET_COOKIE, code, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: A_YEAR_S,
  });
}

export function marketsRoutes(
  app: FastifyInstance,
  markets: MarketsService,
  sessions: Sessions,
  access: StaffAccessControl,
  audit: AuditLog,
  shopDefault: () => Locale,
  marketsChanged: () => Promise<void>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/v1/home/markets',
    {
      schema: {
        tags: ['shop'],
        summary: "The shop's markets: where it sells, in which currency, with or without tax in its prices",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(marketsReplySchema) },
      },
    },
    async (request) => ok(markets.list(request.locale, shopDefault())),
  );

  routes.get(
    '/v1/home/market',
    {
      schema: {
        tags: ['shop'],
        summary: "The shopper's market now: the chosen one, else their language's usual country's",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(chosenMarketSchema) },
      },
    },
    async (request) => ok({ code: request.market.code, currency: request.market.currency }),
  );

  routes.put(
    '/v1/home/market',
    {
      schema: {
        tags: ['shop'],
        summary: "Choose the shopper's market: a cookie, and the account's choice when signed in",
        body: chooseMarketBodySchema,
        response: { 200: envelopeSchema(chosenMarketSchema) },
      },
    },
    async (request, reply) => {
      const { code } = request.body;
      if (!markets.known(code)) {
        throw new AppError(Code.validation, 'validation.invalid', { code: 'error.market.notFound' });
      }
      const session = await sessions.current(request);
      if (session) await markets.rememberChoice(session.userId, code);
      setMarketCookie(request, reply, code);
      const market = markets.resolve(code, request.locale);
      return ok({ code: market.code, currency: market.currency });
    },
  );

  const admin = { access: 'admin' } as const;
  const staff = { access: 'staff' } as const;
  const tags = ['admin: markets'];
  const codeParams = z.strictObject({ code: z.string().max(8) });

  routes.get(
    '/v1/admin/markets',
    {
      config: staff,
      schema: {
        tags,
        summary: 'The markets with their rates and rounding',
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(z.array(adminMarketSchema)) },
      },
    },
    async (request) => ok(markets.listForStaff(request.locale, shopDefault())),
  );

  routes.post(
    '/v1/admin/markets',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a market',
        body: marketInputSchema,
        response: { 200: envelopeSchema(z.array(adminMarketSchema)) },
      },
    },
    async (request) => {
      await markets.save(request.body, audit, access.memberOf(request).id);
      await marketsChanged();
      return ok(markets.listForStaff(request.locale, shopDefault()));
    },
  );

  routes.put(
    '/v1/admin/markets/:code',
    {
      config: admin,
      schema: {
        tags,
        summary: "Replace a market's name, currency, countries, rate and rounding",
        params: codeParams,
        body: marketInputSchema,
        response: { 200: envelopeSchema(z.array(adminMarketSchema)) },
      },
    },
    async (request) => {
      await markets.save(request.body, audit, access.memberOf(request).id, request.params.code);
      await marketsChanged();
      return ok(markets.listForStaff(request.locale, shopDefault()));
    },
  );

  routes.delete(
    '/v1/admin/markets/:code',
    {
      config: admin,
      schema: {
        tags,
        summary: "Delete a market (never the shop's own)",
        params: codeParams,
        response: { 200: envelopeSchema(z.array(adminMarketSchema)) },
      },
    },
    async (request) => {
      await markets.remove(request.params.code, audit, access.memberOf(request).id);
      await marketsChanged();
      return ok(markets.listForStaff(request.locale, shopDefault()));
    },
  );
}
