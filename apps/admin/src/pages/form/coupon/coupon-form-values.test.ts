import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { couponInputSchema } from '@shop/contract';
import type { AdminMarket } from '@shop/contract';
import {
  amountsBody,
  convertedAmounts,
  couponBody,
  missingInRow,
  otherCurrencies,
  rowFilled,
} from './coupon-form-values.ts';
import type { CampaignInfo } from './coupon-form-values.ts';

const market = (fields: Partial<AdminMarket> & Pick<AdminMarket, 'code' | 'currency'>): AdminMarket => ({
  name: fields.code,
  names: { 'en-US': fields.code },
  countries: [fields.code],
  taxInclusive: true,
  defaultLocale: 'en-US',
  exchangeRate: '1',
  rounding: 'none',
  freeShippingOver: null,
  base: false,
  ...fields,
});

const markets = [
  market({ code: 'US', currency: 'USD', base: true }),
  market({ code: 'BR', name: 'Brazil', currency: 'BRL', exchangeRate: '5.4', rounding: 'ninety' }),
  market({ code: 'JP', name: 'Japan', currency: 'JPY', exchangeRate: '151.25' }),
  market({ code: 'PT', name: 'Portugal', currency: 'EUR', exchangeRate: '0.92' }),
  market({ code: 'DE', name: 'Germany', currency: 'EUR', exchangeRate: '0.92' }),
  market({ code: 'FR', name: 'France', currency: 'EUR', exchangeRate: '0.95' }),
];

const info = (fields: Partial<CampaignInfo> = {}): CampaignInfo => ({
  title: { 'en-US': ' Carnival ', 'pt-BR': '' },
  kind: 'amount',
  value: 5,
  minSpend: 30,
  window: [dayjs('2030-01-01T10:00:00Z'), dayjs('2030-02-01T10:00:00Z')],
  total: 100,
  perUserLimit: 1,
  ...fields,
});

describe('the currencies a coupon may have its own amounts in', () => {
  it("lists the other markets' currencies once each, in the markets' order, never the shop's own", () => {
    expect(otherCurrencies(markets, 'USD')).toEqual(['BRL', 'JPY', 'EUR']);
    // A market other than the shop's own in the shop's currency still converts at rate 1: nothing to set.
    expect(otherCurrencies([...markets, market({ code: 'EC', currency: 'USD' })], 'USD')).toEqual([
      'BRL',
      'JPY',
      'EUR',
    ]);
    expect(otherCurrencies([markets[0]!], 'USD')).toEqual([]);
  });
});

describe('a row of own amounts', () => {
  it('is filled when an input the coupon kind uses has a number', () => {
    expect(rowFilled('amount', undefined)).toBe(false);
    expect(rowFilled('amount', { value: null, minSpend: null })).toBe(false);
    expect(rowFilled('amount', { value: 25 })).toBe(true);
    expect(rowFilled('amount', { minSpend: 0 })).toBe(true);
    // A percentage has no amount off: one left over from switching kinds does not count.
    expect(rowFilled('percent', { value: 25, minSpend: null })).toBe(false);
    expect(rowFilled('percent', { minSpend: 100 })).toBe(true);
  });

  it('needs both inputs once started for an amount coupon, only the minimum for a percentage', () => {
    expect(missingInRow('amount', {})).toEqual([]);
    expect(missingInRow('amount', { value: 25 })).toEqual(['minSpend']);
    expect(missingInRow('amount', { minSpend: 150 })).toEqual(['value']);
    expect(missingInRow('amount', { value: 25, minSpend: 0 })).toEqual([]);
    expect(missingInRow('percent', { value: 25 })).toEqual([]);
    expect(missingInRow('percent', { minSpend: 150 })).toEqual([]);
  });
});

describe('the amounts the form sends', () => {
  it('sends filled rows only, in minor units by each currency’s decimals', () => {
    expect(
      amountsBody(
        'amount',
        {
          BRL: { value: 25, minSpend: 149.9 },
          JPY: { value: 500, minSpend: 3000 },
          EUR: { value: null, minSpend: null },
        },
        ['BRL', 'JPY', 'EUR'],
      ),
    ).toEqual({ BRL: { value: 2500, minSpend: 14_990 }, JPY: { value: 500, minSpend: 3000 } });
  });

  it('sends only minimum spends for a percentage coupon', () => {
    expect(
      amountsBody('percent', { BRL: { value: 25, minSpend: 100 }, JPY: { value: 500, minSpend: null } }, [
        'BRL',
        'JPY',
      ]),
    ).toEqual({ BRL: { minSpend: 10_000 } });
  });

  it('sends nothing for currencies no market has any more, and nothing at all when no row is filled', () => {
    expect(amountsBody('amount', { CNY: { value: 10, minSpend: 0 } }, ['BRL'])).toEqual({});
    expect(amountsBody('amount', undefined, ['BRL'])).toEqual({});
  });

  it('builds a body the contract accepts, the shop’s amounts in its own minor units', () => {
    const body = couponBody(info({ amounts: { BRL: { value: 25, minSpend: 150 }, JPY: {} } }), 'USD', [
      'BRL',
      'JPY',
    ]);
    expect(body).toEqual({
      title: { 'en-US': 'Carnival' },
      kind: 'amount',
      value: 500,
      minSpend: 3000,
      amounts: { BRL: { value: 2500, minSpend: 15_000 } },
      startsAt: '2030-01-01T10:00:00.000Z',
      endsAt: '2030-02-01T10:00:00.000Z',
      total: 100,
      perUserLimit: 1,
    });
    expect(couponInputSchema.safeParse(body).success).toBe(true);

    const percent = couponBody(
      info({ kind: 'percent', value: 10, amounts: { BRL: { value: 25, minSpend: 150 } } }),
      'USD',
      ['BRL'],
    );
    expect(percent).toMatchObject({ kind: 'percent', value: 10, amounts: { BRL: { minSpend: 15_000 } } });
    expect(couponInputSchema.safeParse(percent).success).toBe(true);
  });
});

describe('what an empty row stands for', () => {
  it("converts the shop's amounts at each market's rate and rounding, markets alike as one", () => {
    const shop = { kind: 'amount' as const, value: 500, minSpend: 3000 };
    // US$ 5 at 5.4 = R$ 27,00 → R$ 27,90; US$ 30 = R$ 162,00 → R$ 162,90.
    expect(convertedAmounts(markets, 'BRL', 'USD', shop)).toEqual([
      { markets: ['Brazil'], value: 2790, minSpend: 16_290 },
    ]);
    // JPY has no minor unit: US$ 5 at 151.25 = ¥757 (rounded up).
    expect(convertedAmounts(markets, 'JPY', 'USD', shop)).toEqual([
      { markets: ['Japan'], value: 757, minSpend: 4538 },
    ]);
    expect(convertedAmounts(markets, 'EUR', 'USD', shop)).toEqual([
      { markets: ['Portugal', 'Germany'], value: 460, minSpend: 2760 },
      { markets: ['France'], value: 475, minSpend: 2850 },
    ]);
  });

  it('converts only the minimum spend of a percentage coupon', () => {
    expect(convertedAmounts(markets, 'BRL', 'USD', { kind: 'percent', value: 10, minSpend: 0 })).toEqual([
      { markets: ['Brazil'], minSpend: 0 },
    ]);
  });
});
