import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { OrdersService } from './modules/orders/orders.service.ts';
import type { WebhookOutbox } from './modules/payments/payments.service.ts';

const EXPIRY_SWEEP_MS = 15_000;
const WEBHOOK_POLL_MS = 2_000;

/**
 * Timers that keep the shop's promises without a request to trigger them: unpaid orders are cancelled when
 * their payment window closes, and the sandbox gateway's webhooks are delivered. Their state is in the
 * database, so after a restart they pick up where they were.
 */
export function startBackgroundWork(app: FastifyInstance, orders: OrdersService, webhooks: WebhookOutbox) {
  let delivering = false;
  const deliverWebhooks = async () => {
    const address = app.server.address() as AddressInfo | null;
    if (delivering || !address) return;
    delivering = true;
    try {
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      await webhooks.deliverDue(
        `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}/v1/webhooks/payments`,
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
  const timers = [setInterval(deliverWebhooks, WEBHOOK_POLL_MS), setInterval(sweepExpired, EXPIRY_SWEEP_MS)];
  for (const timer of timers) timer.unref();
  app.addHook('onReady', async () => {
    void sweepExpired();
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
  return { deliverWebhooksSoon: () => void setImmediate(deliverWebhooks) };
}
