import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { AppError, Code, formatCpf, type Address, type GuestAddress, type Locale } from '@shop/contract';
import { schema, type AddressSnapshot, type Db } from '@shop/db';
import type { z } from 'zod';
import type { addressBodySchema } from '@shop/contract';
import type { RegionsService } from '../regions/regions.service.ts';

const { addresses } = schema;
type AddressBody = z.infer<typeof addressBodySchema>;
type AddressRow = typeof addresses.$inferSelect;

const MAX_ADDRESSES = 20;

/**
 * A shopper's addresses; every method takes the owner and never touches anyone else's rows. Region names come in
 * `locale`, the language of whoever reads them.
 */
export class AddressesService {
  constructor(
    private readonly db: Db,
    private readonly regions: RegionsService,
  ) {}

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

  /**
   * An order's copy of an address with its region names in `locale`, the reader's language: the copy keeps the
   * names as placed, used where a code is no longer known.
   */
  async named<T extends { regionCodes: string[]; regionNames: string[] }>(
    address: T,
    locale: Locale,
  ): Promise<T> {
    const names = await this.regions.names(address.regionCodes, locale);
    return {
      ...address,
      regionNames: address.regionCodes.map((code, i) => names.get(code) ?? address.regionNames[i] ?? code),
    };
  }

  /**
   * An address that is kept with an order only (a guest checkout's), checked as an address book entry is: the
   * region path down to the last level there is, regions named in `locale`, the CPF written one way.
   */
  async snapshotOf(body: GuestAddress, locale: Locale): Promise<AddressSnapshot & { cpf: string }> {
    await this.assertRegionPath(body.regionCodes);
    const names = await this.regions.names(body.regionCodes, locale);
    return {
      name: body.name,
      phone: body.phone,
      regionCodes: body.regionCodes,
      regionNames: body.regionCodes.map((code) => names.get(code) ?? code),
      detail: body.detail,
      postcode: body.postcode,
      cpf: body.cpf ? formatCpf(body.cpf) : '',
    };
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
        .values({ ...stored(body), userId, isDefault })
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
        .set({ ...stored(body), updatedAt: new Date() })
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

  /**
   * Region codes must walk down the tree: a country, then one of its states, then one of its cities and one of
   * the city's districts, as deep as the data goes (a courier needs the city in Brazil and the United States,
   * the district in China and Taiwan).
   */
  private async assertRegionPath(codes: string[]) {
    if (!(await this.regions.isPath(codes)))
      throw new AppError(Code.validation, 'validation.invalid', { regionCodes: 'validation.invalid' });
    if (await this.regions.hasChildren(codes.at(-1)!))
      throw new AppError(Code.validation, 'validation.required', { regionCodes: 'validation.required' });
  }

  private async withRegionNames(rows: AddressRow[], locale: Locale): Promise<Address[]> {
    const names = await this.regions.names(
      rows.flatMap((r) => r.regionCodes),
      locale,
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      phone: r.phone,
      regionCodes: r.regionCodes,
      regionNames: r.regionCodes.map((c) => names.get(c) ?? c),
      detail: r.detail,
      postcode: r.postcode,
      cpf: r.cpf,
      isDefault: r.isDefault,
    }));
  }
}

/** The row's fields of a body: the CPF written one way, '' when none. */
function stored(body: AddressBody) {
  return { ...body, cpf: body.cpf ? formatCpf(body.cpf) : '' };
}

async function clearDefault(tx: Db, userId: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}
