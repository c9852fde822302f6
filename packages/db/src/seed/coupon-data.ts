import type { Translated } from './option-data.ts';

export interface CouponDefinition {
  key: string;
  title: Translated;
  kind: 'amount' | 'percent';
  /** Cents off for `amount`, percent off for `percent`. */
  value: number;
  minSpend: number;
  /** Validity window in days from the moment of seeding; negative is in the past. */
  startsInDays: number;
  endsInDays: number;
  total: number;
  claimed: number;
  perUserLimit: number;
}

/** Coupons on offer: most usable now, one over, one not yet open, one nearly gone. */
export const COUPONS = [
  {
    key: 'welcome-3',
    title: {
      'en-US': 'Welcome gift: $3 off any order',
      'pt-BR': 'Boas-vindas: US$ 3 de desconto em qualquer compra',
      'zh-CN': '新人礼：无门槛立减 3 美元',
      'zh-TW': '新人禮：無門檻現折 3 美元',
    },
    kind: 'amount',
    value: 300,
    minSpend: 0,
    startsInDays: -60,
    endsInDays: 305,
    total: 10000,
    claimed: 1240,
    perUserLimit: 1,
  },
  {
    key: 'save-5-over-39',
    title: {
      'en-US': '$5 off orders over $39',
      'pt-BR': 'US$ 5 de desconto em compras acima de US$ 39',
      'zh-CN': '满 39 美元减 5 美元',
      'zh-TW': '滿 39 美元折 5 美元',
    },
    kind: 'amount',
    value: 500,
    minSpend: 3900,
    startsInDays: -14,
    endsInDays: 45,
    total: 1000,
    claimed: 386,
    perUserLimit: 1,
  },
  {
    key: 'ten-percent-over-59',
    title: {
      'en-US': '10% off orders over $59',
      'pt-BR': '10% de desconto em compras acima de US$ 59',
      'zh-CN': '满 59 美元享九折',
      'zh-TW': '滿 59 美元享九折',
    },
    kind: 'percent',
    value: 10,
    minSpend: 5900,
    startsInDays: -7,
    endsInDays: 30,
    total: 500,
    claimed: 120,
    perUserLimit: 3,
  },
  {
    key: 'save-20-over-149',
    title: {
      'en-US': '$20 off orders over $149 (limited)',
      'pt-BR': 'US$ 20 de desconto em compras acima de US$ 149 (limitado)',
      'zh-CN': '满 149 美元减 20 美元（限量）',
      'zh-TW': '滿 149 美元折 20 美元（限量）',
    },
    kind: 'amount',
    value: 2000,
    minSpend: 14900,
    startsInDays: -3,
    endsInDays: 14,
    total: 200,
    claimed: 200 - 5,
    perUserLimit: 1,
  },
  {
    key: 'clearance-15',
    title: {
      'en-US': 'Clearance: 15% off orders over $30',
      'pt-BR': 'Queima de estoque: 15% de desconto acima de US$ 30',
      'zh-CN': '清仓特惠：满 30 美元享 85 折',
      'zh-TW': '清倉特賣：滿 30 美元享 85 折',
    },
    kind: 'percent',
    value: 15,
    minSpend: 3000,
    startsInDays: -40,
    endsInDays: -5,
    total: 300,
    claimed: 212,
    perUserLimit: 1,
  },
  {
    key: 'anniversary-20',
    title: {
      'en-US': 'Anniversary sale: 20% off orders over $99',
      'pt-BR': 'Aniversário da loja: 20% de desconto acima de US$ 99',
      'zh-CN': '店庆：满 99 美元享八折',
      'zh-TW': '週年慶：滿 99 美元享八折',
    },
    kind: 'percent',
    value: 20,
    minSpend: 9900,
    startsInDays: 7,
    endsInDays: 21,
    total: 1000,
    claimed: 0,
    perUserLimit: 1,
  },
] as const satisfies readonly CouponDefinition[];
