import { describe, expect, it } from 'vitest';
import { toInternational } from '../../features/account/phone.ts';
import { splitPhone } from './phone-parts.ts';

describe('splitting a stored phone number for editing', () => {
  it('finds the country and the national number', () => {
    expect(splitPhone('+5511987654321', 'CN')).toEqual({ country: 'BR', national: '11987654321' });
    expect(splitPhone('+8613912345678', 'US')).toEqual({ country: 'CN', national: '13912345678' });
  });

  it('gives back what the phone field would send', () => {
    const { country, national } = splitPhone('+14155550132', 'CN');
    expect(toInternational(country, national)).toBe('+14155550132');
  });

  it('keeps an unreadable number as it is', () => {
    expect(splitPhone('12', 'PT')).toEqual({ country: 'PT', national: '12' });
  });
});
