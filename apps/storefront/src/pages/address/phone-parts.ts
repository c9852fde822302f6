import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored number (`+5511987654321`) as the phone field edits it: the country and the national number. A
 * number that cannot be read keeps its text, under `fallbackCountry`.
 */
export function splitPhone(
  international: string,
  fallbackCountry: string,
): { country: string; national: string } {
  const parsed = parsePhoneNumberFromString(international);
  if (parsed?.country) return { country: parsed.country, national: parsed.nationalNumber };
  return { country: fallbackCountry, national: international };
}
