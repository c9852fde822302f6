import type { FastifyInstance } from 'fastify';
import type { Db } from '@shop/db';
import type { Sessions } from '../../plugins/session.ts';
import type { PeopleDirectory } from '../orders/orders-admin.service.ts';
import type { OrderAftersale, OrdersService } from '../orders/orders.service.ts';
import { toCharge, toRefund, type PaymentsService } from '../payments/payments.service.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import { returnsRoutes } from './returns.routes.ts';
import { ReturnsService } from './returns.service.ts';

export interface ReturnsModuleDeps {
  db: Db;
  orders: OrdersService;
  payments: PaymentsService;
  people: PeopleDirectory;
  audit: AuditLog;
  sessions: Sessions;
  access: StaffAccessControl;
  /** The shop's return window in days (0: no returns). */
  windowDays: () => number;
}

/**
 * Returns (RMA), and what orders show of their life after the sale: charges, refunds and returns, given to the
 * orders module as its `OrderAftersale` interface.
 */
export function returnsModule(app: FastifyInstance, deps: ReturnsModuleDeps) {
  const { payments } = deps;
  const returns = new ReturnsService(
    deps.db,
    deps.orders,
    payments,
    deps.people,
    deps.audit,
    deps.windowDays,
  );
  payments.returnRefundedIn = (tx, returnId) => returns.markRefunded(tx, returnId);
  returnsRoutes(app, returns, deps.sessions, deps.access);
  const aftersale: OrderAftersale = {
    voidPendingCharges: (tx, orderId) => payments.voidPendingCharges(tx, orderId),
    of: async (orderId) => {
      const [charges, refunds, orderReturns] = await Promise.all([
        payments.chargesOf(orderId),
        payments.refundsOf(orderId),
        returns.ofOrder(orderId),
      ]);
      return { charges: charges.map(toCharge), refunds: refunds.map(toRefund), returns: orderReturns };
    },
    returnableUntil: (order) => returns.returnableUntil(order),
  };
  return aftersale;
}
