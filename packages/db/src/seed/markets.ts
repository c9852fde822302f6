import type { LocalizedText } from '@shop/contract';
import type { marketCountries, markets, ShippingMethodRecord, taxRates } from '../schema.ts';
import { stableUuid } from './deterministic.ts';

type MarketRow = typeof markets.$inferInsert;

/**
 * The markets a new shop starts with: the United States in the shop's dollars (its own market, rate 1), Brazil in
 * reais with prices ending in ,90, mainland China in whole yuan and Taiwan in whole dollars. Rates are
 * placeholders for staff to set; taxes are included where shoppers expect them to be (all but the US).
 */
export const DEFAULT_MARKETS: (MarketRow & { countries: string[] })[] = [
  {
    code: 'US',
    names: { 'en-US': 'United States', 'pt-BR': 'Estados Unidos', 'zh-CN': '美国', 'zh-TW': '美國' },
    currency: 'USD',
    countries: ['US'],
    taxInclusive: false,
    defaultLocale: 'en-US',
    rateMillionths: 1_000_000,
    rounding: 'none',
    position: 0,
  },
  {
    code: 'BR',
    names: { 'en-US': 'Brazil', 'pt-BR': 'Brasil', 'zh-CN': '巴西', 'zh-TW': '巴西' },
    currency: 'BRL',
    countries: ['BR'],
    taxInclusive: true,
    defaultLocale: 'pt-BR',
    rateMillionths: 5_400_000,
    rounding: 'ninety',
    freeShippingOver: 29_990,
    position: 1,
  },
  {
    code: 'CN',
    names: {
      'en-US': 'Mainland China',
      'pt-BR': 'China continental',
      'zh-CN': '中国大陆',
      'zh-TW': '中國大陸',
    },
    currency: 'CNY',
    countries: ['CN'],
    taxInclusive: true,
    defaultLocale: 'zh-CN',
    rateMillionths: 7_200_000,
    rounding: 'whole',
    position: 2,
  },
  {
    code: 'TW',
    names: { 'en-US': 'Taiwan', 'pt-BR': 'Taiwan', 'zh-CN': '台湾', 'zh-TW': '台灣' },
    currency: 'TWD',
    countries: ['TW'],
    taxInclusive: true,
    defaultLocale: 'zh-TW',
    rateMillionths: 32_000_000,
    rounding: 'whole',
    position: 3,
  },
];

export function defaultMarketRows(): {
  markets: MarketRow[];
  countries: (typeof marketCountries.$inferInsert)[];
} {
  return {
    markets: DEFAULT_MARKETS.map(({ countries: _countries, ...market }) => market),
    countries: DEFAULT_MARKETS.flatMap((market) =>
      market.countries.map((country) => ({ country, market: market.code })),
    ),
  };
}

const icms = { 'en-US': 'ICMS', 'pt-BR': 'ICMS', 'zh-CN': 'ICMS', 'zh-TW': 'ICMS' };
const vat = { 'en-US': 'VAT', 'pt-BR': 'IVA', 'zh-CN': '增值税', 'zh-TW': '增值稅' };
const businessTax = {
  'en-US': 'Business tax',
  'pt-BR': 'Imposto sobre vendas',
  'zh-CN': '营业税',
  'zh-TW': '營業稅',
};
const salesTax = {
  'en-US': 'Sales tax',
  'pt-BR': 'Imposto sobre vendas',
  'zh-CN': '销售税',
  'zh-TW': '銷售稅',
};

/**
 * Tax rates a demo shop starts with (parts per million): Brazil's ICMS (São Paulo's own rate over the country's),
 * China's VAT, Taiwan's business tax, and New York's and California's sales taxes. Staff set the real ones.
 */
export function defaultTaxRates(): (typeof taxRates.$inferInsert)[] {
  return [
    { country: 'BR', region: '', taxClass: 'standard', names: icms, ratePpm: 170_000 },
    { country: 'BR', region: 'BR-SP', taxClass: 'standard', names: icms, ratePpm: 180_000 },
    { country: 'BR', region: '', taxClass: 'reduced', names: icms, ratePpm: 70_000 },
    { country: 'CN', region: '', taxClass: 'standard', names: vat, ratePpm: 130_000 },
    { country: 'CN', region: '', taxClass: 'reduced', names: vat, ratePpm: 90_000 },
    { country: 'TW', region: '', taxClass: 'standard', names: businessTax, ratePpm: 50_000 },
    { country: 'US', region: 'US-NY', taxClass: 'standard', names: salesTax, ratePpm: 88_750 },
    { country: 'US', region: 'US-CA', taxClass: 'standard', names: salesTax, ratePpm: 72_500 },
  ];
}

type ZoneSeed = {
  names: LocalizedText;
  places: { country: string; region?: string }[];
  methods: ShippingMethodRecord[];
};

