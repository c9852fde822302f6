import type { FastifyBaseLogger } from 'fastify';
import { monitorEventTypeValues, type Locale } from '@shop/contract';
import type { OrderEventType, ShopEvents } from '../dashboard/shop-events.ts';
import type { OrderNotice } from '../mail/mail-templates.ts';
import { orderNoticeMail } from '../mail/mail-templates.ts';
import type { OutgoingMessage } from '../mail/mailer.ts';
import type { OrderSummary } from '../mail/order-summary.ts';
import type { OrderAccess } from './order-access.ts';
import type { NoticeDetails, OrderLineRow, OrderNotifier, OrderRow } from './orders.service.ts';

export interface OrderMailDeps {
  /** The shopper's address and language; `guest` when the address is no account yet. */
  contactOf(userId: string): Promise<{ email: string; locale: Locale; guest: boolean }>;
  /** Makes the token of a guest checkout's order, for the link in its mails. */
  access: OrderAccess;
  send(message: OutgoingMessage): Promise<void>;
  shopName(locale: Locale): string;
  publicUrl: string;
  paymentWindowMinutes(): number;
  /** The order's lines, for the list in every mail. */
  linesOf(orderId: string): Promise<OrderLineRow[]>;
  /** The address's regions named in the recipient's language. */
  namedAddress<T extends { regionCodes: string[]; regionNames: string[] }>(
    address: T,
    locale: Locale,
  ): Promise<T>;
  log: FastifyBaseLogger;
}

/** Formatters by locale and currency: making one costs more than a whole line of the mail. */
const moneyFormats = new Map<string, { format: Intl.NumberFormat; digits: number }>();

function money(amount: number, currency: string, locale: Locale) {
  const key = `${locale} ${currency}`;
  let known = moneyFormats.get(key);
  if (!known) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    known = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    moneyFormats.set(key, known);
  }
  return known.format.format(amount / 10 ** known.digits);
}

/** The order as its mail lists it: lines, address (regions in the reader's language) and totals. */
async function summaryOf(
  deps: OrderMailDeps,
  order: OrderRow,
  locale: Locale,
  receiptLink: string,
  given: OrderLineRow[] | undefined,
): Promise<OrderSummary> {
  const [lines, address] = await Promise.all([
    // Listed as `linesOf` lists them, by SKU id, whoever gave them.
    given
      ? [...given].sort((a, b) => (a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : 0))
      : deps.linesOf(order.id),
    deps.namedAddress(order.address, locale),
  ]);
  const format = (amount: number) => money(amount, order.currency, locale);
  return {
    lines: lines.map((l) => ({
      name: l.name,
      options: l.options,
      quantity: l.quantity,
      price: format(l.price),
      amount: format(l.price * l.quantity),
    })),
    address,
    subtotal: format(order.subtotal),
    discount: order.discount > 0 ? format(order.discount) : null,
    shipping: order.shipping > 0 ? format(order.shipping) : null,
    shippingMethod: order.shippingMethod?.estimatedDays ? order.shippingMethod.name : null,
    taxes: order.taxes.map((tax) => ({
      name: `${tax.name} (${new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(tax.rate / 100)})`,
      amount: format(tax.amount),
    })),
    taxInclusive: order.taxInclusive,
    total: format(order.total),
    receiptLink,
  };
}

/**
 * Mails the shopper about a change of their order, in their language. The order stands whether or not its mail
 * went out: a failure is logged for operators, never thrown back.
 */
export function orderMailer(deps: OrderMailDeps): OrderNotifier {
  return async (notice, order: OrderRow, extra?: NoticeDetails) => {
    // The shopper confirmed receipt themselves: nothing to tell them.
    if (notice === 'completed') return;
    try {
      const contact = await deps.contactOf(order.userId);
      // A guest checkout's order opens from the mail without a session: its link carries the order's token,
      // which no log line holds (the mail's text is not logged).
      const token = order.accessTokenHash ? `&token=${deps.access.tokenFor(order.id)}` : '';
      const link = `${deps.publicUrl}/my/order?id=${order.id}${token}`;
      await deps.send(
        orderNoticeMail(notice satisfies OrderNotice, contact.locale, {
          to: contact.email,
          shop: deps.shopName(contact.locale),
          order: String(order.number),
          total: money(order.total, order.currency, contact.locale),
          amount:
            extra?.amount !== undefined ? money(extra.amount, order.currency, contact.locale) : undefined,
          message: extra?.message,
          minutes: deps.paymentWindowMinutes(),
          link,
          carrier: order.carrier ?? '',
          tracking: order.trackingNumber ?? '',
          summary: await summaryOf(deps, order, contact.locale, `${link}&print=1`, extra?.lines),
          ...(contact.guest && {
            invitation: {
              email: contact.email,
              link: `${deps.publicUrl}/register?email=${encodeURIComponent(contact.email)}`,
            },
          }),
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id, notice }, 'order mail failed');
    }
  };
}

/**
 * What every order change does besides the change itself: an event on the shop event bus for the live monitor
 * (placed, paid, cancelled or expired, shipped, refunded) and the shopper's mail.
 */
export function orderAnnouncer(events: ShopEvents, mail: OrderNotifier): OrderNotifier {
  return async (notice, order, extra) => {
    // The live monitor shows the order's own changes; a part refund reads as a refund there.
    const type = `order.${notice === 'partiallyRefunded' ? 'refunded' : notice}`;
    if ((monitorEventTypeValues as readonly string[]).includes(type)) {
      void events.publishOrder({ type: type as OrderEventType, orderId: order.id });
    }
    await mail(notice, order, extra);
  };
}
