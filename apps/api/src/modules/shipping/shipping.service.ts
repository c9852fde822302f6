import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  AppError,
  Code,
  GENERAL_SHIPPING_METHOD_ID,
  pickText,
  translate,
  type AdminShippingZone,
  type Locale,
  type MessageKey,
  type ShippingMethodOffer,
  type ShippingZoneInput,
} from '@shop/contract';
import { schema, type Db, type ShippingMethodRecord } from '@shop/db';
import { randomUUID } from 'node:crypto';
import type { PricedMarket } from '../markets/markets.service.ts';
import { freeShippingFrom, priceIn } from '../markets/priced.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import type { Destination } from '../taxes/taxes.service.ts';

const { shippingZones, shippingZonePlaces, regions } = schema;

interface Zone {
  id: string;
  names: AdminShippingZone['names'];
  places: { country: string; region: string }[];
  methods: ShippingMethodRecord[];
}

/** What decides a parcel's fee: its weight, and the order's value after discount in the market's currency. */
export interface Parcel {
  grams: number;
  value: number;
}

/** The shop's general fee and free-shipping threshold (settings), for addresses no zone covers. */
export interface GeneralShipping {
  fee: number;
  freeOver: number;
}

/**
 * Shipping zones and their methods, kept in memory (every checkout step prices them) and read again after staff
 * change them here or on another instance. Fees and band limits are kept in the shop's currency and converted
 * at the order's market rate and rounding, like prices; the free-shipping threshold is the market's own.
 */
