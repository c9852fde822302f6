import type { OrderDetail } from '@shop/contract';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { Result } from '../../components/result.tsx';
import { useMoney } from '../../features/catalog/price.tsx';
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
