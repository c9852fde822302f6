import type { FastifyInstance, FastifyRequest } from 'fastify';
import { negotiateLocale, type Locale } from '@shop/contract';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's locale: `Accept-Language` if supported, else the shop's default locale. */
    locale: Locale;
  }
}

/**
 * The supported language the request's `Accept-Language` names, or undefined when it names none (no header, or only
 * languages the shop lacks): `request.locale` is then the shop's default, which the client did not choose.
 */
export function statedLocale(request: FastifyRequest): Locale | undefined {
  const header = request.headers['accept-language'];
  if (!header) return undefined;
  const locale = negotiateLocale(header, 'en-US');
  return locale === negotiateLocale(header, 'zh-CN') ? locale : undefined;
}

/**
 * Resolves each request's locale once. Browsers send a handful of distinct headers, so the answers are
 * remembered (bounded) instead of re-parsing the header on every request.
 */
export function registerLocale(app: FastifyInstance, shopDefaultLocale: () => Locale) {
  const remembered = new Map<string, Locale>();
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers['accept-language'] ?? '';
    const key = `${shopDefaultLocale()}|${header}`;
    let locale = remembered.get(key);
    if (!locale) {
      locale = negotiateLocale(header, shopDefaultLocale());
      if (remembered.size >= 1000) remembered.clear();
      remembered.set(key, locale);
    }
    request.locale = locale;
    done();
  });
}
