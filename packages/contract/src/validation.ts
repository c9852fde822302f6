import './zod-in-browsers.ts';
import { z } from 'zod';
import { isEmail, MIN_PASSWORD_LENGTH } from './field-checks.ts';
import { isPhone } from './phone-check.ts';
import type { MessageKey } from './messages.ts';

/**
 * Zod messages are message keys; the server translates them per request and the storefront per page, so the
 * rule and its text are defined once, here.
 */
const msg = (key: MessageKey) => ({ error: key });
/** A failed presence check stops the field's other checks: "required" is the one message that helps. */
const stop = (key: MessageKey) => ({ error: key, abort: true });

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

/**
 * A change body whose fields are all optional must still change something: `{}` is refused with code 1 (it used
 * to reach the database as an update of nothing).
 */
export function changingSomething<T extends z.ZodType<object>>(schema: T) {
  return schema.refine((value) => Object.values(value).some((field) => field !== undefined), {
    path: ['body'],
    ...msg('validation.body.nothingToChange'),
  });
}