export class ShippingService {
  private zones: Zone[] = [];
  private byPlace = new Map<string, Zone>();

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    const [zones, places] = await Promise.all([
      this.db.select().from(shippingZones).orderBy(asc(shippingZones.createdAt), asc(shippingZones.id)),
      this.db
        .select()
        .from(shippingZonePlaces)
        .orderBy(asc(shippingZonePlaces.country), asc(shippingZonePlaces.region)),
    ]);
    this.zones = zones.map((zone) => ({
      id: zone.id,
      names: zone.names,
      methods: zone.methods,
      places: places
        .filter((place) => place.zoneId === zone.id)
        .map(({ country, region }) => ({ country, region })),
    }));
    this.byPlace = new Map(
      this.zones.flatMap((zone) => zone.places.map((place) => [placeKey(place.country, place.region), zone])),
    );
  }

  /** The zone of a destination: its state's, else its country's. */
  private zoneFor(to: Destination): Zone | undefined {
    if (!to.country) return undefined;
    return (
      (to.region ? this.byPlace.get(placeKey(to.country, to.region)) : undefined) ??
      this.byPlace.get(placeKey(to.country, ''))
    );
  }

  /**
   * The methods that can take this parcel to `to`, priced in the market's currency, in the zone's order. Where no
   * zone covers the destination (or none is known yet), the shop's general fee is the one method.
   */
  offersFor(
    to: Destination,
    parcel: Parcel,
    market: PricedMarket,
    general: GeneralShipping,
    locale: Locale,
    shopDefault: Locale,
  ): ShippingMethodOffer[] {
    const freeFrom = freeShippingFrom(market, general.freeOver);
    const zone = this.zoneFor(to);
    if (!zone) {
      return [
        {
          id: GENERAL_SHIPPING_METHOD_ID,
          name: translate(locale, 'shipping.general'),
          fee: parcel.value >= freeFrom ? 0 : priceIn(market, general.fee),
          estimatedDays: null,
        },
      ];
    }
    const offers: ShippingMethodOffer[] = [];
    for (const method of zone.methods) {
      const baseFee = feeOf(method, parcel, market);
      if (baseFee === undefined) continue;
      const free = method.freeOverThreshold && parcel.value >= freeFrom;
      offers.push({
        id: method.id,
        name: pickText(method.names, locale, shopDefault),
        fee: free ? 0 : priceIn(market, baseFee),
        estimatedDays: { min: method.minDays, max: method.maxDays },
      });
    }
    return offers;
  }

  list(): AdminShippingZone[] {
    return this.zones;
  }

  /** Adds a zone, or replaces `id`'s; refuses places the shop does not know or another zone holds. */
  async save(input: ShippingZoneInput, audit: AuditLog, actorId: string, id?: string): Promise<string> {
    const before = id ? this.zones.find((zone) => zone.id === id) : undefined;
    if (id && !before) throw new AppError(Code.notFound, 'error.shipping.notFound');
    const zoneId = id ?? randomUUID();
    await this.db.transaction(async (tx) => {
      // One writer at a time: two staff saving overlapping zones at once must not both pass the checks.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shipping_zones'))`);
      const countries = [...new Set(input.places.map((place) => place.country))];
      const known = await tx
        .select({ code: regions.code })
        .from(regions)
        .where(and(inArray(regions.code, countries), eq(regions.level, 1)));
      if (known.length !== countries.length) throw fieldError('places', 'validation.market.unknownCountry');
      const states = input.places.filter((place) => place.region);
      if (states.length) {
        const knownStates = await tx
          .select({ code: regions.code, parent: regions.parentCode })
          .from(regions)
          .where(
            and(
              inArray(
                regions.code,
                states.map((place) => place.region),
              ),
              eq(regions.level, 2),
            ),
          );
        const fits = states.every((place) =>
          knownStates.some((state) => state.code === place.region && state.parent === place.country),
        );
        if (!fits) throw fieldError('places', 'validation.tax.region');
      }
      const held = await tx
        .select({ zoneId: shippingZonePlaces.zoneId })
        .from(shippingZonePlaces)
        .where(
          or(
            ...input.places.map((place) =>
              and(eq(shippingZonePlaces.country, place.country), eq(shippingZonePlaces.region, place.region)),
            ),
          ),
        );
      if (held.some((place) => place.zoneId !== zoneId)) {
        throw fieldError('places', 'validation.shipping.placeTaken');
      }
      const keptIds = new Set(before?.methods.map((method) => method.id));
      const methods: ShippingMethodRecord[] = input.methods.map((method) => ({
        ...method,
        // An id the zone does not have is not taken over: it may be another zone's method.
        id: method.id && keptIds.has(method.id) ? method.id : randomUUID(),
        bands: method.pricing === 'flat' ? [] : method.bands,
        fee: method.pricing === 'flat' ? method.fee : 0,
      }));
      const row = { names: input.names, methods };
      if (id) {
        await tx.update(shippingZones).set(row).where(eq(shippingZones.id, id));
        await tx.delete(shippingZonePlaces).where(eq(shippingZonePlaces.zoneId, id));
      } else {
        await tx.insert(shippingZones).values({ id: zoneId, ...row });
      }
      await tx.insert(shippingZonePlaces).values(input.places.map((place) => ({ ...place, zoneId })));
      await audit.record(tx, {
        actorId,
        action: id ? 'shipping_zone.update' : 'shipping_zone.create',
        entity: 'shipping_zone',
        entityId: zoneId,
        ...(before ? { before } : {}),
        after: { ...row, places: input.places },
      });
    });
    await this.load();
    return zoneId;
  }

  async remove(id: string, audit: AuditLog, actorId: string): Promise<void> {
    const before = this.zones.find((zone) => zone.id === id);
    if (!before) throw new AppError(Code.notFound, 'error.shipping.notFound');
    await this.db.transaction(async (tx) => {
      await tx.delete(shippingZones).where(eq(shippingZones.id, id));
      await audit.record(tx, {
        actorId,
        action: 'shipping_zone.delete',
        entity: 'shipping_zone',
        entityId: id,
        before,
      });
    });
    await this.load();
  }
}

/**
 * A method's fee for a parcel in the shop's currency, before the free-shipping threshold; undefined when the
 * parcel is beyond its last band. Value bands are compared in the market's currency (a limit at the market's rate
 * and rounding), so a shopper's order value is never converted back.
 */
function feeOf(method: ShippingMethodRecord, parcel: Parcel, market: PricedMarket): number | undefined {
  if (method.pricing === 'flat') return method.fee;
  const measure = method.pricing === 'weight' ? parcel.grams : parcel.value;
  const limitOf = (upTo: number) => (method.pricing === 'weight' ? upTo : priceIn(market, upTo));
  return method.bands.find((band) => band.upTo === null || measure <= limitOf(band.upTo))?.fee;
}

function placeKey(country: string, region: string): string {
  return `${country} ${region}`;
}

function fieldError(field: string, key: MessageKey): AppError {
  return new AppError(Code.validation, 'validation.invalid', { [field]: key });
}
