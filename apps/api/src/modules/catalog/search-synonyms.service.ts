import { sql } from 'drizzle-orm';
import {
  SUPPORTED_LOCALES,
  type Locale,
  type SearchSynonyms,
  type SearchSynonymsInput,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { AuditLog } from '../staff/audit-log.ts';

const { searchSynonyms } = schema;

/**
 * Staff's synonym groups, one row per language. Saving replaces every language's groups in one transaction with
 * its audit entry; the caller then hands them to the search (CatalogService.setSynonyms) on every instance.
 */
export class SearchSynonymsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  async get(executor: Db = this.db): Promise<SearchSynonyms> {
    const rows = await executor.select().from(searchSynonyms);
    const groups = Object.fromEntries(
      SUPPORTED_LOCALES.map((locale) => [locale, [] as string[][]]),
    ) as Record<Locale, string[][]>;
    let updatedAt: Date | null = null;
    for (const row of rows) {
      groups[row.locale] = row.groups;
      if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
    }
    return { groups, updatedAt: updatedAt?.toISOString() ?? null };
  }

  async replace(input: SearchSynonymsInput, actorId: string): Promise<SearchSynonyms> {
    // Words of a group once each, as typed; empty groups never reach here (the contract wants two words).
    const groups = Object.fromEntries(
      SUPPORTED_LOCALES.map((locale) => [locale, input.groups[locale].map((group) => [...new Set(group)])]),
    ) as Record<Locale, string[][]>;
    return this.db.transaction(async (tx) => {
      const before = await this.get(tx);
      const now = new Date();
      await tx
        .insert(searchSynonyms)
        .values(SUPPORTED_LOCALES.map((locale) => ({ locale, groups: groups[locale], updatedAt: now })))
        .onConflictDoUpdate({
          target: searchSynonyms.locale,
          set: { groups: sql`excluded.groups`, updatedAt: now },
        });
      await this.audit.record(tx, {
        actorId,
        action: 'search.synonyms.update',
        entity: 'settings',
        entityId: 'search-synonyms',
        before: before.groups,
        after: groups,
      });
      return { groups, updatedAt: now.toISOString() };
    });
  }
}
