import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../locale.ts';
import {
  confirmField,
  emailField,
  passwordField,
  phoneField,
  textParam,
  verificationCodeField,
  withConfirmedPassword,
} from '../validation.ts';

export const registerBodySchema = withConfirmedPassword(
  z.strictObject({
    email: emailField,
    password: passwordField,
    confirm: confirmField,
    phone: phoneField,
    code: verificationCodeField,
  }),
);
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const verificationCodeBodySchema = z.strictObject({ phone: phoneField });

export const loginBodySchema = z.strictObject({
  /** Email or phone. */
  account: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(254, { error: 'validation.tooLong' }),
  password: z
    .string({ error: 'validation.password.required' })
    .min(1, { error: 'validation.password.required' })
    .max(128, { error: 'validation.tooLong' }),
});

export const tokenBodySchema = z.strictObject({
  token: z.string({ error: 'validation.invalid' }).min(1).max(200, { error: 'validation.tooLong' }),
});

/**
 * What an activation link did: activated the account now, or found it already active (the link was used before,
 * or the account became active another way), so the shopper can go on to log in either way.
 */
export const activationSchema = z.object({ email: z.string(), alreadyActive: z.boolean() });
export type Activation = z.infer<typeof activationSchema>;

export const resendActivationBodySchema = z.strictObject({
  email: emailField,
  password: z.string({ error: 'validation.password.required' }).min(1).max(128),
  newEmail: emailField.optional(),
});

export const forgetBodySchema = z.strictObject({ email: emailField });

export const resetPasswordBodySchema = withConfirmedPassword(
  z.strictObject({
    token: z.string({ error: 'validation.invalid' }).min(1).max(200),
    password: passwordField,
    confirm: confirmField,
  }),
);

export const editPasswordBodySchema = withConfirmedPassword(
  z.strictObject({
    oldPassword: z
      .string({ error: 'validation.password.required' })
      .min(1, { error: 'validation.password.required' })
      .max(128),
    password: passwordField,
    confirm: confirmField,
  }),
);

export const genderValues = ['unspecified', 'female', 'male', 'other'] as const;

export const editUserBodySchema = z.strictObject({
  nickname: textParam(40).optional(),
  /** An image the shop stores (uploaded with the avatar endpoint), or '' for none. */
  avatar: z
    .string()
    .regex(/^(\/media\/[a-z0-9]{8,64}\.(png|jpg|webp|svg))?$/, { error: 'validation.invalid' })
    .optional(),
  gender: z.enum(genderValues, { error: 'validation.invalid' }).optional(),
  birthday: z.iso.date({ error: 'validation.invalid' }).nullable().optional(),
});

/**
 * `PUT /v1/home/users/me/locale`: the language the signed-in shopper chose in the storefront, which the shop's mails
 * to them are then written in (registration and each login set it too).
 */
export const userLocaleBodySchema = z.strictObject({
  locale: z.enum(SUPPORTED_LOCALES, { error: 'validation.invalid' }),
});
export const userLocaleSchema = z.object({ locale: z.enum(SUPPORTED_LOCALES) });
export type UserLocale = z.infer<typeof userLocaleSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  phone: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  gender: z.enum(genderValues),
  birthday: z.string().nullable(),
  activated: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
