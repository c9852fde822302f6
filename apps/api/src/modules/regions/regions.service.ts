import { asc } from 'drizzle-orm';
import type { Locale, Region } from '@shop/contract';
import { schema, type Db } from '@shop/db';

/**
 * The region tree. Stored names are English; country names are shown in the shopper's language with
 * `Intl.DisplayNames`, which knows every ISO 3166 code in every locale Node ships.
 */
export class RegionsService {
  constructor(private readonly db: Db) {}

  async tree(locale: Locale): Promise<Region[]> {
    const rows = await this.db
      .select()
      .from(schema.regions)
      .orderBy(asc(schema.regions.level), asc(schema.regions.sort), asc(schema.regions.code));
    const countryNames = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    const nodes = new Map<string, Region>();
    const roots: Region[] = [];
    for (const row of rows) {
      const name = row.level === 1 ? (safeDisplayName(countryNames, row.code) ?? row.name) : row.name;
      const node: Region = { code: row.code, name };
      nodes.set(row.code, node);
      const parent = row.parentCode ? nodes.get(row.parentCode) : undefined;
      if (parent) (parent.children ??= []).push(node);
      else roots.push(node);
    }
    const collator = new Intl.Collator(locale);
    return roots.sort((a, b) => collator.compare(a.name, b.name));
  }
}

function safeDisplayName(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    return names.of(code);
  } catch {
    return undefined;
  }
}
