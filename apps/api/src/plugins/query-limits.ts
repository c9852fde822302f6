import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { QUERY_LIMITS } from '@shop/contract';
import { QueryTooComplexError } from './envelope.ts';

const QUERY_TOO_COMPLEX = Symbol('query too complex');

const QS_OPTIONS = { ...QUERY_LIMITS, strictDepth: true, throwOnLimitExceeded: true } as const;

const EMPTY_QUERY = Object.freeze({});
const parsedQueries = new Map<string, qs.ParsedQs | Record<symbol, true>>();

/**
 * `qs` under the spec's limits, as Fastify's `querystringParser`. The router calls this before any hook can
 * catch an error, so a query past the limits is marked here and refused in `preValidation`
 * (`registerQueryLimits`).
 */
export function parseLimitedQuery(text: string): qs.ParsedQs | Record<symbol, true> {
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

/** Refuses, with code 1, a query `parseLimitedQuery` marked as past the limits. */
export function registerQueryLimits(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if ((request.query as Record<symbol, unknown> | undefined)?.[QUERY_TOO_COMPLEX]) {
      throw new QueryTooComplexError();
    }
  });
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (child && typeof child === 'object') deepFreeze(child as object);
  }
  return Object.freeze(value);
}
