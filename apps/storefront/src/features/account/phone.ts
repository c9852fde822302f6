import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CountryCode } from 'libphonenumber-js/min';
import { isPhone, type ShopperMessageKey } from '@shop/contract';

export interface CountryChoice {
  code: CountryCode;
  label: string;
}

/** Every country or region with its calling code, named and sorted in the page's language. */
export function countryChoices(locale: string): CountryChoice[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ code, name }) => ({ code, label: `+${getCountryCallingCode(code)} ${name}` }));
}

/** The country a locale's region names (`pt-BR` → BR), the phone field's first choice. */
export function defaultCountry(locale: string): CountryCode {
  const region = locale.split('-')[1] ?? '';
  return (getCountries() as string[]).includes(region) ? (region as CountryCode) : 'CN';
}

/** The number in international form (`+5511…`), as the server stores and checks it. */
export function toInternational(country: string, national: string): string {
  const text = national.trim();
  const parsed = parsePhoneNumberFromString(text, country as CountryCode);
  if (parsed) return parsed.number;
  const digits = text.replace(/[^\d]/g, '');
  return text.startsWith('+') ? `+${digits}` : `+${getCountryCallingCode(country as CountryCode)}${digits}`;
}

/** A stored number (`+5511…`) as people write it (`+55 11 91234 5678`); the stored form when unparseable. */
export function formatPhone(international: string): string {
  return parsePhoneNumberFromString(international)?.formatInternational() ?? international;
}

/**
 * The spec's phone rule (§5) for `national` as typed and its `international` form (`+` and country code). Here
 * rather than in rules.ts with the other rules: it needs libphonenumber's metadata, which the forms without a
 * phone field do not download.
 */
export function phoneProblem(national: string, international: string): ShopperMessageKey | undefined {
  if (!national.trim()) return 'validation.phone.required';
  return isPhone(international) ? undefined : 'validation.phone.invalid';
}
