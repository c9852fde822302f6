import type { Cart } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { effects } from '../../api.ts';
import { ActionButton } from '../../components/action-button.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { GOODS_IMAGE_SIZES, GoodsImage } from '../../features/catalog/goods-image.tsx';
import { useMoney } from '../../features/catalog/price.tsx';
import { moveFocus } from '../../features/navigation/focus.ts';
import { goodsPath } from '../../features/orders/order-parts.tsx';
import { CART_KEY, useCart } from '../../features/orders/queries.ts';
import { reportFailure } from '../../features/toast/report.ts';

type CartItem = Cart['items'][number];

/** The server's own limit per line. */
const MAX_QUANTITY = 999;

/** A line that cannot be bought only because it asks for more than is left: fewer would do. */
const isOverStock = (item: CartItem) => !item.available && item.stock > 0 && item.quantity > item.stock;
const canBuy = (item: CartItem) => item.available;

/**
 * Every change answers with the whole cart, which replaces the cached one. `expect` shows the change in the
 * lines meanwhile, until that answer, or a refetch after a failure, replaces it.
 */
function useCartChange<T>(change: (input: T) => Promise<Cart>, expect?: (cart: Cart, input: T) => Cart) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onMutate: async (input) => {
      if (!expect) return;
      await queryClient.cancelQueries({ queryKey: CART_KEY });
      queryClient.setQueryData<Cart>(CART_KEY, (cart) => cart && expect(cart, input));
    },
    onSuccess: (cart) => queryClient.setQueryData(CART_KEY, cart),
    onError: (error) => {
      reportFailure(error);
      // Stock may have moved (409): show the cart as it is now.
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
  });
}

function QuantityStepper({
  item,
  busy,
  onChange,
}: {
  item: CartItem;
  busy: boolean;
  onChange: (quantity: number) => void;
}) {
  const intl = useIntl();
  const max = Math.max(1, Math.min(item.stock, MAX_QUANTITY));
  const inputId = `cart-quantity-${item.skuId}`;
  const commit = (input: HTMLInputElement) => {
    const wanted = Math.floor(Number(input.value));
    if (!Number.isFinite(wanted) || wanted < 1) {
      input.value = String(item.quantity);
      return;
    }
    const quantity = Math.min(wanted, max);
    input.value = String(quantity);
    if (quantity !== item.quantity) onChange(quantity);
  };
  const soldOut = item.stock <= 0;
  // Not remounted when the server answers (that would drop focus): the field just shows the new quantity.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.value = String(item.quantity);
  }, [item.quantity]);
  // Busy, the buttons and the field keep focus but take no new change (aria-disabled, read-only).
  return (
    <div
      className="stepper"
      role="group"
      aria-label={intl.formatMessage({ id: 'cart.quantityOf' }, { name: item.name })}
    >
      <ActionButton
        type="button"
        className="button"
        disabled={soldOut}
        busy={busy}
        unavailable={item.quantity <= 1}
        onClick={() => onChange(Math.min(item.quantity - 1, max))}
        aria-label={intl.formatMessage({ id: 'cart.decrease' })}
        aria-controls={inputId}
      >
        −
      </ActionButton>
      <label htmlFor={inputId} className="visually-hidden">
        <FormattedMessage id="cart.quantity" />
      </label>
      {/* Uncontrolled: typing is free, the number is sent when the field is left or Enter is pressed. */}
      <input
        ref={input}
        id={inputId}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        defaultValue={item.quantity}
        disabled={soldOut}
        readOnly={busy}
        onBlur={(event) => {
          if (!busy) commit(event.currentTarget);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !busy) {
            event.preventDefault();
            commit(event.currentTarget);
          }
        }}
      />
      <ActionButton
        type="button"
        className="button"
        disabled={soldOut}
        busy={busy}
        unavailable={item.quantity >= max}
        onClick={() => onChange(item.quantity + 1)}
        aria-label={intl.formatMessage({ id: 'cart.increase' })}
        aria-controls={inputId}
      >
        +
      </ActionButton>
    </div>
  );
}

