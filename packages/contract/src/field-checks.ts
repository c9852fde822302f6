import { isValidPhoneNumber } from 'libphonenumber-js/min';

/*
 * Checks of single values, for the forms and for the schemas of validation.ts. This module holds no zod schema, so
 * that a form importing a check does not load zod (schemas built at a module's top level cannot be shaken off).
 */

/** Spec §9. */
export const MIN_PASSWORD_LENGTH = 6;

// The WHATWG rule browsers use for <input type=email>, so the form and the server never disagree.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** A phone number in international form (`+` and country code), as libphonenumber-js understands it. */
export function isPhone(value: string): boolean {
  return value.length <= 32 && isValidPhoneNumber(value);
}

export type PasswordStrength = 'strong' | 'medium' | 'tooShort';

/**
 * The strength meter's three labels (spec §5). Length and variety only; whether a password is easily guessed
 * is decided on the server against a dictionary.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((re) => re.test(password)).length;
  return password.length >= 10 && classes >= 3 ? 'strong' : 'medium';
}
