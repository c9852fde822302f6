import { describe, expect, it } from 'vitest';
import { defaultCountry, formatPhone, toInternational } from './phone.ts';

describe('phone numbers', () => {
  it('puts the country code in front of a national number', () => {
    expect(toInternational('CN', '138 1234 5678')).toBe('+8613812345678');
    expect(toInternational('BR', '(11) 91234-5678')).toBe('+5511912345678');
    expect(toInternational('GB', '07911 123456')).toBe('+447911123456');
  });

  it('keeps a number typed in international form', () => {
    expect(toInternational('CN', '+1 415 555 2671')).toBe('+14155552671');
  });

  it('picks the country of the locale', () => {
    expect(defaultCountry('pt-BR')).toBe('BR');
    expect(defaultCountry('zh-TW')).toBe('TW');
    expect(defaultCountry('en')).toBe('CN');
  });

  it('shows a stored number grouped as people write it', () => {
    expect(formatPhone('+8613812345678')).toBe('+86 138 1234 5678');
    expect(formatPhone('not a number')).toBe('not a number');
  });
});
