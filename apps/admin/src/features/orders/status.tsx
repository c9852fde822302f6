import { Badge } from 'antd';
import type { BadgeProps } from 'antd';
import { useIntl } from 'react-intl';
import { orderStatusValues } from '@shop/contract';
import type { OrderStatus, ShopperStatus } from '@shop/contract';

/**
 * Statuses as a coloured dot beside the text: the text keeps the normal text colour, so it stays readable
 * (WCAG contrast) whatever the status colour.
 */
const ORDER_BADGES: Record<OrderStatus, BadgeProps['status']> = {
  pending_payment: 'warning',
  paid: 'processing',
  shipped: 'success',
  completed: 'default',
  cancelled: 'default',
  refunded: 'error',
  partially_refunded: 'warning',
};

export const ORDER_STATUSES = orderStatusValues;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const intl = useIntl();
  return <Badge status={ORDER_BADGES[status]} text={intl.formatMessage({ id: `orders.status.${status}` })} />;
}

const SHOPPER_BADGES: Record<ShopperStatus, BadgeProps['status']> = {
  active: 'success',
  disabled: 'error',
  not_activated: 'warning',
};

export function ShopperStatusBadge({ status }: { status: ShopperStatus }) {
  const intl = useIntl();
  return (
    <Badge status={SHOPPER_BADGES[status]} text={intl.formatMessage({ id: `shoppers.status.${status}` })} />
  );
}

/** ProTable `valueEnum`s for the status filters. */
export function useStatusEnums() {
  const intl = useIntl();
  return {
    order: Object.fromEntries(
      orderStatusValues.map((s) => [s, { text: intl.formatMessage({ id: `orders.status.${s}` }) }]),
    ),
    shopper: Object.fromEntries(
      (['active', 'disabled', 'not_activated'] as const).map((s) => [
        s,
        { text: intl.formatMessage({ id: `shoppers.status.${s}` }) },
      ]),
    ),
  };
}
