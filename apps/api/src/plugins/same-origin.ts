import type { FastifyInstance } from 'fastify';
import { AppError, Code } from '@shop/contract';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence for cookie sessions, on top of SameSite=Lax cookies: a request that
 * changes state must come from the shop's own pages. Browsers say where a request comes from with
 * `Sec-Fetch-Site` and `Origin`; requests without either (scripts, curl) carry no ambient browser cookies
 * and are let through.
 */
export function registerSameOriginCheck(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const fetchSite = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite =
      (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
      (origin && !isSameHost(origin, request.headers.host));
    done(crossSite ? new AppError(Code.forbidden, 'error.crossSite') : undefined);
  });
}

function isSameHost(origin: string, host: string | undefined): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
