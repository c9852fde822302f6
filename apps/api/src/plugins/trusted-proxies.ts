import type { TrustedProxies } from '../config.ts';

/**
 * `TRUST_PROXY` as Fastify's `trustProxy`. A number of proxies becomes "trust the nearest n hops": the client is
 * the right-most X-Forwarded-For address that no trusted proxy appended, so a value the client wrote itself
 * (on the left) is never taken. Fastify's own `true` would trust every hop, the left-most address winning, and
 * its number form trusts none.
 */
export function fastifyTrustProxy(
  trusted: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trusted === false || Array.isArray(trusted)) return trusted;
  return (_address, hop) => hop < trusted;
}
