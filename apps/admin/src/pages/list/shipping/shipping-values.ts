import { AppError } from '@shop/contract';
import type {
  AdminShippingMethod,
  AdminShippingZone,
  Locale,
  ShippingPricing,
  ShippingZoneInputBody,
} from '@shop/contract';
import { cleanTexts } from '../../../features/catalog/localized-fields.tsx';
import { toMajor, toMinor } from '../../../features/shop/money.ts';

/**
 * One band as the inputs hold it: `upTo` in grams (weight) or in the shop currency's major units (value), empty
 * for "and above" (the last band only); `fee` in major units.
 */
export interface BandFormValues {
  upTo: number | null;
  fee: number | null;
}

/** A method as the inputs hold it: money in the shop currency's major units, empty numbers as null. */
export interface MethodFormValues {
  /** An existing method's id, sent back so that it keeps it. */
  id?: string;
  names: Partial<Record<Locale, string>>;
  pricing: ShippingPricing;
  /** A flat method's fee; kept while another pricing is chosen, but only sent for a flat one. */
  fee: number | null;
  /** A banded method's bands; kept while `flat` is chosen, but only sent for a banded one. */
  bands: BandFormValues[];
  freeOverThreshold: boolean;
  minDays: number | null;
  maxDays: number | null;
}

/** A country, and one of its states or provinces or `''` for the whole country. */
export interface PlaceFormValues {
  country: string | undefined;
  region: string;
}

/** The add/edit form's values: what `ShippingZoneInputBody` needs, as the inputs hold it. */
export interface ZoneFormValues {
  names: Partial<Record<Locale, string>>;
  places: PlaceFormValues[];
  methods: MethodFormValues[];
}

/** A new method: one fee, free from the market's threshold, fee and days still to be typed. */
export function newMethod(): MethodFormValues {
  return {
    names: {},
    pricing: 'flat',
    fee: null,
    bands: [],
    freeOverThreshold: true,
    minDays: null,
    maxDays: null,
  };
}

export function newPlace(): PlaceFormValues {
  return { country: undefined, region: '' };
}

/** A band limit as typed: grams stay grams, a value limit is money in major units. */
function limitToForm(upTo: number | null, pricing: ShippingPricing, currency: string): number | null {
  if (upTo === null) return null;
  return pricing === 'value' ? toMajor(upTo, currency) : upTo;
}

function limitToBody(upTo: number | null, pricing: ShippingPricing, currency: string): number | null {
  if (upTo === null || upTo === undefined) return null;
  return pricing === 'value' ? toMinor(upTo, currency) : Math.round(upTo);
}

function methodToForm(method: AdminShippingMethod, currency: string): MethodFormValues {
  return {
    id: method.id,
    names: method.names,
    pricing: method.pricing,
    fee: method.pricing === 'flat' ? toMajor(method.fee, currency) : null,
    bands: method.bands.map((band) => ({
      upTo: limitToForm(band.upTo, method.pricing, currency),
      fee: toMajor(band.fee, currency),
    })),
    freeOverThreshold: method.freeOverThreshold,
    minDays: method.minDays,
    maxDays: method.maxDays,
  };
}

/** The form's starting values: the zone's, or a new zone's (one place and one method to fill in). */
export function toFormValues(zone: AdminShippingZone | null, currency: string): ZoneFormValues {
  if (!zone) return { names: {}, places: [newPlace()], methods: [newMethod()] };
  return {
    names: zone.names,
    places: zone.places.map((place) => ({ country: place.country, region: place.region })),
    methods: zone.methods.map((method) => methodToForm(method, currency)),
  };
}

/**
 * The bands a method shows after its pricing changed to `pricing`: a banded method starts with one open band
 * ("any weight", "any value") to fill in, so that it is never sent without bands; existing bands stay.
 */
export function bandsFor(pricing: ShippingPricing, bands: BandFormValues[] | undefined): BandFormValues[] {
  if (pricing === 'flat' || (bands && bands.length > 0)) return bands ?? [];
  return [{ upTo: null, fee: null }];
}

/** The body of `POST`/`PUT /v1/admin/shipping-zones`; amounts in minor units of the shop's `currency`. */
export function toBody(values: ZoneFormValues, currency: string): ShippingZoneInputBody {
  return {
    names: cleanTexts(values.names),
    places: (values.places ?? []).map((place) => ({
      country: place.country ?? '',
      region: place.region ?? '',
    })),
    methods: (values.methods ?? []).map((method) => {
      const flat = method.pricing === 'flat';
      return {
        ...(method.id ? { id: method.id } : {}),
        names: cleanTexts(method.names),
        pricing: method.pricing,
        fee: flat ? toMinor(method.fee ?? 0, currency) : 0,
        bands: flat
          ? []
          : (method.bands ?? []).map((band) => ({
              upTo: limitToBody(band.upTo, method.pricing, currency),
              fee: toMinor(band.fee ?? 0, currency),
            })),
        freeOverThreshold: method.freeOverThreshold,
        minDays: method.minDays ?? 0,
        maxDays: method.maxDays ?? 0,
      };
    }),
  };
}

/**
 * Whether a band's limit may stand where it is: the last band may be open, every other needs a limit above the
 * band before it (the API's rule, checked before sending so the message shows at once).
 */
export function isBandLimitValid(bands: readonly BandFormValues[], index: number): boolean {
  const band = bands[index];
  if (!band) return true;
  const last = index === bands.length - 1;
  if (band.upTo === null || band.upTo === undefined) return last;
  const previous = bands[index - 1];
  if (!previous) return true;
  return previous.upTo !== null && previous.upTo !== undefined && band.upTo > previous.upTo;
}

/**
 * The API's field names as the form's: a message about all the names of the zone or of a method (none given)
 * goes under the name in the shop's default language; one about a single place as a whole (`places.2`) or about
 * all of a method's bands goes with the list it belongs to. The rest (`places.0.country`,
 * `methods.1.bands.0.upTo`, `methods.0.maxDays`) are the form's own names already.
 */
export function serverFields(error: unknown, shopDefault: Locale): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const rename = (name: string) =>
    name
      .replace(/^names$/, `names.${shopDefault}`)
      .replace(/^(methods\.\d+\.names)$/, `$1.${shopDefault}`)
      .replace(/^places\.\d+$/, 'places')
      .replace(/^(methods\.\d+\.bands)\.\d+$/, '$1');
  const fields: Record<string, string> = {};
  for (const [name, text] of Object.entries(error.fields)) fields[rename(name)] ??= text;
  return new AppError(error.code, error.message, fields, error.httpStatus);
}
