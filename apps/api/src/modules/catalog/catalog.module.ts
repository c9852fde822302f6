import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '@shop/contract';
import type { Db, ReaderHandle } from '@shop/db';
import type { ChangeSignals } from '../../plugins/change-signals.ts';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import type { StaffAccessControl } from '../staff/staff-access.ts';
import { CatalogAdminService } from './catalog-admin.service.ts';
import { catalogAdminRoutes, priceSheetRoutes } from './catalog.admin.routes.ts';
import { CatalogChanges } from './catalog-changes.ts';
import { catalogRoutes, type SearchTimer } from './catalog.routes.ts';
import { CatalogService, type ShopLocale } from './catalog.service.ts';
import { PriceSheetService } from './price-sheet.service.ts';
import { searchSynonymsRoutes } from './search-synonyms.routes.ts';
import { SearchSynonymsService } from './search-synonyms.service.ts';

interface CatalogModuleDeps {
  db: Db;
  /** How the shelf's thread reads the database (`Database.readerHandle`), each time one starts. */
  reader: () => ReaderHandle;
  /** The storefront's prepared catalog replies. */
  replies: PreparedReplyCache;
  signals: ChangeSignals;
  access: StaffAccessControl;
  audit: AuditLog;
  shopLocale: (locale: Locale) => ShopLocale;
  /** The shopper's view: their market's prices. */
  shopperAt: (request: FastifyRequest) => ShopLocale;
  defaultLocale: () => Locale;
  /** The currencies markets sell in other than the shop's: a SKU's own prices may be in these. */
  otherCurrencies: () => Set<string>;
  /** Times keyword searches for the operator's metrics. */
  timeSearch?: SearchTimer;
}

/**
 * The catalog: shoppers' listings, search and detail pages from memory, staff's goods, categories and search
 * synonyms, and the changes that keep memory and replies current on every instance. Resolves once the shelf is
 * in memory, so the first shopper finds it there.
 */
export async function catalogModule(app: FastifyInstance, deps: CatalogModuleDeps) {
  const { db, replies, signals } = deps;
  const catalog = new CatalogService(db, deps.reader, deps.defaultLocale, (error) =>
    app.log.error({ err: error }, "the catalog's shelf thread stopped; a new one reads the shelf again"),
  );
  app.addHook('onClose', () => catalog.close());
  const changes = new CatalogChanges(catalog, replies, signals, app.log);
  const synonyms = new SearchSynonymsService(db, deps.audit);
  await catalog.setSynonyms((await synonyms.get()).groups);
  signals.onRemote('synonyms', async () => {
    await catalog.setSynonyms((await synonyms.get()).groups);
    replies.clearHere();
  });

  catalogRoutes(app, catalog, replies, deps.shopperAt, deps.timeSearch);
  const catalogAdmin = new CatalogAdminService(db, deps.audit, deps.otherCurrencies);
  catalogAdminRoutes(app, catalogAdmin, deps.access, (change) => changes.changed(change), deps.shopLocale);
  const priceSheet = new PriceSheetService(db, deps.audit, catalogAdmin, deps.otherCurrencies);
  priceSheetRoutes(app, priceSheet, deps.access, (change) => changes.changed(change), deps.shopLocale);
  searchSynonymsRoutes(app, synonyms, deps.access, async (groups) => {
    await catalog.setSynonyms(groups);
    replies.clearHere();
    signals.send('synonyms');
  });
  await catalog.ready;
  return { catalog, catalogAdmin, changes };
}
