import { asc, eq } from 'drizzle-orm';
import type { Locale, Region } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { RegionNames } from './region-names.ts';
import { RegionDivisions, divisionName } from './region-divisions.ts';

/**
 * The region tree, named in the shopper's language (region-names.ts) and, at each level, in that language's
 * alphabetical order (pinyin for Chinese, stroke order for traditional Chinese). Countries and their states or
 * provinces are the `regions` table; cities and districts below them come from data packages in memory
 * (region-divisions.ts), one level at a time.
 */
type RegionRow = typeof schema.regions.$inferSelect;

export class RegionsService {
  private readonly divisions: RegionDivisions;
  /**
   * Countries and their states by code, read once: reference data the seed writes before the shop starts and
   * nothing changes while it runs, and every checkout names its address's regions (preview, order, its mail).
   */
  private byCode: Promise<Map<string, RegionRow>> | undefined;

  constructor(private readonly db: Db) {
    this.divisions = new RegionDivisions(async (country) =>
      (
        await this.db
          .select({ code: schema.regions.code })
          .from(schema.regions)
          .where(eq(schema.regions.parentCode, country))
      ).map((row) => row.code),
    );
  }

  private known(): Promise<Map<string, RegionRow>> {
    if (!this.byCode) {
      const loading = this.db
        .select()
        .from(schema.regions)
        .then((rows) => new Map(rows.map((row) => [row.code, row])));
      // A failed read is tried again by the next caller.
      loading.catch(() => (this.byCode = undefined));
      this.byCode = loading;
    }
    return this.byCode;
  }

  async tree(locale: Locale): Promise<Region[]> {
    const rows = await this.db
      .select()
      .from(schema.regions)
      .orderBy(asc(schema.regions.level), asc(schema.regions.sort), asc(schema.regions.code));
    const names = RegionNames.in(locale);
    const nodes = new Map<string, Region>();
    const roots: Region[] = [];
    for (const row of rows) {
      const node: Region = { code: row.code, name: names.of(row) };
      nodes.set(row.code, node);
      const parent = row.parentCode ? nodes.get(row.parentCode) : undefined;
      if (parent) (parent.children ??= []).push(node);
      else roots.push(node);
    }
    const collator = new Intl.Collator(locale);
    const sortLevel = (level: Region[]) => {
      level.sort((a, b) => collator.compare(a.name, b.name));
      for (const region of level) if (region.children) sortLevel(region.children);
    };
    sortLevel(roots);
    return roots;
  }

  /** The cities or districts directly below a state, province or city (none where the data stops). */
  async children(parentCode: string, locale: Locale): Promise<Region[]> {
    const collator = new Intl.Collator(locale);
    const children = await this.divisions.children(parentCode);
    return children
      .map((division) => ({ code: division.code, name: divisionName(division, locale) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }

  /** Whether a region has states, cities or districts below it that an address must choose from. */
  async hasChildren(code: string): Promise<boolean> {
    const [state] = await this.db
      .select({ code: schema.regions.code })
      .from(schema.regions)
      .where(eq(schema.regions.parentCode, code))
      .limit(1);
    return state !== undefined || (await this.divisions.children(code)).length > 0;
  }

  /**
   * Whether codes walk down the tree: a country, one of its states, then (where the data has them) one of that
   * state's cities and one of the city's districts.
   */
  async isPath(codes: readonly string[]): Promise<boolean> {
    const top = codes.slice(0, 2);
    const byCode = await this.known();
    const topValid = top.every((code, i) => {
      const region = byCode.get(code);
      return (
        region &&
        region.level === i + 1 &&
        (i === 0 ? region.parentCode === null : region.parentCode === codes[i - 1])
      );
    });
    if (!topValid) return false;
    for (let i = 2; i < codes.length; i++) {
      const division = await this.divisions.get(codes[i]!);
      if (!division || division.parentCode !== codes[i - 1]) return false;
    }
    return true;
  }

  /** The names of region codes in one locale, by code (a code not found is left out). */
  async names(codes: readonly string[], locale: Locale): Promise<Map<string, string>> {
    const unique = [...new Set(codes)];
    const names = new Map<string, string>();
    if (unique.length === 0) return names;
    const inLocale = RegionNames.in(locale);
    const known = await this.known();
    for (const code of unique) {
      const row = known.get(code);
      if (row) names.set(code, inLocale.of(row));
    }
    for (const code of unique) {
      if (names.has(code)) continue;
      const division = await this.divisions.get(code);
      if (division) names.set(code, divisionName(division, locale));
    }
    return names;
  }
}
