import type { Locale } from '@shop/contract';

/**
 * Chinese names, simplified then traditional, of the provinces and regions of China, Hong Kong, Macao and Taiwan,
 * by the codes of db/src/seed/regions.ts. The seed's names are English (country-region-data), which is right for
 * en-US and pt-BR (Brazil's states are in Portuguese there already) but not for a shopper reading Chinese, who
 * writes these addresses in Chinese. Neither CLDR's JSON nor the Intl API names subdivisions, hence this table.
 */
const chineseNames: Readonly<Record<string, readonly [simplified: string, traditional: string]>> = {
  'CN-AH': ['安徽省', '安徽省'],
  'CN-BJ': ['北京市', '北京市'],
  'CN-CQ': ['重庆市', '重慶市'],
  'CN-FJ': ['福建省', '福建省'],
  'CN-GS': ['甘肃省', '甘肅省'],
  'CN-GD': ['广东省', '廣東省'],
  'CN-GX': ['广西壮族自治区', '廣西壯族自治區'],
  'CN-GZ': ['贵州省', '貴州省'],
  'CN-HI': ['海南省', '海南省'],
  'CN-HE': ['河北省', '河北省'],
  'CN-HL': ['黑龙江省', '黑龍江省'],
  'CN-HA': ['河南省', '河南省'],
  'CN-HK': ['香港特别行政区', '香港特別行政區'],
  'CN-HB': ['湖北省', '湖北省'],
  'CN-HN': ['湖南省', '湖南省'],
  'CN-NM': ['内蒙古自治区', '內蒙古自治區'],
  'CN-JS': ['江苏省', '江蘇省'],
  'CN-JX': ['江西省', '江西省'],
  'CN-JL': ['吉林省', '吉林省'],
  'CN-LN': ['辽宁省', '遼寧省'],
  'CN-MO': ['澳门特别行政区', '澳門特別行政區'],
  'CN-NX': ['宁夏回族自治区', '寧夏回族自治區'],
  'CN-QH': ['青海省', '青海省'],
  'CN-SN': ['陕西省', '陝西省'],
  'CN-SD': ['山东省', '山東省'],
  'CN-SH': ['上海市', '上海市'],
  'CN-SX': ['山西省', '山西省'],
  'CN-SC': ['四川省', '四川省'],
  'CN-TJ': ['天津市', '天津市'],
  'CN-XZ': ['西藏自治区', '西藏自治區'],
  'CN-XJ': ['新疆维吾尔自治区', '新疆維吾爾自治區'],
  'CN-YN': ['云南省', '雲南省'],
  'CN-ZJ': ['浙江省', '浙江省'],
  'HK-HK': ['香港', '香港'],
  'MO-MACAO': ['澳门', '澳門'],
  'TW-CHA': ['彰化县', '彰化縣'],
  'TW-CYQ': ['嘉义县', '嘉義縣'],
  'TW-HSQ': ['新竹县', '新竹縣'],
  'TW-HUA': ['花莲县', '花蓮縣'],
  'TW-KHH': ['高雄市', '高雄市'],
  'TW-KEE': ['基隆市', '基隆市'],
  'TW-KIN': ['金门县', '金門縣'],
  'TW-LIE': ['连江县', '連江縣'],
  'TW-MIA': ['苗栗县', '苗栗縣'],
  'TW-NAN': ['南投县', '南投縣'],
  'TW-PEN': ['澎湖县', '澎湖縣'],
  'TW-NWT': ['新北市', '新北市'],
  'TW-PIF': ['屏东县', '屏東縣'],
  'TW-TXG': ['台中市', '臺中市'],
  'TW-TNN': ['台南市', '臺南市'],
  'TW-TPE': ['台北市', '臺北市'],
  'TW-TTT': ['台东县', '臺東縣'],
  'TW-TAO': ['桃园市', '桃園市'],
  'TW-ILA': ['宜兰县', '宜蘭縣'],
  'TW-YUN': ['云林县', '雲林縣'],
};

/** The Chinese names (simplified, traditional) of a province or region of the table above. */
export function chineseNameOf(code: string): readonly [string, string] | undefined {
  return chineseNames[code];
}

const chineseScript: Partial<Record<Locale, 0 | 1>> = { 'zh-CN': 0, 'zh-TW': 1 };

/** Region names in one locale: countries from the Intl API, subdivisions from the table above or as stored. */
export class RegionNames {
  private static readonly byLocale = new Map<Locale, RegionNames>();

  /** The one instance per locale: making an `Intl.DisplayNames` costs more than naming every region of an order. */
  static in(locale: Locale): RegionNames {
    let names = RegionNames.byLocale.get(locale);
    if (!names) RegionNames.byLocale.set(locale, (names = new RegionNames(locale)));
    return names;
  }

  private readonly countries: Intl.DisplayNames;
  private readonly script: 0 | 1 | undefined;

  constructor(locale: Locale) {
    this.countries = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    this.script = chineseScript[locale];
  }

  of(region: { code: string; level: number; name: string }): string {
    if (region.level === 1) return this.countryName(region.code) ?? region.name;
    const chinese = chineseNames[region.code];
    return chinese && this.script !== undefined ? chinese[this.script] : region.name;
  }

  private countryName(code: string): string | undefined {
    try {
      return this.countries.of(code);
    } catch {
      return undefined;
    }
  }
}
