import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import type { MessageKey } from './messages.ts';

/** Spec §9. */
export const MIN_PASSWORD_LENGTH = 6;

/**
 * Zod messages are message keys; the server translates them per request and the storefront per page, so the
 * rule and its text are defined once, here.
 */
const msg = (key: MessageKey) => ({ error: key });
/** A failed presence check stops the field's other checks: "required" is the one message that helps. */
const stop = (key: MessageKey) => ({ error: key, abort: true });

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

const requiredString = (key: MessageKey, max = 200) =>
  z.string(msg(key)).trim().min(1, stop(key)).max(max, stop('validation.tooLong'));

export const emailField = requiredString('validation.email.required', 254).refine(
  isEmail,
  msg('validation.email.invalid'),
);
export const phoneField = requiredString('validation.phone.required', 32).refine(
  isPhone,
  msg('validation.phone.invalid'),
);
export const passwordField = z
  .string(msg('validation.password.required'))
  .min(1, stop('validation.password.required'))
  .min(MIN_PASSWORD_LENGTH, msg('validation.password.tooShort'))
  .max(128, msg('validation.tooLong'));
export const confirmField = z
  .string(msg('validation.confirm.required'))
  .min(1, stop('validation.confirm.required'))
  .max(128, msg('validation.tooLong'));
export const verificationCodeField = requiredString('validation.code.required', 6).regex(
  /^\d{6}$/,
  msg('error.code.invalid'),
);

/** Ids are opaque strings to clients; the server issues UUIDs. */
export const idField = z.string(msg('validation.id')).uuid(msg('validation.id'));

/**
 * A whole number from a query string. Query values arrive as strings (or arrays, objects with `qs`), so
 * anything but plain digits is refused rather than coerced.
 */
export function intParam(min: number, max: number) {
  return z
    .string(msg('validation.integer'))
    .regex(/^\d{1,12}$/, msg('validation.integer'))
    .transform(Number)
    .pipe(z.number().int().min(min, msg('validation.outOfRange')).max(max, msg('validation.outOfRange')));
}

export function textParam(max: number) {
  return z.string(msg('validation.invalid')).trim().max(max, msg('validation.tooLong'));
}

/** Adds the "confirm must equal password" rule to a schema holding both. */
export function withConfirmedPassword<T extends z.ZodType<{ password: string; confirm: string }>>(schema: T) {
  return schema.refine((v) => v.password === v.confirm, {
    path: ['confirm'],
    ...msg('validation.confirm.mismatch'),
  });
}
