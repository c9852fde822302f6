import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  AppError,
  Code,
  currencyDecimals,
  pickText,
  RATE_SCALE,
  rateMillionths,
  rateText,
  type AdminMarket,
  type Locale,
  type Market,
  type MarketInput,
  type MarketRounding,
  type MessageKey,
  type PriceConversion,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { AuditLog } from '../staff/audit-log.ts';

const { markets, marketCountries, regions } = schema;

/** A market as prices need it: its code, currency and how base prices become its prices. */
export interface PricedMarket {
  code: string;
  currency: string;
  /** Whether its prices include its taxes (else taxes are added at checkout). */
  taxInclusive: boolean;
  conversion: PriceConversion;
  /** Its own free-shipping threshold in its currency, or null for the shop's general one at its rate. */
  freeShippingOver: number | null;
}

interface StoredMarket {
  code: string;
  names: AdminMarket['names'];
  currency: string;
  countries: string[];
  taxInclusive: boolean;
  defaultLocale: Locale;
  rateMillionths: number;
  rounding: MarketRounding;
  freeShippingOver: number | null;
  position: number;
}

/** The country a language is usually spoken for: a shopper's market before they choose one or give an address. */
const USUAL_COUNTRY: Record<Locale, string> = { 'en-US': 'US', 'pt-BR': 'BR', 'zh-CN': 'CN', 'zh-TW': 'TW' };

/**
 * The shop's markets, kept in memory (every priced reply needs the shopper's), read again after staff change
 * them here or on another instance. A market converts the shop's base prices into its currency by its rate and
 * rounding (packages/contract market-prices.ts); the shop's own market is the one in the shop's currency at rate 1.
 */
export class MarketsService {
  private all: StoredMarket[] = [];
  private byCode = new Map<string, PricedMarket>();
  private byCountry = new Map<string, string>();
  private fallback!: PricedMarket;

  constructor(
    private readonly db: Db,
    /** The shop's currency (settings): prices are kept in it. */
    private readonly baseCurrency: () => string,
  ) {}

  async load(): Promise<void> {
    const rows = await this.db.select().from(markets).orderBy(asc(markets.position), asc(markets.code));
    const countries = await this.db.select().from(marketCountries).orderBy(asc(marketCountries.country));
    this.all = rows.map((row) => ({
      ...row,
      countries: countries.filter((c) => c.market === row.code).map((c) => c.country),
    }));
    this.index();
  }

  /** Rebuilds the lookups; also after the shop's currency changed, which changes every conversion's base. */
  index(): void {
    const baseCurrency = this.baseCurrency();
    const baseDecimals = currencyDecimals(baseCurrency);
    this.byCode = new Map(
      this.all.map((m) => [
        m.code,
        {
          code: m.code,
          currency: m.currency,
          taxInclusive: m.taxInclusive,
          conversion: {
            rateMillionths: m.rateMillionths,
            baseDecimals,
            decimals: currencyDecimals(m.currency),
            rounding: m.rounding,
          },
          freeShippingOver: m.freeShippingOver,
        },
      ]),
    );
    this.byCountry = new Map(this.all.flatMap((m) => m.countries.map((country) => [country, m.code])));
    const base = this.all.find((m) => this.isBase(m));
    this.fallback = (base && this.byCode.get(base.code)) ?? {
      code: '',
      currency: baseCurrency,
      taxInclusive: false,
      conversion: { rateMillionths: RATE_SCALE, baseDecimals, decimals: baseDecimals, rounding: 'none' },
      freeShippingOver: null,
    };
  }

  private isBase(market: StoredMarket): boolean {
    return (
      market.currency === this.baseCurrency() &&
      market.rateMillionths === RATE_SCALE &&
      market.rounding === 'none'
    );
  }

  /** The shop's own market: prices as stored. */
  base(): PricedMarket {
    return this.fallback;
  }

  /** The market `code` names, else the usual one for `locale`'s country, else the shop's own. */
  resolve(code: string | undefined, locale: Locale): PricedMarket {
    return (code && this.byCode.get(code)) || this.forCountry(USUAL_COUNTRY[locale]) || this.fallback;
  }

  /** The market selling to `country`, if any does. */
  forCountry(country: string | undefined): PricedMarket | undefined {
    const code = country && this.byCountry.get(country);
    return code ? this.byCode.get(code) : undefined;
  }

  /** The currencies markets sell in other than the shop's own: those a SKU may have its own prices in. */
  otherCurrencies(): Set<string> {
    const own = this.baseCurrency();
    return new Set(this.all.map((m) => m.currency).filter((currency) => currency !== own));
  }

