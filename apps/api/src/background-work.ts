import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { OrdersService } from './modules/orders/orders.service.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import { httpPoster, type WebhookOutbox } from './modules/payments/sandbox-gateway.ts';

const EXPIRY_SWEEP_MS = 15_000;
const WEBHOOK_POLL_MS = 2_000;
const SETTLE_MS = 30_000;

/**
 * Timers that keep the shop's promises without a request to trigger them: unpaid orders are cancelled when
 * their payment window closes, the sandbox gateway's webhooks are delivered, and refunds recorded but never sent
 * to the provider (a crash between the two) are sent. Their state is in the database, so after a restart they
 * pick up where they were.
 */
export function startBackgroundWork(
  app: FastifyInstance,
  orders: OrdersService,
  webhooks: WebhookOutbox,
  payments: PaymentsService,
) {
  let delivering = false;
  const deliverWebhooks = async () => {
    const address = app.server.address() as AddressInfo | null;
    if (delivering || !address) return;
    delivering = true;
    try {
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      await webhooks.deliverDue(
        httpPoster(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}/v1/webhooks/payments`),
      );
    } catch (error) {
      app.log.error({ err: error }, 'webhook delivery failed');
    } finally {
      delivering = false;
    }
  };
  const sweepExpired = async () => {
    try {
      const cancelled = await orders.cancelExpired();
      if (cancelled) app.log.info({ cancelled }, 'cancelled unpaid orders past their payment window');
    } catch (error) {
      app.log.error({ err: error }, 'expiry sweep failed');
    }
  };
  const settleMoney = async (olderThanMs?: number) => {
    try {
      const resent = await payments.settleStuck(olderThanMs);
      if (resent) app.log.warn({ resent }, 'sent refunds that had not reached the payment provider');
    } catch (error) {
      app.log.error({ err: error }, 'settling refunds failed');
    }
  };
  const timers = [
    setInterval(deliverWebhooks, WEBHOOK_POLL_MS),
    setInterval(sweepExpired, EXPIRY_SWEEP_MS),
    setInterval(() => void settleMoney(), SETTLE_MS),
  ];
  for (const timer of timers) timer.unref();
  app.addHook('onReady', async () => {
    void sweepExpired();
    // At start nothing of this process is in flight: every unsent refund was left by the one before it.
    void settleMoney(0);
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
  return { deliverWebhooksSoon: () => void setImmediate(deliverWebhooks) };
}
