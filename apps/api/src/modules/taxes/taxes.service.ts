import { and, asc, eq } from 'drizzle-orm';
import {
  AppError,
  Code,
  pickText,
  TAX_PPM_PER_PERCENT,
  taxRatePpm,
  type AdminTaxRate,
  type Locale,
  type MessageKey,
  type OrderTax,
  type TaxClass,
  type TaxRateInput,
  type TaxReport,
  type TaxReportQuery,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { AuditLog } from '../staff/audit-log.ts';
import { taxReport } from './tax-report.ts';

const { taxRates, regions } = schema;

type TaxRateRow = typeof taxRates.$inferSelect;

/** A line as taxes see it: its amount before discount, and its goods' tax class. */
export interface TaxedLine {
  amount: number;
  taxClass: TaxClass;
}

/** Where the parcel goes: a country, and its state or province when known. */
export interface Destination {
  country: string | undefined;
  region: string | undefined;
}

/**
 * Tax rates by destination and tax class, kept in memory (every checkout step needs them) and read again after
 * staff change them. How an order's taxes are computed, and rounded, is `taxesOf`'s comment.
 */
export class TaxesService {
  private rates: TaxRateRow[] = [];

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    this.rates = await this.db
      .select()
      .from(taxRates)
      .orderBy(asc(taxRates.country), asc(taxRates.region), asc(taxRates.taxClass));
  }

  /** The rate for a class at a destination: its region's, else its country's; none when neither has one. */
  private rateFor(taxClass: TaxClass, to: Destination): TaxRateRow | undefined {
    if (!to.country) return undefined;
    const inCountry = this.rates.filter((r) => r.country === to.country && r.taxClass === taxClass);
    return (
      inCountry.find((r) => r.region !== '' && r.region === to.region) ??
      inCountry.find((r) => r.region === '')
    );
  }

  /**
   * The taxes of an order's lines at a destination. The discount is shared among the lines in proportion to their
   * amounts (the last line takes what rounding leaves), shipping is not taxed, and each line's tax is rounded half
   * up to the minor unit: `amount × rate / (1 + rate)` of a price that includes it, `amount × rate` on top of one
   * that does not. Lines of one name and rate are summed into one tax line.
   */
  taxesOf(
    lines: TaxedLine[],
    discount: number,
    to: Destination,
    inclusive: boolean,
    at: Locale,
    shopDefault: Locale,
  ) {
    const gross = lines.reduce((sum, line) => sum + line.amount, 0);
    const byRate = new Map<string, OrderTax>();
    let shared = 0;
    lines.forEach((line, index) => {
      const share =
        index === lines.length - 1
          ? discount - shared
          : gross > 0
            ? Math.floor((discount * line.amount) / gross)
            : 0;
      shared += share;
      const rate = this.rateFor(line.taxClass, to);
      if (!rate || rate.ratePpm === 0) return;
      const base = Math.max(line.amount - share, 0);
      const scale = 100 * TAX_PPM_PER_PERCENT;
      const amount = inclusive
        ? roundHalfUp(base * rate.ratePpm, scale + rate.ratePpm)
        : roundHalfUp(base * rate.ratePpm, scale);
      const name = pickText(rate.names, at, shopDefault);
      const key = `${name}\u0000${rate.ratePpm}`;
      const kept = byRate.get(key);
      if (kept) kept.amount += amount;
      else byRate.set(key, { name, rate: rate.ratePpm / TAX_PPM_PER_PERCENT, amount });
    });
    const taxes = [...byRate.values()];
    return { taxes, taxTotal: taxes.reduce((sum, tax) => sum + tax.amount, 0) };
  }

  /** The taxes collected on the paid orders of a period, by destination (tax-report.ts). */
  report(period: TaxReportQuery, shopCurrency: string): Promise<TaxReport> {
    return taxReport(this.db, period, shopCurrency);
  }

  list(): AdminTaxRate[] {
    return this.rates.map((r) => ({
      id: r.id,
      country: r.country,
      region: r.region,
      taxClass: r.taxClass,
      names: r.names,
      rate: String(r.ratePpm / TAX_PPM_PER_PERCENT),
    }));
  }

  async save(input: TaxRateInput, audit: AuditLog, actorId: string, id?: string): Promise<void> {
    const before = id ? this.rates.find((r) => r.id === id) : undefined;
    if (id && !before) throw new AppError(Code.notFound, 'error.tax.notFound');
    await this.db.transaction(async (tx) => {
      const [country] = await tx
        .select({ code: regions.code })
        .from(regions)
        .where(and(eq(regions.code, input.country), eq(regions.level, 1)));
      if (!country) throw fieldError('country', 'validation.market.unknownCountry');
      if (input.region) {
        const [region] = await tx
          .select({ code: regions.code })
          .from(regions)
          .where(
            and(eq(regions.code, input.region), eq(regions.parentCode, input.country), eq(regions.level, 2)),
          );
        if (!region) throw fieldError('region', 'validation.tax.region');
      }
      const clash = this.rates.find(
        (r) =>
          r.id !== id &&
          r.country === input.country &&
          r.region === input.region &&
          r.taxClass === input.taxClass,
      );
      if (clash) throw fieldError('taxClass', 'validation.tax.taken');
      const row = {
        country: input.country,
        region: input.region,
        taxClass: input.taxClass,
        names: input.names,
        ratePpm: taxRatePpm(input.rate)!,
      };
      const [saved] = id
        ? await tx.update(taxRates).set(row).where(eq(taxRates.id, id)).returning()
        : await tx.insert(taxRates).values(row).returning();
      await audit.record(tx, {
        actorId,
        action: id ? 'tax_rate.update' : 'tax_rate.create',
        entity: 'tax_rate',
        entityId: saved!.id,
        ...(before ? { before } : {}),
        after: saved,
      });
    });
    await this.load();
  }

  async remove(id: string, audit: AuditLog, actorId: string): Promise<void> {
    const before = this.rates.find((r) => r.id === id);
    if (!before) throw new AppError(Code.notFound, 'error.tax.notFound');
    await this.db.transaction(async (tx) => {
      await tx.delete(taxRates).where(eq(taxRates.id, id));
      await audit.record(tx, {
        actorId,
        action: 'tax_rate.delete',
        entity: 'tax_rate',
        entityId: id,
        before,
      });
    });
    await this.load();
  }
}

/** ⌊numerator / denominator + ½⌋ for non-negative safe integers, exact (a float quotient alone can miss by one). */
function roundHalfUp(numerator: number, denominator: number): number {
  const dividend = 2 * numerator + denominator;
  const divisor = 2 * denominator;
  let quotient = Math.floor(dividend / divisor);
  const rest = dividend - quotient * divisor;
  if (rest < 0) quotient--;
  else if (rest >= divisor) quotient++;
  return quotient;
}

function fieldError(field: string, key: MessageKey): AppError {
  return new AppError(Code.validation, 'validation.invalid', { [field]: key });
}
