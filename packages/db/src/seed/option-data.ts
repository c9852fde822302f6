import type { Locale } from '@shop/contract';

export type Translated = Record<Locale, string>;

export interface OptionValueDefinition {
  name: Translated;
  /** Colour values tint the generated product pictures. */
  hex?: string;
  /**
   * How dear this value is relative to its siblings (a bigger bottle, a two-pack). A SKU costs the goods' base
   * price times factor(its value) / factor(the goods' first value), so the first value keeps the base price.
   * Values without a factor (colours, clothing sizes) do not change the price.
   */
  priceFactor?: number;
}

interface OptionDefinition {
  name: Translated;
  values: Record<string, OptionValueDefinition>;
}

const same = (text: string): Translated => ({ 'en-US': text, 'pt-BR': text, 'zh-CN': text, 'zh-TW': text });

/** Every option the demo goods choose from; a goods picks some values of one or two of these. */
export const OPTION_DEFINITIONS = {
  color: {
    name: { 'en-US': 'Color', 'pt-BR': 'Cor', 'zh-CN': '颜色', 'zh-TW': '顏色' },
    values: {
      black: {
        name: { 'en-US': 'Black', 'pt-BR': 'Preto', 'zh-CN': '黑色', 'zh-TW': '黑色' },
        hex: '#26292e',
      },
      white: {
        name: { 'en-US': 'White', 'pt-BR': 'Branco', 'zh-CN': '白色', 'zh-TW': '白色' },
        hex: '#f3f2ee',
      },
      silver: {
        name: { 'en-US': 'Silver', 'pt-BR': 'Prata', 'zh-CN': '银色', 'zh-TW': '銀色' },
        hex: '#bfc4ca',
      },
      graphite: {
        name: { 'en-US': 'Graphite', 'pt-BR': 'Grafite', 'zh-CN': '石墨灰', 'zh-TW': '石墨灰' },
        hex: '#4b5059',
      },
      navy: {
        name: { 'en-US': 'Navy', 'pt-BR': 'Azul-marinho', 'zh-CN': '藏青色', 'zh-TW': '海軍藍' },
        hex: '#223c68',
      },
      blue: { name: { 'en-US': 'Blue', 'pt-BR': 'Azul', 'zh-CN': '蓝色', 'zh-TW': '藍色' }, hex: '#2f6fd6' },
      red: {
        name: { 'en-US': 'Red', 'pt-BR': 'Vermelho', 'zh-CN': '红色', 'zh-TW': '紅色' },
        hex: '#d23b3b',
      },
      green: {
        name: { 'en-US': 'Forest Green', 'pt-BR': 'Verde-floresta', 'zh-CN': '森林绿', 'zh-TW': '森林綠' },
        hex: '#2e7d4f',
      },
      sage: {
        name: { 'en-US': 'Sage', 'pt-BR': 'Verde-sálvia', 'zh-CN': '鼠尾草绿', 'zh-TW': '鼠尾草綠' },
        hex: '#9db59b',
      },
      teal: {
        name: { 'en-US': 'Teal', 'pt-BR': 'Verde-azulado', 'zh-CN': '青绿色', 'zh-TW': '藍綠色' },
        hex: '#1f9e9a',
      },
      pink: {
        name: { 'en-US': 'Pink', 'pt-BR': 'Rosa', 'zh-CN': '粉色', 'zh-TW': '粉紅色' },
        hex: '#e891aa',
      },
      purple: {
        name: { 'en-US': 'Purple', 'pt-BR': 'Roxo', 'zh-CN': '紫色', 'zh-TW': '紫色' },
        hex: '#7b5cc4',
      },
      orange: {
        name: { 'en-US': 'Orange', 'pt-BR': 'Laranja', 'zh-CN': '橙色', 'zh-TW': '橘色' },
        hex: '#ef7d2d',
      },
      beige: {
        name: { 'en-US': 'Beige', 'pt-BR': 'Bege', 'zh-CN': '米色', 'zh-TW': '米色' },
        hex: '#dcc7a6',
      },
      brown: {
        name: { 'en-US': 'Brown', 'pt-BR': 'Marrom', 'zh-CN': '棕色', 'zh-TW': '棕色' },
        hex: '#7a5233',
      },
      natural: {
        name: { 'en-US': 'Natural Wood', 'pt-BR': 'Madeira natural', 'zh-CN': '原木色', 'zh-TW': '原木色' },
        hex: '#c89f6d',
      },
    },
  },
  size: {
    name: { 'en-US': 'Size', 'pt-BR': 'Tamanho', 'zh-CN': '尺码', 'zh-TW': '尺碼' },
    // Brazilian clothing sizes are P, M, G, GG.
    values: {
      s: { name: { 'en-US': 'S', 'pt-BR': 'P', 'zh-CN': 'S', 'zh-TW': 'S' } },
      m: { name: { 'en-US': 'M', 'pt-BR': 'M', 'zh-CN': 'M', 'zh-TW': 'M' } },
      l: { name: { 'en-US': 'L', 'pt-BR': 'G', 'zh-CN': 'L', 'zh-TW': 'L' } },
      xl: { name: { 'en-US': 'XL', 'pt-BR': 'GG', 'zh-CN': 'XL', 'zh-TW': 'XL' } },
    },
  },
  'shoe-size': {
    name: { 'en-US': 'Size', 'pt-BR': 'Tamanho', 'zh-CN': '鞋码', 'zh-TW': '鞋碼' },
    values: {
      eu38: { name: { 'en-US': 'EU 38', 'pt-BR': 'EU 38', 'zh-CN': '欧码 38', 'zh-TW': '歐碼 38' } },
      eu39: { name: { 'en-US': 'EU 39', 'pt-BR': 'EU 39', 'zh-CN': '欧码 39', 'zh-TW': '歐碼 39' } },
      eu40: { name: { 'en-US': 'EU 40', 'pt-BR': 'EU 40', 'zh-CN': '欧码 40', 'zh-TW': '歐碼 40' } },
      eu41: { name: { 'en-US': 'EU 41', 'pt-BR': 'EU 41', 'zh-CN': '欧码 41', 'zh-TW': '歐碼 41' } },
      eu42: { name: { 'en-US': 'EU 42', 'pt-BR': 'EU 42', 'zh-CN': '欧码 42', 'zh-TW': '歐碼 42' } },
      eu43: { name: { 'en-US': 'EU 43', 'pt-BR': 'EU 43', 'zh-CN': '欧码 43', 'zh-TW': '歐碼 43' } },
    },
  },
  capacity: {
    name: { 'en-US': 'Capacity', 'pt-BR': 'Capacidade', 'zh-CN': '容量', 'zh-TW': '容量' },
    values: {
      '30ml': {
        name: { 'en-US': '30 ml', 'pt-BR': '30 ml', 'zh-CN': '30 毫升', 'zh-TW': '30 毫升' },
        priceFactor: 0.3,
      },
      '50ml': {
        name: { 'en-US': '50 ml', 'pt-BR': '50 ml', 'zh-CN': '50 毫升', 'zh-TW': '50 毫升' },
        priceFactor: 0.42,
      },
      '100ml': {
        name: { 'en-US': '100 ml', 'pt-BR': '100 ml', 'zh-CN': '100 毫升', 'zh-TW': '100 毫升' },
        priceFactor: 0.65,
      },
      '250ml': {
        name: { 'en-US': '250 ml', 'pt-BR': '250 ml', 'zh-CN': '250 毫升', 'zh-TW': '250 毫升' },
        priceFactor: 1,
      },
      '350ml': {
        name: { 'en-US': '350 ml', 'pt-BR': '350 ml', 'zh-CN': '350 毫升', 'zh-TW': '350 毫升' },
        priceFactor: 1.15,
      },
      '500ml': {
        name: { 'en-US': '500 ml', 'pt-BR': '500 ml', 'zh-CN': '500 毫升', 'zh-TW': '500 毫升' },
        priceFactor: 1.35,
      },
      '750ml': {
        name: { 'en-US': '750 ml', 'pt-BR': '750 ml', 'zh-CN': '750 毫升', 'zh-TW': '750 毫升' },
        priceFactor: 1.6,
      },
      '1l': {
        name: { 'en-US': '1 L', 'pt-BR': '1 L', 'zh-CN': '1 升', 'zh-TW': '1 公升' },
        priceFactor: 1.85,
      },
    },
  },
  battery: {
    name: { 'en-US': 'Battery', 'pt-BR': 'Bateria', 'zh-CN': '电池容量', 'zh-TW': '電池容量' },
    values: {
      '10000mah': {
        name: { 'en-US': '10,000 mAh', 'pt-BR': '10.000 mAh', 'zh-CN': '10000 毫安时', 'zh-TW': '10000 mAh' },
        priceFactor: 1,
      },
      '20000mah': {
        name: { 'en-US': '20,000 mAh', 'pt-BR': '20.000 mAh', 'zh-CN': '20000 毫安时', 'zh-TW': '20000 mAh' },
        priceFactor: 1.5,
      },
    },
  },
  weight: {
    name: { 'en-US': 'Weight', 'pt-BR': 'Peso', 'zh-CN': '重量', 'zh-TW': '重量' },
    values: {
      '100g': {
        name: { 'en-US': '100 g', 'pt-BR': '100 g', 'zh-CN': '100 克', 'zh-TW': '100 公克' },
        priceFactor: 0.18,
      },
      '250g': {
        name: { 'en-US': '250 g', 'pt-BR': '250 g', 'zh-CN': '250 克', 'zh-TW': '250 公克' },
        priceFactor: 0.35,
      },
      '500g': {
        name: { 'en-US': '500 g', 'pt-BR': '500 g', 'zh-CN': '500 克', 'zh-TW': '500 公克' },
        priceFactor: 0.6,
      },
      '1kg': {
        name: { 'en-US': '1 kg', 'pt-BR': '1 kg', 'zh-CN': '1 千克', 'zh-TW': '1 公斤' },
        priceFactor: 1,
      },
      '2kg': {
        name: { 'en-US': '2 kg', 'pt-BR': '2 kg', 'zh-CN': '2 千克', 'zh-TW': '2 公斤' },
        priceFactor: 1.7,
      },
      '5kg': {
        name: { 'en-US': '5 kg', 'pt-BR': '5 kg', 'zh-CN': '5 千克', 'zh-TW': '5 公斤' },
        priceFactor: 3.3,
      },
      '8kg': {
        name: { 'en-US': '8 kg', 'pt-BR': '8 kg', 'zh-CN': '8 千克', 'zh-TW': '8 公斤' },
        priceFactor: 4.8,
      },
    },
  },
  pack: {
    name: { 'en-US': 'Pack', 'pt-BR': 'Embalagem', 'zh-CN': '规格', 'zh-TW': '規格' },
    values: {
      single: {
        name: { 'en-US': 'Single', 'pt-BR': 'Unidade', 'zh-CN': '单件装', 'zh-TW': '單件裝' },
        priceFactor: 1,
      },
      'pack-2': {
        name: { 'en-US': 'Pack of 2', 'pt-BR': 'Kit com 2', 'zh-CN': '两件装', 'zh-TW': '兩件裝' },
        priceFactor: 1.9,
      },
      'pack-3': {
        name: { 'en-US': 'Pack of 3', 'pt-BR': 'Kit com 3', 'zh-CN': '三件装', 'zh-TW': '三件裝' },
        priceFactor: 2.7,
      },
      'pack-4': {
        name: { 'en-US': 'Pack of 4', 'pt-BR': 'Kit com 4', 'zh-CN': '四件装', 'zh-TW': '四件裝' },
        priceFactor: 3.5,
      },
    },
  },
  length: {
    name: { 'en-US': 'Length', 'pt-BR': 'Comprimento', 'zh-CN': '长度', 'zh-TW': '長度' },
    values: {
      '1m': { name: { 'en-US': '1 m', 'pt-BR': '1 m', 'zh-CN': '1 米', 'zh-TW': '1 公尺' }, priceFactor: 1 },
      '2m': {
        name: { 'en-US': '2 m', 'pt-BR': '2 m', 'zh-CN': '2 米', 'zh-TW': '2 公尺' },
        priceFactor: 1.25,
      },
    },
  },
  diameter: {
    name: { 'en-US': 'Diameter', 'pt-BR': 'Diâmetro', 'zh-CN': '直径', 'zh-TW': '直徑' },
    values: {
      '20cm': {
        name: { 'en-US': '20 cm', 'pt-BR': '20 cm', 'zh-CN': '20 厘米', 'zh-TW': '20 公分' },
        priceFactor: 1,
      },
      '24cm': {
        name: { 'en-US': '24 cm', 'pt-BR': '24 cm', 'zh-CN': '24 厘米', 'zh-TW': '24 公分' },
        priceFactor: 1.25,
      },
      '28cm': {
        name: { 'en-US': '28 cm', 'pt-BR': '28 cm', 'zh-CN': '28 厘米', 'zh-TW': '28 公分' },
        priceFactor: 1.5,
      },
    },
  },
  switch: {
    name: { 'en-US': 'Switches', 'pt-BR': 'Switches', 'zh-CN': '轴体', 'zh-TW': '軸體' },
    values: {
      linear: { name: { 'en-US': 'Linear', 'pt-BR': 'Linear', 'zh-CN': '线性轴', 'zh-TW': '線性軸' } },
      tactile: { name: { 'en-US': 'Tactile', 'pt-BR': 'Tátil', 'zh-CN': '段落轴', 'zh-TW': '段落軸' } },
      clicky: { name: { 'en-US': 'Clicky', 'pt-BR': 'Clicky', 'zh-CN': '青轴', 'zh-TW': '青軸' } },
    },
  },
  scent: {
    name: { 'en-US': 'Scent', 'pt-BR': 'Fragrância', 'zh-CN': '香型', 'zh-TW': '香味' },
    values: {
      unscented: {
        name: { 'en-US': 'Unscented', 'pt-BR': 'Sem fragrância', 'zh-CN': '无香', 'zh-TW': '無香' },
      },
      lavender: { name: { 'en-US': 'Lavender', 'pt-BR': 'Lavanda', 'zh-CN': '薰衣草', 'zh-TW': '薰衣草' } },
      citrus: { name: { 'en-US': 'Citrus', 'pt-BR': 'Cítrico', 'zh-CN': '柑橘', 'zh-TW': '柑橘' } },
      cedarwood: { name: { 'en-US': 'Cedarwood', 'pt-BR': 'Cedro', 'zh-CN': '雪松', 'zh-TW': '雪松' } },
    },
  },
  flavor: {
    name: { 'en-US': 'Flavor', 'pt-BR': 'Sabor', 'zh-CN': '口味', 'zh-TW': '口味' },
    values: {
      original: { name: { 'en-US': 'Original', 'pt-BR': 'Original', 'zh-CN': '原味', 'zh-TW': '原味' } },
      'sea-salt': { name: { 'en-US': 'Sea Salt', 'pt-BR': 'Sal marinho', 'zh-CN': '海盐', 'zh-TW': '海鹽' } },
      honey: { name: { 'en-US': 'Honey', 'pt-BR': 'Mel', 'zh-CN': '蜂蜜', 'zh-TW': '蜂蜜' } },
      spicy: { name: { 'en-US': 'Spicy', 'pt-BR': 'Picante', 'zh-CN': '香辣', 'zh-TW': '香辣' } },
      almond: { name: { 'en-US': 'Almond', 'pt-BR': 'Amêndoa', 'zh-CN': '扁桃仁', 'zh-TW': '杏仁' } },
    },
  },
  grind: {
    name: { 'en-US': 'Grind', 'pt-BR': 'Moagem', 'zh-CN': '研磨', 'zh-TW': '研磨' },
    values: {
      'whole-bean': {
        name: { 'en-US': 'Whole Bean', 'pt-BR': 'Em grãos', 'zh-CN': '咖啡豆', 'zh-TW': '原豆' },
      },
      ground: { name: { 'en-US': 'Ground', 'pt-BR': 'Moído', 'zh-CN': '咖啡粉', 'zh-TW': '研磨粉' } },
    },
  },
  ruling: {
    name: { 'en-US': 'Paper', 'pt-BR': 'Folhas', 'zh-CN': '内页', 'zh-TW': '內頁' },
    values: {
      lined: { name: { 'en-US': 'Lined', 'pt-BR': 'Pautado', 'zh-CN': '横线', 'zh-TW': '橫線' } },
      dotted: { name: { 'en-US': 'Dotted', 'pt-BR': 'Pontilhado', 'zh-CN': '点阵', 'zh-TW': '點陣' } },
      grid: { name: { 'en-US': 'Grid', 'pt-BR': 'Quadriculado', 'zh-CN': '方格', 'zh-TW': '方格' } },
      blank: { name: { 'en-US': 'Blank', 'pt-BR': 'Liso', 'zh-CN': '空白', 'zh-TW': '空白' } },
    },
  },
  nib: {
    name: { 'en-US': 'Nib', 'pt-BR': 'Ponta', 'zh-CN': '笔尖', 'zh-TW': '筆尖' },
    values: {
      fine: {
        name: {
          'en-US': 'Fine (0.5 mm)',
          'pt-BR': 'Fina (0,5 mm)',
          'zh-CN': '细尖 0.5 mm',
          'zh-TW': '細字 0.5 mm',
        },
      },
      medium: {
        name: {
          'en-US': 'Medium (0.7 mm)',
          'pt-BR': 'Média (0,7 mm)',
          'zh-CN': '中尖 0.7 mm',
          'zh-TW': '中字 0.7 mm',
        },
      },
    },
  },
  pieces: {
    name: { 'en-US': 'Pieces', 'pt-BR': 'Peças', 'zh-CN': '片数', 'zh-TW': '片數' },
    values: {
      '500': {
        name: { 'en-US': '500 pieces', 'pt-BR': '500 peças', 'zh-CN': '500 片', 'zh-TW': '500 片' },
        priceFactor: 1,
      },
      '1000': {
        name: { 'en-US': '1,000 pieces', 'pt-BR': '1.000 peças', 'zh-CN': '1000 片', 'zh-TW': '1000 片' },
        priceFactor: 1.35,
      },
    },
  },
  edition: {
    name: { 'en-US': 'Edition', 'pt-BR': 'Edição', 'zh-CN': '版本', 'zh-TW': '版本' },
    values: {
      standard: {
        name: { 'en-US': 'Standard', 'pt-BR': 'Padrão', 'zh-CN': '标准版', 'zh-TW': '標準版' },
        priceFactor: 1,
      },
      deluxe: { name: same('Deluxe'), priceFactor: 1.5 },
    },
  },
  sleeps: {
    name: { 'en-US': 'Sleeps', 'pt-BR': 'Capacidade', 'zh-CN': '容纳人数', 'zh-TW': '容納人數' },
    values: {
      '2p': {
        name: { 'en-US': '2 people', 'pt-BR': '2 pessoas', 'zh-CN': '2 人', 'zh-TW': '2 人' },
        priceFactor: 1,
      },
      '3p': {
        name: { 'en-US': '3 people', 'pt-BR': '3 pessoas', 'zh-CN': '3 人', 'zh-TW': '3 人' },
        priceFactor: 1.3,
      },
      '4p': {
        name: { 'en-US': '4 people', 'pt-BR': '4 pessoas', 'zh-CN': '4 人', 'zh-TW': '4 人' },
        priceFactor: 1.6,
      },
    },
  },
} satisfies Record<string, OptionDefinition>;

export type OptionId = keyof typeof OPTION_DEFINITIONS;

/** A goods' choice of options, in display order: option id → the value ids it is sold in. */
export type OptionChoice = {
  [Id in OptionId]?: readonly (keyof (typeof OPTION_DEFINITIONS)[Id]['values'])[];
};

export function optionDefinition(id: OptionId): OptionDefinition {
  return OPTION_DEFINITIONS[id];
}
