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

/**
 * The strength meter's labels (spec §5: strong, medium, too short) and "too easy to guess", which the server
 * refuses like "too short". Rated by `ratePassword` (password-rating.ts, loaded lazily: its dictionaries are large).
 */
export type PasswordStrength = 'strong' | 'medium' | 'weak' | 'tooShort';

/** A member of staff's own words, which their password must not lean on (`ratePassword`'s `userInputs`): email, its name part, phone, nickname. */
export function staffPasswordInputs(member: {
  email: string;
  phone?: string | null;
  nickname?: string;
}): string[] {
  const email = member.email.toLowerCase();
  return [email, email.split('@')[0] ?? '', member.phone ?? '', member.nickname ?? ''];
}