  known(code: string): boolean {
    return this.byCode.has(code);
  }

  list(locale: Locale, shopDefault: Locale): Market[] {
    return this.all.map((m) => ({
      code: m.code,
      name: pickText(m.names, locale, shopDefault),
      currency: m.currency,
      countries: m.countries,
      taxInclusive: m.taxInclusive,
      defaultLocale: m.defaultLocale,
    }));
  }

  listForStaff(locale: Locale, shopDefault: Locale): AdminMarket[] {
    const listed = this.list(locale, shopDefault);
    return this.all.map((m, i) => ({
      ...listed[i]!,
      names: m.names,
      exchangeRate: rateText(m.rateMillionths),
      rounding: m.rounding,
      freeShippingOver: m.freeShippingOver,
      base: this.isBase(m),
    }));
  }

  /** Remembers a signed-in shopper's choice, so that it follows them to other browsers. */
  async rememberChoice(userId: string, code: string): Promise<void> {
    await this.db.update(schema.users).set({ market: code }).where(eq(schema.users.id, userId));
  }

  async choiceOf(userId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ market: schema.users.market })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    return row?.market && this.known(row.market) ? row.market : undefined;
  }

  /** Adds a market, or replaces `replacing`'s; refuses countries the shop does not know or another market holds. */
  async save(input: MarketInput, audit: AuditLog, actorId: string, replacing?: string): Promise<void> {
    const before = replacing ? this.all.find((m) => m.code === replacing) : undefined;
    if (replacing && !before) throw new AppError(Code.notFound, 'error.market.notFound');
    await this.db.transaction(async (tx) => {
      // One writer at a time: two staff saving overlapping markets at once must not both pass the checks.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('markets'))`);
      if (input.code !== replacing) {
        const [taken] = await tx
          .select({ code: markets.code })
          .from(markets)
          .where(eq(markets.code, input.code));
        if (taken) throw fieldError('code', 'validation.market.codeTaken');
      }
      const known = await tx
        .select({ code: regions.code })
        .from(regions)
        .where(and(inArray(regions.code, input.countries), eq(regions.level, 1)));
      if (known.length !== input.countries.length)
        throw fieldError('countries', 'validation.market.unknownCountry');
      const held = await tx
        .select({ country: marketCountries.country })
        .from(marketCountries)
        .where(
          and(
            inArray(marketCountries.country, input.countries),
            replacing ? ne(marketCountries.market, replacing) : undefined,
          ),
        );
      if (held.length > 0) throw fieldError('countries', 'validation.market.countryTaken');
      const row = {
        code: input.code,
        names: input.names,
        currency: input.currency,
        taxInclusive: input.taxInclusive,
        defaultLocale: input.defaultLocale,
        rateMillionths: rateMillionths(input.exchangeRate)!,
        rounding: input.rounding,
        freeShippingOver: input.freeShippingOver,
      };
      if (replacing) {
        await tx.update(markets).set(row).where(eq(markets.code, replacing));
        await tx.delete(marketCountries).where(eq(marketCountries.market, input.code));
      } else {
        const [last] = await tx
          .select({ position: sql<number>`coalesce(max(${markets.position}), -1)::int` })
          .from(markets);
        await tx.insert(markets).values({ ...row, position: (last?.position ?? -1) + 1 });
      }
      await tx
        .insert(marketCountries)
        .values(input.countries.map((country) => ({ country, market: input.code })));
      await audit.record(tx, {
        actorId,
        action: replacing ? 'market.update' : 'market.create',
        entity: 'market',
        entityId: input.code,
        ...(before ? { before } : {}),
        after: input,
      });
    });
    await this.load();
  }

  async remove(code: string, audit: AuditLog, actorId: string): Promise<void> {
    const market = this.all.find((m) => m.code === code);
    if (!market) throw new AppError(Code.notFound, 'error.market.notFound');
    if (this.isBase(market)) throw new AppError(Code.refused, 'error.market.base');
    await this.db.transaction(async (tx) => {
      await tx.delete(markets).where(eq(markets.code, code));
      await audit.record(tx, {
        actorId,
        action: 'market.delete',
        entity: 'market',
        entityId: code,
        before: market,
      });
    });
    await this.load();
  }
}

function fieldError(field: string, key: MessageKey): AppError {
  return new AppError(Code.validation, 'validation.invalid', { [field]: key });
}
