import type { OrderDetail, OrderPreview } from '@shop/contract';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { Result } from '../../components/result.tsx';
import { useMoney } from '../../features/catalog/price.tsx';
import { DeliveryDays } from '../../features/orders/order-parts.tsx';
import { orderPath } from '../../features/orders/order-token.ts';

/** What the checkout buys, each the signed-in shopper's and the guest's alike. */
export type Items = { skuId: string; quantity: number }[];

/** Buy now (`?skuId=…&quantity=…` from the goods page) orders that SKU alone; otherwise the cart's ticked lines. */
export function buyNowItems(params: URLSearchParams): Items | undefined {
  const skuId = params.get('skuId')?.trim();
  if (!skuId) return undefined;
  const quantity = Math.floor(Number(params.get('quantity') ?? '1'));
  return [{ skuId, quantity: Number.isFinite(quantity) ? Math.min(Math.max(quantity, 1), 999) : 1 }];
}

/**
 * After the order is placed: on the way to the payment page, or a way to pay if starting it failed. A guest's
 * order (`token`) links to its page with the token.
 */
export function Placed({
  order,
  paying,
  onPay,
  token,
}: {
  order: OrderDetail;
  paying: boolean;
  onPay: () => void;
  token?: string | undefined;
}) {
  const money = useMoney();
  if (paying) {
    return (
      <Result tone="info" title={<FormattedMessage id="order.placedTitle" />}>
        <p role="status">
          <FormattedMessage id="order.toPayment" />
        </p>
        <PageLoading />
      </Result>
    );
  }
  return (
    <Result
      tone="warning"
      title={<FormattedMessage id="order.placedTitle" />}
      actions={
        <>
          <button type="button" className="button button-primary" onClick={onPay}>
            <FormattedMessage id="orders.payNow" />
          </button>
          <Link to={orderPath(order.id, token)} className="button">
            <FormattedMessage id="orders.viewOrder" />
          </Link>
        </>
      }
    >
      <p>
        <FormattedMessage
          id={token ? 'order.payLaterGuest' : 'order.payLater'}
          values={{ amount: money(order.total, order.currency) }}
        />
      </p>
    </Result>
  );
}

/**
 * How the parcel goes: the methods the server offers for this address, each with its fee and delivery time. The
 * one ticked is the preview's own (`shippingMethod`), so the page never keeps a choice the totals do not hold.
 */
export function ShippingChoice({
  preview,
  pendingId,
  onChoose,
}: {
  preview: OrderPreview;
  /** A method just chosen whose totals are on their way: ticked meanwhile, if this address has it. */
  pendingId: string | null;
  onChoose: (id: string) => void;
}) {
  const money = useMoney();
  const ticked = preview.shippingMethods.some((method) => method.id === pendingId)
    ? pendingId
    : preview.shippingMethod?.id;
  return (
    <section className="card checkout-section" aria-labelledby="order-shipping-heading">
      <h2 id="order-shipping-heading">
        <FormattedMessage id="order.shippingMethod" />
      </h2>
      {preview.shippingMethods.length === 0 ? (
        <p className="form-error" role="alert">
          <FormattedMessage id="order.cannotShip" />
        </p>
      ) : (
        <fieldset className="choice-list">
          <legend className="visually-hidden">
            <FormattedMessage id="order.shippingMethod" />
          </legend>
          {preview.shippingMethods.map((method) => (
            <label key={method.id} className="choice">
              <input
                type="radio"
                name="order-shipping"
                value={method.id}
                checked={ticked === method.id}
                onChange={() => onChoose(method.id)}
              />
              <span>
                {method.name}{' '}
                <strong>
                  {method.fee === 0 ? (
                    <FormattedMessage id="order.shippingFree" />
                  ) : (
                    money(method.fee, preview.currency)
                  )}
                </strong>
                {method.estimatedDays && (
                  <span className="goods-meta">
                    {' · '}
                    <DeliveryDays days={method.estimatedDays} />
                  </span>
                )}
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
