import { isEmail, MIN_PASSWORD_LENGTH } from '@shop/contract';
import type { ShopperMessageKey } from '@shop/contract';

/** The spec's client-side rules (§5), as contract message keys; `undefined` when the value passes. */
export const rules = {
  email(value: string): ShopperMessageKey | undefined {
    if (!value.trim()) return 'validation.email.required';
    return isEmail(value.trim()) ? undefined : 'validation.email.invalid';
  },
  password(value: string): ShopperMessageKey | undefined {
    if (!value) return 'validation.password.required';
    return value.length < MIN_PASSWORD_LENGTH ? 'validation.password.tooShort' : undefined;
  },
  /** Any password the shopper already has: only required. */
  existingPassword(value: string): ShopperMessageKey | undefined {
    return value ? undefined : 'validation.password.required';
  },
  confirm(value: string, password: string): ShopperMessageKey | undefined {
    if (!value) return 'validation.confirm.required';
    return value === password ? undefined : 'validation.confirm.mismatch';
  },
  code(value: string): ShopperMessageKey | undefined {
    if (!value.trim()) return 'validation.code.required';
    return /^\d{6}$/.test(value.trim()) ? undefined : 'error.code.invalid';
  },
  required(value: string): ShopperMessageKey | undefined {
    return value.trim() ? undefined : 'validation.required';
  },
};
