import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ORDER_TOKEN_HEADER } from '@shop/contract';

/** Who asks for an order: the signed-in shopper (if any) and the token their request carries (if any). */
export interface OrderReader {
  userId: string | null;
  token: string | undefined;
}

/** A token as this module makes them: 32 bytes in base64url. Anything else is not looked at. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The `X-Order-Token` of a request, when it has the shape of one. */
export function orderTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[ORDER_TOKEN_HEADER.toLowerCase()];
  return typeof value === 'string' && TOKEN_SHAPE.test(value) ? value : undefined;
}

/**
 * The tokens that open a guest checkout's order without a session. A token is 32 bytes that only the shop can
 * make: an HMAC of the order's id under a key derived (HKDF) from the shop's generated secret. The order keeps
 * only the token's SHA-256, and a token opens an order only when its hash is the one the order keeps (compared
 * in constant time), so orders placed signed in (no hash) are never opened this way.
 *
 * Made, not drawn at random and forgotten: each later mail of the order (paid, shipped, refunded…) and a
 * retried checkout (same `Idempotency-Key`) must hand out the very token the first reply and mail carried.
 */
export class OrderAccess {
  private key: Buffer | undefined;

  constructor(private readonly shopSecret: () => string) {}

  tokenFor(orderId: string): string {
    this.key ??= Buffer.from(hkdfSync('sha256', this.shopSecret(), 'guest-order', 'order-access-token', 32));
    return createHmac('sha256', this.key).update(orderId).digest('base64url');
  }

  /** What the order row keeps of its token. */
  hashOf(token: string): string {
    return sha256(token).toString('hex');
  }

  /** Whether `token` is the one whose hash the order keeps. */
  opens(storedHash: string | null, token: string | undefined): boolean {
    if (!storedHash || !token || !TOKEN_SHAPE.test(token)) return false;
    const stored = Buffer.from(storedHash, 'hex');
    const given = sha256(token);
    return stored.length === given.length && timingSafeEqual(stored, given);
  }
}
