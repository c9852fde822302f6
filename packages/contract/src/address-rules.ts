import { isValidCpf } from '@brazilian-utils/brazilian-utils/is-valid-cpf';
import type { ShopperMessageKey } from './shopper-messages.ts';

/**
 * Postcode and CPF rules of an address by its country (the first region code), shared by the address schema
 * (server) and the address form (storefront) so both say the same. zod-free: the form's page loads no zod.
 */
export const postcodeFormats: Readonly<Record<string, { pattern: RegExp; example: string }>> = {
  /** CEP: 8 digits, written 00000-000. */
  BR: { pattern: /^\d{5}-\d{3}$/, example: '01310-100' },
  /** ZIP or ZIP+4. */
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '94103' },
  /** 邮政编码: 6 digits. */
  CN: { pattern: /^\d{6}$/, example: '518000' },
  /** 郵遞區號: 3 digits, or 5 (3+2). */
  TW: { pattern: /^\d{3}(\d{2})?$/, example: '100' },
};

/** Countries whose addresses need a postcode: couriers route by it. */
export const postcodeRequired: ReadonlySet<string> = new Set(['BR', 'US', 'CN', 'TW']);

/** The message for a postcode not valid in `country`, or undefined when it is fine. */
export function postcodeProblem(
  country: string | undefined,
  postcode: string,
): ShopperMessageKey | undefined {
  const format = country ? postcodeFormats[country] : undefined;
  if (!format) return undefined;
  if (postcode === '')
    return postcodeRequired.has(country!) ? `validation.postcode.${country as 'BR'}` : undefined;
  return format.pattern.test(postcode) ? undefined : `validation.postcode.${country as 'BR'}`;
}

/** The CPF (Brazil's taxpayer number) is optional, only for Brazil, and checked by its two check digits. */
export function cpfProblem(country: string | undefined, cpf: string): ShopperMessageKey | undefined {
  if (cpf === '') return undefined;
  if (country !== 'BR') return 'validation.cpf.onlyBrazil';
  return /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/.test(cpf) && isValidCpf(cpf) ? undefined : 'validation.cpf';
}

/** A CPF as stored and shown: 000.000.000-00. */
export function formatCpf(cpf: string): string {
  const digits = cpf.replace(/\D/g, '');
  return digits.length === 11
    ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
    : cpf;
}
