import { describe, expect, it } from 'vitest';
import { AppError, Code } from '@shop/contract';
import type { AdminTaxRate } from '@shop/contract';
import {
  isPercent,
  normalizePercent,
  percentText,
  serverFields,
  toBody,
  toFormValues,
} from './tax-rate-values.ts';

const saoPaulo: AdminTaxRate = {
  id: '7f3b1c52-2d1e-4a55-9c1e-0b0f2a6f1e11',
  country: 'BR',
  region: 'BR-SP',
  taxClass: 'standard',
  names: { 'en-US': 'ICMS', 'pt-BR': 'ICMS' },
  rate: '18',
};

describe('the tax rate form', () => {
  it('starts a new rate as a standard rate for a whole country', () => {
    expect(toFormValues(null)).toEqual({
      country: undefined,
      region: '',
      taxClass: 'standard',
      names: {},
      rate: '',
    });
  });

  it("sends a rate's values back as they were when nothing is changed", () => {
    const { id: _id, ...input } = saoPaulo;
    expect(toBody(toFormValues(saoPaulo))).toEqual(input);
  });

  it('takes a rate written with a decimal comma or a percent sign, and drops blank names', () => {
    const body = toBody({
      ...toFormValues(null),
      country: 'US',
      names: { 'en-US': ' Sales tax ', 'zh-CN': '  ' },
      rate: ' 8,875 % ',
    });
    expect(body).toEqual({
      country: 'US',
      region: '',
      taxClass: 'standard',
      names: { 'en-US': 'Sales tax' },
      rate: '8.875',
    });
  });

  it('accepts percentages from 0 to 100 with at most four decimals, as the API does', () => {
    expect(normalizePercent('17,5%')).toBe('17.5');
    expect(['0', '18', '8.875', '8,875', '100', '0.0001', '7 %'].map(isPercent)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['', '-5', '100.5', '120', '8.12345', 'abc', '1e2', '.5', undefined].map(isPercent)).toEqual([
      false,
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
      taxClass: 'This country or region already has a rate for this tax class.',
    });
    const mapped = serverFields(error, 'zh-CN') as AppError;
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped.fields).toEqual({
      'names.zh-CN': 'This field is required.',
      taxClass: 'This country or region already has a rate for this tax class.',
    });
    const other = new Error('offline');
    expect(serverFields(other, 'en-US')).toBe(other);
  });

  it('shows rates as percentages in the reader language, with every decimal they have', () => {
    expect(percentText('8.875', 'en-US')).toBe('8.875%');
    expect(percentText('8.875', 'pt-BR')).toBe('8,875%');
    expect(percentText(18, 'zh-CN')).toBe('18%');
    expect(percentText('0.0001', 'en-US')).toBe('0.0001%');
  });
});
