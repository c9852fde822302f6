import { isValidPhoneNumber } from 'libphonenumber-js/min';

/**
 * A phone number in international form (`+` and country code), as libphonenumber-js understands it. Apart from
 * field-checks.ts because its metadata is 29 KB gzip: a page whose form asks only for an email does not load it.
 */
export function isPhone(value: string): boolean {
  return value.length <= 32 && isValidPhoneNumber(value);
}
