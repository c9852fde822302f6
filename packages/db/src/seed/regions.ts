import { allCountries } from 'country-region-data';
import type { regions } from '../schema.ts';

type RegionRow = typeof regions.$inferInsert;

/** The package writes the string "undefined" where ISO 3166-2 has no code for a region (e.g. Tokelau's atolls). */
const hasShortCode = (code: string | undefined): code is string => Boolean(code) && code !== 'undefined';

/** An ASCII code from a name, for the few regions without an ISO code: "Bird Island" → "BIRD-ISLAND". */
function codeFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const englishOrder = new Intl.Collator('en');
const byName = <T extends { name: string }>(a: T, b: T) => englishOrder.compare(a.name, b.name);

/**
 * Every country (level 1, ISO 3166-1 alpha-2 code) and its states, provinces or regions (level 2, coded
 * `BR-SP`), from the `country-region-data` package. `sort` orders siblings by English name.
 */
export function regionRows(): RegionRow[] {
  const countries = allCountries
    .map(([name, code, countryRegions]) => ({ name, code, countryRegions }))
    .sort(byName);
  return countries.flatMap((country, countryIndex) => {
    const children = country.countryRegions
      .map(([name, shortCode]) => ({
        name,
        code: `${country.code}-${hasShortCode(shortCode) ? shortCode : codeFromName(name)}`,
      }))
      .sort(byName)
      .map((region, index) => ({ ...region, parentCode: country.code, level: 2, sort: index }));
    return [
      { code: country.code, parentCode: null, name: country.name, level: 1, sort: countryIndex },
      ...children,
    ];
  });
}
