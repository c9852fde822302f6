import { eq } from 'drizzle-orm';
import { schema, type Db } from '@shop/db';

/**
 * Questions other modules ask about orders without owning their tables. Plain functions over the caller's
 * `db` (or transaction), so a caller can ask inside its own transaction, and none of them needs OrdersService,
 * which is built after the catalog.
 */

/**
 * Whether any order, in any state, ever had a line of this goods. Lines keep their own copy of what was bought,
 * so the answer stays true after the goods or its SKUs change; the catalog refuses to delete such goods.
 */
export async function hasOrderedGoods(db: Db, goodsId: string): Promise<boolean> {
  const [line] = await db
    .select({ goodsId: schema.orderLines.goodsId })
    .from(schema.orderLines)
    .where(eq(schema.orderLines.goodsId, goodsId))
    .limit(1);
  return line !== undefined;
}
