import type { FastifyInstance } from 'fastify';

const policyWith = (styleSrc: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    styleSrc,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

const contentSecurityPolicy = policyWith("style-src 'self'");

/**
 * The back office's policy (sent with its index.html, apps/api/src/plugins/admin-app.ts). antd and
 * ProComponents write their styles into <style> elements at run time (CSS-in-JS), which `style-src 'self'`
 * refuses. Rather than `'unsafe-inline'`, which would also let styles injected into the page's markup through,
 * each response carries a fresh random nonce: the app gives it to antd (`ConfigProvider csp`) and to the other
 * style elements its own code creates (apps/admin/src/app/csp-nonce.ts), so only styles made by the app's
 * scripts apply and markup injected into the page gets none. Some antd helpers write `style` attributes with
 * `setAttribute` (measuring text, for one), which a nonce cannot cover: `style-src-attr 'unsafe-inline'` allows
 * style attributes only — they can restyle an element but load nothing and run nothing — while <style> elements
 * still need the nonce. Scripts stay `'self'` only.
 */
export function adminContentSecurityPolicy(nonce: string): string {
  return policyWith(`style-src 'self' 'nonce-${nonce}'; style-src-attr 'unsafe-inline'`);
}

/** Sent on every reply; a fixed set, so it is built once rather than per request. */
export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * HSTS, sent on HTTPS replies only: over plain HTTP it means nothing (RFC 6797 §7.2) and would wrongly claim the
 * shop speaks HTTPS. Behind a TLS-terminating proxy the request counts as HTTPS when a trusted proxy says so with
 * X-Forwarded-Proto (`TRUST_PROXY`); from anyone else the header is ignored.
 */
export const strictTransportSecurity = 'max-age=15552000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance) {
  // Callback-style hooks: on the catalog's hot path they cost less than async ones.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    if (request.protocol === 'https') reply.header('strict-transport-security', strictTransportSecurity);
    done();
  });
}
