import { Badge } from 'antd';
import type { BadgeProps } from 'antd';
import { useIntl } from 'react-intl';
import type { ReturnStatus } from '@shop/contract';

const RETURN_BADGES: Record<ReturnStatus, BadgeProps['status']> = {
  new: 'warning',
  approved: 'processing',
  rejected: 'default',
  received: 'processing',
  refunded: 'success',
};

/** A return's status as a dot beside the text. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const intl = useIntl();
  return (
    <Badge status={RETURN_BADGES[status]} text={intl.formatMessage({ id: `returns.status.${status}` })} />
  );
}