const standard = { 'en-US': 'Standard', 'pt-BR': 'Normal', 'zh-CN': '标准快递', 'zh-TW': '標準宅配' };
const express = { 'en-US': 'Express', 'pt-BR': 'Expresso', 'zh-CN': '次日达', 'zh-TW': '快速到貨' };
/** Express by weight in every zone: up to 1 kg, up to 5 kg, heavier. */
const expressBands = (light: number, medium: number, heavy: number) => [
  { upTo: 1_000, fee: light },
  { upTo: 5_000, fee: medium },
  { upTo: null, fee: heavy },
];

/**
 * Shipping zones a demo shop starts with, fees in the shop's dollars (converted at each market's rate): standard
 * (free over the market's threshold) and express (by weight) everywhere; São Paulo state is its own zone, nearer
 * the warehouse; mainland China's standard fee falls with the order's value. Method ids are fixed so that tests
 * and bookmarks can name them.
 */
export function defaultShippingZones(): ZoneSeed[] {
  const method = (
    key: string,
    fields: Omit<ShippingMethodRecord, 'id' | 'names' | 'fee' | 'bands'> &
      Partial<Pick<ShippingMethodRecord, 'fee' | 'bands'>>,
    names: LocalizedText,
  ): ShippingMethodRecord => ({ id: stableUuid(`shipping:${key}`), names, fee: 0, bands: [], ...fields });
  return [
    {
      names: { 'en-US': 'United States', 'pt-BR': 'Estados Unidos', 'zh-CN': '美国', 'zh-TW': '美國' },
      places: [{ country: 'US' }],
      methods: [
        method(
          'us-standard',
          { pricing: 'flat', fee: 599, freeOverThreshold: true, minDays: 3, maxDays: 5 },
          standard,
        ),
        method(
          'us-express',
          {
            pricing: 'weight',
            bands: expressBands(1_299, 1_999, 3_499),
            freeOverThreshold: false,
            minDays: 1,
            maxDays: 2,
          },
          express,
        ),
      ],
    },
    {
      names: {
        'en-US': 'São Paulo state',
        'pt-BR': 'Estado de São Paulo',
        'zh-CN': '圣保罗州',
        'zh-TW': '聖保羅州',
      },
      places: [{ country: 'BR', region: 'BR-SP' }],
      methods: [
        method(
          'br-sp-standard',
          { pricing: 'flat', fee: 499, freeOverThreshold: true, minDays: 2, maxDays: 4 },
          standard,
        ),
        method(
          'br-sp-express',
          {
            pricing: 'weight',
            bands: expressBands(999, 1_699, 2_999),
            freeOverThreshold: false,
            minDays: 1,
            maxDays: 1,
          },
          express,
        ),
      ],
    },
    {
      names: { 'en-US': 'Brazil', 'pt-BR': 'Brasil', 'zh-CN': '巴西', 'zh-TW': '巴西' },
      places: [{ country: 'BR' }],
      methods: [
        method(
          'br-standard',
          { pricing: 'flat', fee: 799, freeOverThreshold: true, minDays: 5, maxDays: 9 },
          standard,
        ),
        method(
          'br-express',
          {
            pricing: 'weight',
            bands: expressBands(1_499, 2_499, 3_999),
            freeOverThreshold: false,
            minDays: 2,
            maxDays: 3,
          },
          express,
        ),
      ],
    },
    {
      names: {
        'en-US': 'Mainland China',
        'pt-BR': 'China continental',
        'zh-CN': '中国大陆',
        'zh-TW': '中國大陸',
      },
      places: [{ country: 'CN' }],
      methods: [
        method(
          'cn-standard',
          {
            pricing: 'value',
            bands: [
              { upTo: 3_000, fee: 599 },
              { upTo: null, fee: 299 },
            ],
            freeOverThreshold: true,
            minDays: 3,
            maxDays: 6,
          },
          standard,
        ),
        method(
          'cn-express',
          {
            pricing: 'weight',
            bands: expressBands(899, 1_499, 2_499),
            freeOverThreshold: false,
            minDays: 1,
            maxDays: 2,
          },
          express,
        ),
      ],
    },
    {
      names: { 'en-US': 'Taiwan', 'pt-BR': 'Taiwan', 'zh-CN': '台湾', 'zh-TW': '台灣' },
      places: [{ country: 'TW' }],
      methods: [
        method(
          'tw-standard',
          { pricing: 'flat', fee: 499, freeOverThreshold: true, minDays: 2, maxDays: 4 },
          standard,
        ),
        method(
          'tw-express',
          { pricing: 'flat', fee: 999, freeOverThreshold: false, minDays: 1, maxDays: 1 },
          express,
        ),
      ],
    },
  ];
}
