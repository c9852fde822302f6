import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import {
  pickText,
  PRICE_SHEET_COLUMNS,
  PRICE_SHEET_OPTION_SEPARATOR,
  priceSheetOriginalPriceColumn,
  priceSheetPriceColumn,
  type AdminGoodsExportQuery,
  type PriceSheetResult,
} from '@shop/contract';
import { schema, type Db, type SkuPriceRecord, type SkuPriceRecords } from '@shop/db';
import type { AuditLog } from '../staff/audit-log.ts';
import { goodsFigures, type CatalogAdminService } from './catalog-admin.service.ts';
import type { ShopLocale } from './catalog.service.ts';
import {
  amountCell,
  priceSheetHeader,
  readPriceSheet,
  SheetProblems,
  type SheetCurrencies,
  type SheetRow,
} from './price-sheet.ts';

const { goods, skus } = schema;

/** Goods whose SKUs are read in one query by the export (the goods list's own batches are as large). */
const EXPORT_BATCH = 500;
/** Ids per `IN (…)` list: far below PostgreSQL's 65 535 parameters of one statement. */
const ID_CHUNK = 1_000;

function chunks<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** A goods as the export lists it: id and name in the reader's language. */
interface ListedGoods {
  id: string;
  name: string;
}

const samePrice = (a: SkuPriceRecord | null | undefined, b: SkuPriceRecord | null | undefined) =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.price === b.price && a.originalPrice === b.originalPrice);

/** A SKU's prices as the audit entry keeps them, before and after. */
interface SkuPrices {
  price: number;
  originalPrice: number | null;
  prices: SkuPriceRecords;
}

/** What an applied sheet changed: the reply's figures and the goods whose SKUs changed (for the change signal). */
export interface AppliedSheet extends PriceSheetResult {
  goods: string[];
}

/**
 * Staff's price sheet: every SKU's prices in the shop's currency and its own prices in the other currencies markets
 * sell in, as CSV rows to edit in a spreadsheet, and an edited sheet applied in one transaction (price-sheet.ts
 * reads it).
 */