function CartLine({ item, currency }: { item: CartItem; currency: string }) {
  const intl = useIntl();
  const money = useMoney();
  const update = useCartChange((change: { quantity?: number; selected?: boolean }) =>
    effects.updateCartItem(item.skuId, change),
  );
  // The box follows the click at once; the server's answer then confirms or undoes it.
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const choose = (selected: boolean) => {
    setChoosing(selected);
    update.mutate({ selected }, { onSettled: () => setChoosing(null) });
  };
  const remove = useCartChange(() => effects.removeCartItem(item.skuId));
  const line = useRef<HTMLLIElement>(null);
  // Once the line is gone the keyboard continues on the next line (else the one before, else the empty cart's
  // way back to the shop).
  const removeLine = () => {
    const next = line.current?.nextElementSibling ?? line.current?.previousElementSibling;
    remove.mutate(undefined, {
      onSuccess: () => moveFocus(next?.querySelector<HTMLElement>('.cart-line-info a'), 'main .empty a'),
    });
  };
  const busy = update.isPending || remove.isPending;
  const nameId = `cart-item-${item.skuId}`;
  const statusId = `cart-item-status-${item.skuId}`;
  const overStock = isOverStock(item);
  return (
    <li ref={line} className={item.available ? 'cart-line' : 'cart-line cart-line-unavailable'}>
      <input
        type="checkbox"
        // A line that cannot be bought is left out whatever its stored choice: it shows unticked.
        checked={choosing ?? (item.selected && canBuy(item))}
        disabled={!canBuy(item)}
        aria-disabled={busy || undefined}
        onChange={(event) => {
          if (!busy) choose(event.target.checked);
        }}
        aria-label={intl.formatMessage({ id: 'cart.select' }, { name: item.name })}
        aria-describedby={item.available ? undefined : statusId}
      />
      <GoodsImage src={item.image} sizes={GOODS_IMAGE_SIZES.cartLine} width={80} height={80} loading="lazy" />
      <div className="cart-line-info">
        <Link id={nameId} to={goodsPath(item.goodsId)}>
          {item.name}
        </Link>
        {item.options.length > 0 && <p className="goods-meta">{item.options.join(' / ')}</p>}
        <p>
          <span className="price-now">{money(item.price, currency)}</span>
          {item.quantity > 1 && (
            <span className="goods-meta">
              {' '}
              <FormattedMessage
                id="cart.lineTotal"
                values={{ amount: money(item.price * item.quantity, currency) }}
              />
            </span>
          )}
        </p>
        {!item.available && (
          <p id={statusId} className="badge">
            {overStock ? (
              <FormattedMessage id="cart.onlyLeft" values={{ count: item.stock }} />
            ) : (
              <FormattedMessage id="cart.unavailable" />
            )}
          </p>
        )}
      </div>
      <QuantityStepper item={item} busy={busy} onChange={(quantity) => update.mutate({ quantity })} />
      <ActionButton
        type="button"
        className="button button-link"
        busy={busy}
        onClick={removeLine}
        aria-label={intl.formatMessage({ id: 'cart.removeItem' }, { name: item.name })}
      >
        <FormattedMessage id="cart.remove" />
      </ActionButton>
    </li>
  );
}

/** Ticks or unticks every line that can be bought; lines are changed one after another, the last answer wins. */
function SelectAll({ cart }: { cart: Cart }) {
  const intl = useIntl();
  const buyable = cart.items.filter(canBuy);
  const selected = buyable.filter((item) => item.selected);
  const all = buyable.length > 0 && selected.length === buyable.length;
  const some = selected.length > 0 && !all;
  const [choosing, setChoosing] = useState<boolean | null>(null);
  const change = useCartChange(
    async (select: boolean) => {
      let latest = cart;
      for (const item of buyable.filter((line) => line.selected !== select)) {
        latest = await effects.updateCartItem(item.skuId, { selected: select });
      }
      return latest;
    },
    (current, select) => ({
      ...current,
      items: current.items.map((item) => (canBuy(item) ? { ...item, selected: select } : item)),
    }),
  );
  return (
    <label className="check cart-select-all">
      <input
        type="checkbox"
        checked={choosing ?? all}
        ref={(input) => {
          if (input) input.indeterminate = choosing === null && some;
        }}
        disabled={buyable.length === 0}
        aria-disabled={change.isPending || undefined}
        onChange={() => {
          if (change.isPending) return;
          setChoosing(!all);
          change.mutate(!all, { onSettled: () => setChoosing(null) });
        }}
      />
      <span>
        {intl.formatMessage({ id: 'cart.selectAll' })}{' '}
        <span className="goods-meta">
          <FormattedMessage
            id="cart.selectedCount"
            values={{ selected: selected.length, total: buyable.length }}
          />
        </span>
      </span>
    </label>
  );
}

function CartContents({ cart }: { cart: Cart }) {
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const chosen = cart.items.filter((item) => item.selected && canBuy(item));
  const count = chosen.reduce((sum, item) => sum + item.quantity, 0);

  // Checkout buys the cart's ticked lines: a ticked line that can no longer be bought is unticked first, or
  // the order would be refused for it.
  const checkout = async () => {
    setLeaving(true);
    try {
      let latest: Cart | undefined;
      for (const item of cart.items.filter((line) => line.selected && !canBuy(line))) {
        latest = await effects.updateCartItem(item.skuId, { selected: false });
      }
      if (latest) queryClient.setQueryData(CART_KEY, latest);
      await navigate('/order');
    } catch (error) {
      reportFailure(error);
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      setLeaving(false);
    }
  };

  return (
    <>
      <SelectAll cart={cart} />
      <ul className="cart-lines">
        {cart.items.map((item) => (
          <CartLine key={item.skuId} item={item} currency={cart.currency} />
        ))}
      </ul>
      <div className="summary">
        <div aria-live="polite">
          <p>
            <FormattedMessage id="cart.subtotalFor" values={{ count }} />{' '}
            <strong className="price-now">{money(cart.subtotal, cart.currency)}</strong>
          </p>
          <p className="field-hint">
            <FormattedMessage id={chosen.length > 0 ? 'cart.shippingLater' : 'cart.selectSome'} />
          </p>
        </div>
        <button
          type="button"
          className="button button-primary"
          disabled={chosen.length === 0 || leaving}
          onClick={() => void checkout()}
        >
          <FormattedMessage id="cart.checkout" />
        </button>
      </div>
    </>
  );
}

export default function CartPage() {
  const cart = useCart();
  return (
    <section>
      <h1>
        <FormattedMessage id="page.cart" />
      </h1>
      {cart.isPending ? (
        <PageLoading />
      ) : cart.isError ? (
        <LoadFailed onRetry={() => void cart.refetch()} />
      ) : cart.data.items.length === 0 ? (
        <div className="empty">
          <p>
            <FormattedMessage id="cart.empty" />
          </p>
          <Link to="/" className="button button-primary">
            <FormattedMessage id="cart.browse" />
          </Link>
        </div>
      ) : (
        <CartContents cart={cart.data} />
      )}
    </section>
  );
}
