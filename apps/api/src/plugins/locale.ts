import type { FastifyInstance } from 'fastify';
import { negotiateLocale, type Locale } from '@shop/contract';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's locale: `Accept-Language` if supported, else the shop's default locale. */
    locale: Locale;
  }
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
