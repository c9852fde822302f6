import type { FastifyInstance } from 'fastify';
import type { Sessions } from '../../plugins/session.ts';
import { stockAlertsRoutes } from './stock-alerts.routes.ts';
import { StockAlertsService, type StockAlertDeps } from './stock-alerts.service.ts';

/** Alerts that no restock woke (a shop that stopped in between, another instance's restock) go out within this. */
const SWEEP_MS = 30_000;

/**
 * Back-in-stock alerts: the routes, and the sender, woken after stock commits (`afterStockCommitted`) and by
 * a timer, and once when the shop starts, so what was due when a shop stopped goes out after it restarts.
 */
export function stockAlertsModule(
  app: FastifyInstance,
  deps: Omit<StockAlertDeps, 'log'> & {
    sessions: Sessions;
    accountEmail: (userId: string) => Promise<string>;
  },
) {
  const alerts = new StockAlertsService({ ...deps, log: app.log });
  stockAlertsRoutes(app, alerts, deps.sessions, deps.accountEmail);
  const timer = setInterval(() => void alerts.deliverSoon(), SWEEP_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    void alerts.deliverSoon();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await alerts.settle();
  });
  return { alerts, afterStockCommitted: () => alerts.deliverSoon() };
}
