import type { marketCountries, markets, taxRates } from '../schema.ts';

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
