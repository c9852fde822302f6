import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, Code, type Address, type Locale } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import type { z } from 'zod';
import type { addressBodySchema } from '@shop/contract';
import { RegionNames } from '../regions/region-names.ts';

const { addresses, regions } = schema;
type AddressBody = z.infer<typeof addressBodySchema>;
type AddressRow = typeof addresses.$inferSelect;

const MAX_ADDRESSES = 20;

/**
 * A shopper's addresses; every method takes the owner and never touches anyone else's rows. Region names come in
 * `locale`, the language of whoever reads them.
 */
export class AddressesService {
  constructor(private readonly db: Db) {}

  async list(userId: string, locale: Locale): Promise<Address[]> {
    const rows = await this.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), asc(addresses.createdAt));
    return this.withRegionNames(rows, locale);
  }

  async get(userId: string, id: string, locale: Locale): Promise<Address> {
    const [row] = await this.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!row) throw new AppError(Code.notFound, 'error.notFound');
    return (await this.withRegionNames([row], locale))[0]!;
  }

  async create(userId: string, body: AddressBody, locale: Locale): Promise<Address> {
    await this.assertRegionPath(body.regionCodes);
    const row = await this.db.transaction(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(addresses)
        .where(eq(addresses.userId, userId));
      if (n >= MAX_ADDRESSES) throw new AppError(Code.refused, 'error.address.limit', undefined, 409);
      // The first address is the default whatever the form says: checkout needs one.
      const isDefault = body.isDefault || n === 0;
      if (isDefault) await clearDefault(tx, userId);
      const [created] = await tx
        .insert(addresses)
        .values({ ...body, userId, isDefault })
        .returning();
      return created!;
    });
    return (await this.withRegionNames([row], locale))[0]!;
  }

  async update(userId: string, id: string, body: AddressBody, locale: Locale): Promise<Address> {
    await this.assertRegionPath(body.regionCodes);
    const row = await this.db.transaction(async (tx) => {
      if (body.isDefault) await clearDefault(tx, userId);
      const [updated] = await tx
        .update(addresses)
        .set({ ...body, updatedAt: new Date() })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      if (!updated) throw new AppError(Code.notFound, 'error.notFound');
      return updated;
    });
    return (await this.withRegionNames([row], locale))[0]!;
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      if (!removed) throw new AppError(Code.notFound, 'error.notFound');
      if (removed.isDefault) {
        const [next] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.userId, userId))
          .orderBy(asc(addresses.createdAt))
          .limit(1);
        if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
      }
    });
  }

  /** Region codes must walk down the tree: a country, then one of its states, then one of its cities. */
  private async assertRegionPath(codes: string[]) {
    const rows = await this.db.select().from(regions).where(inArray(regions.code, codes));
    const byCode = new Map(rows.map((r) => [r.code, r]));
    const valid = codes.every((code, i) => {
      const region = byCode.get(code);
      return (
        region &&
        region.level === i + 1 &&
        (i === 0 ? region.parentCode === null : region.parentCode === codes[i - 1])
      );
    });
    if (!valid)
      throw new AppError(Code.validation, 'validation.invalid', { regionCodes: 'validation.invalid' });
  }

  private async withRegionNames(rows: AddressRow[], locale: Locale): Promise<Address[]> {
    const codes = [...new Set(rows.flatMap((r) => r.regionCodes))];
    const inLocale = new RegionNames(locale);
    const names = codes.length
      ? new Map(
          (await this.db.select().from(regions).where(inArray(regions.code, codes))).map((r) => [
            r.code,
            inLocale.of(r),
          ]),
        )
      : new Map<string, string>();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      regionCodes: r.regionCodes,
      regionNames: r.regionCodes.map((c) => names.get(c) ?? c),
      detail: r.detail,
      postcode: r.postcode,
      isDefault: r.isDefault,
    }));
  }
}

async function clearDefault(tx: Db, userId: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}
