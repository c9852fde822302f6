import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a webhook's timestamp may be from now before it is refused as a replay. */
export const WEBHOOK_TOLERANCE_S = 300;
export const SIGNATURE_HEADER = 'shop-signature';

/** What a payment provider tells the shop about a charge. */
export interface ChargeEvent {
  id: string;
  type: 'charge.succeeded' | 'charge.failed';
  chargeId: string;
  orderId: string;
  amount: number;
  currency: string;
  created: number;
}

/** What a payment provider tells the shop about a refund it was asked for. */
export interface RefundEvent {
  id: string;
  type: 'refund.succeeded' | 'refund.failed';
  refundId: string;
  chargeId: string;
  orderId: string;
  amount: number;
  currency: string;
  created: number;
}

export type PaymentEvent = ChargeEvent | RefundEvent;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as card processors sign their webhooks. */
export function signWebhook(secret: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

export function verifyWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  now = Date.now(),
): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const at = Number(parts.t);
  if (!parts.v1 || !Number.isInteger(at) || Math.abs(now / 1000 - at) > WEBHOOK_TOLERANCE_S) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${at}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/**
 * A signed body is the provider's, but its shape is still checked: an event the shop cannot read is refused
 * (the provider retries, and an operator sees the log) rather than half applied.
 */
export function parsePaymentEvent(body: string): PaymentEvent | null {
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!event || typeof event !== 'object') return null;
  const common =
    typeof event.id === 'string' &&
    event.id.length > 0 &&
    event.id.length <= 200 &&
    isId(event.chargeId) &&
    isId(event.orderId) &&
    isAmount(event.amount) &&
    typeof event.currency === 'string' &&
    /^[A-Z]{3}$/.test(event.currency);
  if (!common) return null;
  if (event.type === 'charge.succeeded' || event.type === 'charge.failed')
    return event as unknown as ChargeEvent;
  if ((event.type === 'refund.succeeded' || event.type === 'refund.failed') && isId(event.refundId)) {
    return event as unknown as RefundEvent;
  }
  return null;
}
