import type { Cart } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { effects } from '../../api.ts';
import { ComingSoon, isNotYetAvailable } from '../../components/coming-soon.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { useMoney } from '../../features/catalog/price.tsx';
import { CART_KEY, useCart } from '../../features/orders/queries.ts';
import { reportFailure } from '../../features/toast/report.ts';

type CartItem = Cart['items'][number];

function CartLine({ item, currency }: { item: CartItem; currency: string }) {
  const intl = useIntl();
  const money = useMoney();
  const queryClient = useQueryClient();
  const onSuccess = (cart: Cart) => queryClient.setQueryData(CART_KEY, cart);
  const update = useMutation({
    mutationFn: (change: { quantity?: number; selected?: boolean }) =>
      effects.updateCartItem(item.skuId, change),
    onSuccess,
    onError: reportFailure,
  });
  const remove = useMutation({
    mutationFn: () => effects.removeCartItem(item.skuId),
    onSuccess,
    onError: reportFailure,
  });
  const busy = update.isPending || remove.isPending;
  const nameId = `cart-item-${item.skuId}`;
  return (
    <li className={item.available ? 'cart-line' : 'cart-line cart-line-unavailable'}>
      <input
        type="checkbox"
        checked={item.selected}
        disabled={busy || !item.available}
        onChange={(event) => update.mutate({ selected: event.target.checked })}
        aria-label={intl.formatMessage({ id: 'cart.select' }, { name: item.name })}
      />
      <img src={item.image} alt="" width={80} height={80} loading="lazy" />
      <div className="cart-line-info">
        <Link id={nameId} to={`/detail?id=${encodeURIComponent(item.goodsId)}`}>
          {item.name}
        </Link>
        {item.options.length > 0 && <p className="goods-meta">{item.options.join(' / ')}</p>}
        <p className="price-now">{money(item.price, currency)}</p>
        {!item.available && (
          <p className="badge">
            <FormattedMessage id="cart.unavailable" />
          </p>
        )}
      </div>
      <div className="stepper" role="group" aria-labelledby={nameId}>
        <button
          type="button"
          className="button"
          disabled={busy || item.quantity <= 1}
          onClick={() => update.mutate({ quantity: item.quantity - 1 })}
          aria-label={intl.formatMessage({ id: 'cart.decrease' })}
        >
          −
        </button>
        <output aria-label={intl.formatMessage({ id: 'detail.quantity' })}>{item.quantity}</output>
        <button
          type="button"
          className="button"
          disabled={busy || item.quantity >= item.stock}
          onClick={() => update.mutate({ quantity: item.quantity + 1 })}
          aria-label={intl.formatMessage({ id: 'cart.increase' })}
        >
          +
        </button>
      </div>
      <button type="button" className="button button-link" disabled={busy} onClick={() => remove.mutate()}>
        <FormattedMessage id="cart.remove" />
      </button>
    </li>
  );
}

export default function CartPage() {
  const money = useMoney();
  const cart = useCart();

  if (cart.isError && isNotYetAvailable(cart.error)) {
    return <ComingSoon title="page.cart" text="cart.coming" />;
  }
  const selected = cart.data?.items.filter((item) => item.selected && item.available) ?? [];

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
            <FormattedMessage id="detail.browse" />
          </Link>
        </div>
      ) : (
        <>
          <ul className="cart-lines">
            {cart.data.items.map((item) => (
              <CartLine key={item.skuId} item={item} currency={cart.data.currency} />
            ))}
          </ul>
          <div className="summary">
            <p>
              <FormattedMessage id="order.subtotal" />{' '}
              <strong className="price-now">{money(cart.data.subtotal, cart.data.currency)}</strong>
            </p>
            {selected.length > 0 ? (
              <Link to="/order" className="button button-primary">
                <FormattedMessage id="cart.checkout" />
              </Link>
            ) : (
              <p className="field-hint">
                <FormattedMessage id="cart.selectSome" />
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
