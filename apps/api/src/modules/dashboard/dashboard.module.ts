import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '@shop/db';
import type { CatalogService, ShopLocale } from '../catalog/catalog.service.ts';
import type { InventoryService } from '../catalog/inventory.service.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import type { Locale } from '@shop/contract';
import { dashboardRoutes } from './dashboard.routes.ts';
import { DashboardService } from './dashboard.service.ts';
import { GoalsService } from './goals.service.ts';
import { MonitorStreams } from './monitor-stream.ts';
import { ShopEvents } from './shop-events.ts';
import { VisitRecorder } from './visits.ts';

export interface DashboardModuleDeps {
  db: Db;
  redis: Redis | null;
  inventory: InventoryService;
  /** For category names. */
  catalog: Pick<CatalogService, 'listCategories'>;
  audit: AuditLog;
  access: StaffAccessControl;
  shopLocale: (locale: Locale) => ShopLocale;
  currency: () => string;
  visitorSecret: () => string;
}

/**
 * The dashboard: figures, workplace and goals read the shop; the live monitor follows the shop event bus (shared
 * through Redis when there is one); visitors are counted where the storefront's pages are served.
 */
export async function dashboardModule(app: FastifyInstance, deps: DashboardModuleDeps) {
  const { db } = deps;
  const goals = new GoalsService(db, deps.audit, deps.currency);
  const events: ShopEvents = new ShopEvents({
    log: app.log,
    redis: deps.redis,
    describeOrder: (change) => dashboard.describeOrderChange(change),
  });
  const dashboard = new DashboardService(db, deps.catalog, deps.inventory, goals, deps.shopLocale, events);
  await events.start();
  app.addHook('onClose', () => events.close());
  const streams = new MonitorStreams(events, (after) => dashboard.auditActivitySince(after), app.log);
  dashboardRoutes(app, { dashboard, goals, streams }, deps.access);
  const visits = new VisitRecorder(db, deps.visitorSecret, app.log);
  visits.start();
  app.addHook('onClose', () => visits.stop());
  return { events, visits };
}
