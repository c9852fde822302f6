import type {
  AdminGoodsRow,
  AdminOrderRow,
  AdminOrdersQuery,
  AdminSearchResult,
  AdminShopperRow,
  AdminShoppersQuery,
  PageMeta,
} from '@shop/contract';
import type { ShopLocale } from '../catalog/catalog.service.ts';

type Found<T> = Promise<{ items: T[]; meta: PageMeta }>;

/** The owning modules' staff lists, each searched with its own keyword rules. */
export interface SearchSources {
  goods(keyword: string, limit: number, at: ShopLocale): Found<AdminGoodsRow>;
  orders(query: AdminOrdersQuery): Found<AdminOrderRow>;
  shoppers(query: AdminShoppersQuery, at: ShopLocale): Found<AdminShopperRow>;
}

/**
 * The back office's global search: the first few goods, orders and shoppers a keyword finds, with how many
 * there are of each. It owns no tables: each kind is the owning module's own list, through its indexes.
 */
export class SearchAdminService {
  constructor(private readonly sources: SearchSources) {}

  async search(q: string, limit: number, at: ShopLocale): Promise<AdminSearchResult> {
    const page = { page: 1, pageSize: limit };
    const [goods, orders, shoppers] = await Promise.all([
      this.sources.goods(q, limit, at),
      this.sources.orders({ keyword: q, sort: 'newest', ...page }),
      this.sources.shoppers({ keyword: q, sort: 'newest', ...page }, at),
    ]);
    const found = <T>(list: { items: T[]; meta: PageMeta }) => ({
      items: list.items,
      total: list.meta.total,
    });
    return { goods: found(goods), orders: found(orders), shoppers: found(shoppers) };
  }
}
