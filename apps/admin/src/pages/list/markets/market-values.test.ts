import { describe, expect, it } from 'vitest';
import { AppError, Code } from '@shop/contract';
import type { AdminMarket } from '@shop/contract';
import { isRate, normalizeRate, serverFields, toBody, toFormValues } from './market-values.ts';

const brazil: AdminMarket = {
  code: 'BR',
  name: 'Brazil',
  names: { 'en-US': 'Brazil', 'pt-BR': 'Brasil' },
  currency: 'BRL',
  countries: ['BR'],
  taxInclusive: true,
  defaultLocale: 'pt-BR',
  exchangeRate: '5.4',
  rounding: 'ninety',
  freeShippingOver: 29_990,
  base: false,
};

describe('the market form', () => {
  it('starts a new market with taxes included, the shop language and no rounding', () => {
    expect(toFormValues(null, 'zh-CN')).toEqual({
      code: '',
      names: {},
      currency: undefined,
      countries: [],
      taxInclusive: true,
      defaultLocale: 'zh-CN',
      exchangeRate: '',
      rounding: 'none',
      freeShippingOver: null,
    });
  });

  it("sends a market's values back as they were when nothing is changed", () => {
    const { name: _name, base: _base, ...input } = brazil;
    expect(toBody(toFormValues(brazil, 'en-US'))).toEqual(input);
  });

  it("keeps the market's own free-shipping threshold in its currency, and none when cleared", () => {
    const values = toFormValues(brazil, 'en-US');
    expect(values.freeShippingOver).toBe(299.9);
    expect(toBody({ ...values, freeShippingOver: 150 }).freeShippingOver).toBe(15_000);
    expect(toBody({ ...values, freeShippingOver: null }).freeShippingOver).toBeNull();
  });

  it('takes a rate written with a decimal comma, trims the code and drops blank names', () => {
    const body = toBody({
      ...toFormValues(null, 'en-US'),
      code: ' jp ',
      names: { 'en-US': ' Japan ', 'pt-BR': '  ' },
      currency: 'JPY',
      countries: ['JP'],
      exchangeRate: ' 151,25 ',
    });
    expect(body).toMatchObject({ code: 'JP', names: { 'en-US': 'Japan' }, exchangeRate: '151.25' });
  });

  it('accepts rates above zero with at most six decimals, as the API does', () => {
    expect(normalizeRate('5,4')).toBe('5.4');
    expect(['5.4', '0,1385', '151.25', '1'].map(isRate)).toEqual([true, true, true, true]);
    expect(['', '0', '0.0', '-1', '1.1234567', 'abc', '1e3', undefined].map(isRate)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("puts the server's messages under the form's fields", () => {
    const error = new AppError(Code.validation, 'Invalid value.', {
      names: 'This field is required.',
      'countries.1': 'Use a two-letter country code, such as BR.',
      exchangeRate: 'Enter a rate above zero.',
    });
    const mapped = serverFields(error, 'pt-BR') as AppError;
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped.code).toBe(Code.validation);
    expect(mapped.fields).toEqual({
      'names.pt-BR': 'This field is required.',
      countries: 'Use a two-letter country code, such as BR.',
      exchangeRate: 'Enter a rate above zero.',
    });
    const other = new Error('offline');
    expect(serverFields(other, 'en-US')).toBe(other);
  });
});
