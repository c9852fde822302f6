import type { FastifyBaseLogger } from 'fastify';
import type { ChangeSignals } from '../../plugins/change-signals.ts';
import type { PreparedReplyCache } from '../../plugins/prepared-replies.ts';
import type { CatalogService } from './catalog.service.ts';

/**
 * What changed in the catalog, after it committed:
 * - `stock`: orders, payments, cancellations and returns moved these goods' stock or sales (`taken`: an order
 *   took units, so stock only went down);
 * - `ratings`: moderation changed these goods' published reviews (their average and count);
 * - `goods`: staff changed these goods (texts, prices, options, shelf), or created or deleted them;
 * - `categories`: staff changed the category tree;
 * - `everything`: the shop's settings changed (default language, currency), or an instance may have missed changes.
 */
export type CatalogChange =
  | { kind: 'stock'; goods: string[]; taken?: boolean }
  | { kind: 'ratings'; goods: string[] }
  | { kind: 'goods'; goods: string[] }
  | { kind: 'categories' }
  | { kind: 'everything' };

/** The tag of a goods' own replies: its detail page. */
export const goodsTag = (id: string) => `goods:${id}`;
/** The tag of the list replies showing a goods (listings, related goods). */
export const listedTag = (id: string) => `listed:${id}`;
/**
 * How long a list may still show a goods' stock and sales figures after they changed. What a shopper sees of them
 * on a card (in stock or sold out) is never late: that change empties every list at once. The detail page,
 * which shows the units left, is read again at once too.
 */
export const LIST_FIGURES_GRACE_MS = 1_000;
/** Tags of list replies: every list, and the lists sorted by sales (whose order sales change). */
export const LIST_TAG = 'list';
export const SALES_ORDER_TAG = 'sort:sales';

/**
 * Keeps the catalog's memory (the shelf, detail texts) and its prepared replies current on every instance.
 *
 * Reads must stay fast while the shop sells: an order no longer empties the whole cache. The shelf first reads
 * the goods the change names again (one query for all changes arriving together), then only the replies that
 * show them go: their detail pages at once, the list pages they are on (plus the lists sorted by sales when
 * sales moved) within `LIST_FIGURES_GRACE_MS`, so that a flash sale rebuilds a list about once a second rather
 * than on most of its reads. Everything is dropped only when what a list holds may have changed: a goods came, went,
 * changed its words, price, category or options, or ran out of stock or came back. Replies are rebuilt from
 * memory, so no reader waits for the database behind the orders.
 *
 * The order matters: the shelf is updated before replies are dropped, so a reply rebuilt after the drop holds
 * the new figures (a reply read before the drop is not kept: PreparedReplyCache's generation).
 */
export class CatalogChanges {
  private readonly committedListeners: ((change: CatalogChange) => void)[] = [];

  constructor(
    private readonly catalog: CatalogService,
    private readonly replies: PreparedReplyCache,
    private readonly signals: ChangeSignals,
    private readonly log: FastifyBaseLogger,
  ) {
    signals.onRemote('catalog', (detail) =>
      this.applyHere(isCatalogChange(detail) ? detail : { kind: 'everything' }),
    );
  }

  /**
   * Applies a change committed here and tells the other instances. Never throws: the change is committed, and a
   * failure to refresh memory is logged and answered by dropping every reply and reading the shelf again.
   */
  async changed(change: CatalogChange): Promise<void> {
    this.signals.send('catalog', change);
    await this.applyHere(change);
    for (const listener of this.committedListeners) listener(change);
  }

  /** Calls `listener` after each change committed on this instance (e.g. stock alerts look for restocked SKUs). */
  onCommitted(listener: (change: CatalogChange) => void): void {
    this.committedListeners.push(listener);
  }

  /** Applies a change on this instance only: one another instance made, or one every instance applies itself. */
  async applyHere(change: CatalogChange): Promise<void> {
    try {
      await this.applyOrThrow(change);
    } catch (error) {
      this.log.error({ err: error, change: change.kind }, 'catalog change not applied to memory');
      this.replies.clearHere();
      await this.catalog.reloadAll().catch((reloadError: unknown) => {
        this.log.error({ err: reloadError }, 'catalog not read again');
      });
      this.replies.clearHere();
    }
  }

  private async applyOrThrow(change: CatalogChange): Promise<void> {
    switch (change.kind) {
      // A rating changes neither what a list holds nor its order: only the replies showing these goods go.
      case 'ratings':
      case 'stock': {
        const outcome = await this.catalog.refresh(change.goods, {
          texts: false,
          stockOnly: change.kind === 'stock',
        });
        if (outcome.reshaped) {
          this.replies.clearHere();
          return;
        }
        this.replies.dropTagged(change.goods.map(goodsTag));
        const lists = change.goods.map(listedTag);
        if (outcome.salesChanged) lists.push(SALES_ORDER_TAG);
        // Cards show ratings as stars, and ratings change seldom; stock and sales move with every order.
        if (change.kind === 'ratings') this.replies.dropTagged(lists);
        else this.replies.staleTagged(lists, LIST_FIGURES_GRACE_MS);
        return;
      }
      case 'goods':
        await this.catalog.refresh(change.goods, { texts: true });
        this.replies.clearHere();
        return;
      case 'categories':
        await this.catalog.reloadCategories();
        this.replies.clearHere();
        return;
      case 'everything':
        await this.catalog.reloadAll();
        this.replies.clearHere();
    }
  }
}

function isCatalogChange(detail: unknown): detail is CatalogChange {
  if (typeof detail !== 'object' || detail === null || !('kind' in detail)) return false;
  const { kind } = detail as { kind: unknown };
  if (kind === 'categories' || kind === 'everything') return true;
  const goods = (detail as { goods?: unknown }).goods;
  return (
    (kind === 'stock' || kind === 'goods' || kind === 'ratings') &&
    Array.isArray(goods) &&
    goods.every((id) => typeof id === 'string')
  );
}
