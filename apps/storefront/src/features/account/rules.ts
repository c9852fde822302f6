import { isEmail, isPhone, MIN_PASSWORD_LENGTH } from '@shop/contract';
import type { MessageKey } from '@shop/contract';

/** The spec's client-side rules (§5), as contract message keys; `undefined` when the value passes. */
export const rules = {
  email(value: string): MessageKey | undefined {
    if (!value.trim()) return 'validation.email.required';
    return isEmail(value.trim()) ? undefined : 'validation.email.invalid';
  },
  password(value: string): MessageKey | undefined {
    if (!value) return 'validation.password.required';
    return value.length < MIN_PASSWORD_LENGTH ? 'validation.password.tooShort' : undefined;
  },
  /** Any password the shopper already has: only required. */
  existingPassword(value: string): MessageKey | undefined {
    return value ? undefined : 'validation.password.required';
  },
  confirm(value: string, password: string): MessageKey | undefined {
    if (!value) return 'validation.confirm.required';
    return value === password ? undefined : 'validation.confirm.mismatch';
  },
  /** `phone` in international form (`+` and country code). */
  phone(national: string, international: string): MessageKey | undefined {
    if (!national.trim()) return 'validation.phone.required';
    return isPhone(international) ? undefined : 'validation.phone.invalid';
  },
  code(value: string): MessageKey | undefined {
    if (!value.trim()) return 'validation.code.required';
    return /^\d{6}$/.test(value.trim()) ? undefined : 'error.code.invalid';
  },
  required(value: string): MessageKey | undefined {
    return value.trim() ? undefined : 'validation.required';
  },
};