export class PriceSheetService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly catalogAdmin: CatalogAdminService,
    /** The currencies markets sell in other than the shop's own (markets.service `otherCurrencies`). */
    private readonly otherCurrencies: () => Set<string>,
  ) {}

  /** The shop's currency, then the others markets sell in, alphabetically. */
  currencies(shopCurrency: string): SheetCurrencies {
    return { shop: shopCurrency, others: [...this.otherCurrencies()].sort() };
  }

  /**
   * One record per SKU of the goods matching the goods list's filters, in its order, each goods' SKUs in their
   * own order: keyed by the header's names, amounts as the sheet writes them. Read in batches, so a catalog of any
   * size streams.
   */
  async *exportRows(query: AdminGoodsExportQuery, at: ShopLocale): AsyncGenerator<Record<string, string>> {
    const currencies = this.currencies(at.currency);
    let batch: ListedGoods[] = [];
    for await (const row of this.catalogAdmin.exportGoods(query, at)) {
      batch.push({ id: row.id, name: row.name });
      if (batch.length === EXPORT_BATCH) {
        yield* this.skuRecords(batch, currencies, at);
        batch = [];
      }
    }
    if (batch.length > 0) yield* this.skuRecords(batch, currencies, at);
  }

  private async *skuRecords(list: ListedGoods[], currencies: SheetCurrencies, at: ShopLocale) {
    const ids = list.map((g) => g.id);
    const [skuRows, optionRows] = await Promise.all([
      this.db
        .select({
          id: skus.id,
          goodsId: skus.goodsId,
          options: skus.options,
          price: skus.price,
          originalPrice: skus.originalPrice,
          prices: skus.prices,
        })
        .from(skus)
        .where(inArray(skus.goodsId, ids))
        .orderBy(asc(skus.sort), asc(skus.id)),
      this.db.select({ id: goods.id, options: goods.options }).from(goods).where(inArray(goods.id, ids)),
    ]);
    const optionsOf = new Map(optionRows.map((g) => [g.id, g.options]));
    const skusOf = groupBy(skuRows, (sku) => sku.goodsId);
    for (const item of list) {
      const options = optionsOf.get(item.id) ?? [];
      for (const sku of skusOf.get(item.id) ?? []) {
        const names = sku.options.map((valueId, i) => {
          const value = options[i]?.values.find((v) => v.id === valueId);
          return value ? pickText(value.name, at.locale, at.shopDefault) : valueId;
        });
        const record: Record<string, string> = {
          [PRICE_SHEET_COLUMNS.skuId]: sku.id,
          [PRICE_SHEET_COLUMNS.goodsId]: item.id,
          [PRICE_SHEET_COLUMNS.name]: item.name,
          [PRICE_SHEET_COLUMNS.options]: names.join(PRICE_SHEET_OPTION_SEPARATOR),
          [priceSheetPriceColumn(currencies.shop)]: amountCell(sku.price, currencies.shop),
          [priceSheetOriginalPriceColumn(currencies.shop)]: amountCell(sku.originalPrice, currencies.shop),
        };
        for (const currency of currencies.others) {
          const own = sku.prices[currency];
          record[priceSheetPriceColumn(currency)] = amountCell(own?.price, currency);
          record[priceSheetOriginalPriceColumn(currency)] = amountCell(own?.originalPrice, currency);
        }
        yield record;
      }
    }
  }

  /** The sheet's header for the shop's currency now. */
  header(shopCurrency: string): string[] {
    return priceSheetHeader(this.currencies(shopCurrency));
  }

  /**
   * Applies an uploaded sheet (decoded text) whole or not at all. Every problem is reported at once (code 1), SKU
   * ids unknown to the shop among them, and nothing is written. Otherwise, in one transaction: the listed SKUs are
   * locked in id order, then the goods of those that change, in id order (the shop's global order, as checkout
   * takes them); rows equal to the SKU's prices now are not written; each changed goods' cached price and list
   * price follow its cheapest SKU again; one audit entry lists the SKUs changed, before and after.
   */
  async apply(text: string, actorId: string, at: ShopLocale): Promise<AppliedSheet> {
    const currencies = this.currencies(at.currency);
    const rows = readPriceSheet(text, currencies);
    return this.db.transaction(async (tx) => {
      const ids = [...new Set(rows.map((r) => r.skuId))].sort();
      const current = new Map<string, SkuPrices & { goodsId: string }>();
      for (const part of chunks(ids)) {
        const locked = await tx
          .select({
            id: skus.id,
            goodsId: skus.goodsId,
            price: skus.price,
            originalPrice: skus.originalPrice,
            prices: skus.prices,
          })
          .from(skus)
          .where(inArray(skus.id, part))
          .orderBy(asc(skus.id))
          .for('update');
        for (const row of locked) current.set(row.id, row);
      }
      const problems = new SheetProblems();
      for (const row of rows) {
        if (!current.has(row.skuId))
          problems.add(`rows.${row.row}.${PRICE_SHEET_COLUMNS.skuId}`, 'validation.priceSheet.unknownSku');
      }
      problems.throwIfAny();

      const changes = rows.flatMap((row) => {
        const before = current.get(row.skuId)!;
        const after = applyRow(before, row);
        return after ? [{ id: row.skuId, goodsId: before.goodsId, before, after }] : [];
      });
      const goodsIds = [...new Set(changes.map((c) => c.goodsId))].sort();
      if (changes.length === 0) return { updated: 0, unchanged: rows.length, goods: [] };

      for (const part of chunks(goodsIds)) {
        await tx
          .select({ id: goods.id })
          .from(goods)
          .where(inArray(goods.id, part))
          .orderBy(asc(goods.id))
          .for('update');
      }
      for (const change of changes) {
        await tx
          .update(skus)
          .set({
            price: change.after.price,
            originalPrice: change.after.originalPrice,
            prices: change.after.prices,
          })
          .where(eq(skus.id, change.id));
      }
      // Stock is left as it is: orders move it at any time, and the sheet has no say in it.
      const now = new Date();
      for (const part of chunks(goodsIds)) {
        const figures = await tx
          .select({
            goodsId: skus.goodsId,
            price: skus.price,
            originalPrice: skus.originalPrice,
            stock: skus.stock,
          })
          .from(skus)
          .where(inArray(skus.goodsId, part))
          .orderBy(asc(skus.sort), asc(skus.id));
        for (const [goodsId, own] of groupBy(figures, (f) => f.goodsId)) {
          const { price, originalPrice } = goodsFigures(own);
          await tx.update(goods).set({ price, originalPrice, updatedAt: now }).where(eq(goods.id, goodsId));
        }
      }

      await this.audit.record(tx, {
        actorId,
        action: 'goods.prices',
        entity: 'price_sheet',
        entityId: randomUUID(),
        before: { skus: Object.fromEntries(changes.map((c) => [c.id, pricesOf(c.before)])) },
        after: {
          count: changes.length,
          skuIds: changes.map((c) => c.id),
          skus: Object.fromEntries(changes.map((c) => [c.id, c.after])),
        },
      });
      return { updated: changes.length, unchanged: rows.length - changes.length, goods: goodsIds };
    });
  }
}

function pricesOf(sku: SkuPrices): SkuPrices {
  return { price: sku.price, originalPrice: sku.originalPrice, prices: sku.prices };
}

/** The SKU's prices with the row applied, or null when the row changes nothing. */
function applyRow(before: SkuPrices, row: SheetRow): SkuPrices | null {
  let changed = false;
  const after = pricesOf(before);
  if (row.base && !samePrice(row.base, before)) {
    after.price = row.base.price;
    after.originalPrice = row.base.originalPrice;
    changed = true;
  }
  const prices: SkuPriceRecords = { ...before.prices };
  for (const [currency, own] of row.own) {
    if (samePrice(own, before.prices[currency])) continue;
    if (own) prices[currency] = own;
    else delete prices[currency];
    changed = true;
  }
  after.prices = prices;
  return changed ? after : null;
}
