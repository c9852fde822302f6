import type { FastifyInstance } from 'fastify';
import type { Db } from '@shop/db';
import { startBackgroundWork } from '../../background-work.ts';
import type { Sessions } from '../../plugins/session.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { PaymentsService } from './payments.service.ts';
import { SandboxProvider, WebhookOutbox } from './sandbox-gateway.ts';
import { sandboxGatewayRoutes } from './sandbox-gateway.routes.ts';

export interface PaymentsModuleDeps {
  db: Db;
  orders: OrdersService;
  sessions: Sessions;
  access: StaffAccessControl;
  webhookSecret: () => string;
  /** The sandbox gateway holds its webhooks back this long (a real provider's lag); 0 delivers at once. */
  sandboxWebhookDelayMs: number;
}

/**
 * Payments: charges, the provider's signed webhooks, refunds and the reconciliation, with the built-in sandbox
 * gateway as the provider. Depends on orders (never the other way round); starts the timers that keep the
 * money settling after a restart (webhook delivery, unsent refunds) and the unpaid orders' expiry.
 */
export function paymentsModule(app: FastifyInstance, deps: PaymentsModuleDeps) {
  const outbox = new WebhookOutbox(deps.db, deps.webhookSecret, deps.sandboxWebhookDelayMs);
  const provider = new SandboxProvider(outbox, () => workers.deliverWebhooksSoon());
  const payments = new PaymentsService(deps.db, deps.orders, provider, deps.webhookSecret);
  paymentsRoutes(app, payments, deps.sessions, deps.access, deps.db);
  const workers = startBackgroundWork(app, deps.orders, outbox, payments);
  sandboxGatewayRoutes(app, payments, outbox, workers.deliverWebhooksSoon);
  return payments;
}
