import { asc } from 'drizzle-orm';
import type { Locale, Region } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { RegionNames } from './region-names.ts';

/**
 * The region tree, named in the shopper's language (region-names.ts) and, at each level, in that language's
 * alphabetical order (pinyin for Chinese, stroke order for traditional Chinese).
 */
export class RegionsService {
  constructor(private readonly db: Db) {}

  async tree(locale: Locale): Promise<Region[]> {
    const rows = await this.db
      .select()
      .from(schema.regions)
      .orderBy(asc(schema.regions.level), asc(schema.regions.sort), asc(schema.regions.code));
    const names = new RegionNames(locale);
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
}
