import { Badge, Empty, Table, Typography } from 'antd';
import type { BadgeProps, TableColumnsType } from 'antd';
import { useIntl } from 'react-intl';
import type { AdminOrderDetail, AdminRefund, RefundStatus } from '@shop/contract';
import { useFormat } from './format.ts';
import { ScrollRegion } from '../../components/scroll-region.tsx';

const REFUND_BADGES: Record<RefundStatus, BadgeProps['status']> = {
  pending: 'processing',
  succeeded: 'success',
  failed: 'error',
};

/** A refund's status as a dot beside the text (the text keeps the normal colour, so it stays readable). */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const intl = useIntl();
  return (
    <Badge status={REFUND_BADGES[status]} text={intl.formatMessage({ id: `refunds.status.${status}` })} />
  );
}

/**
 * The reason as staff read it: automatic refunds and refunds of returns carry a code (`already_paid`,
 * `return:damaged`) that is shown in the UI language; a member of staff's own words are shown as written.
 */
export function useRefundReason() {
  const intl = useIntl();
  return (refund: Pick<AdminRefund, 'kind' | 'reason'>) => {
    if (refund.kind === 'automatic') {
      const id = `refunds.reason.${refund.reason}`;
      return id in intl.messages ? intl.formatMessage({ id }) : refund.reason;
    }
    if (refund.kind === 'return' && refund.reason.startsWith('return:')) {
      const id = `returns.reason.${refund.reason.slice('return:'.length)}`;
      return id in intl.messages ? intl.formatMessage({ id }) : refund.reason;
    }
    return refund.reason;
  };
}

/** Every refund of an order: amount, when, why, who, and whether the provider confirmed it. */
export function RefundsTable({ order }: { order: AdminOrderDetail }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { money, dateTime } = useFormat();
  const reasonText = useRefundReason();
  const lineName = (lineId: string) => order.lines.find((l) => l.id === lineId)?.name ?? lineId;
  const columns: TableColumnsType<AdminRefund> = [
    {
      title: t('refunds.field.amount'),
      key: 'amount',
      align: 'right',
      render: (_, r) => money(r.amount, r.currency),
    },
    {
      title: t('refunds.field.createdAt'),
      dataIndex: 'createdAt',
      render: (at: string) => <time dateTime={at}>{dateTime(at)}</time>,
    },
    {
      title: t('refunds.field.kind'),
      dataIndex: 'kind',
      render: (kind: AdminRefund['kind']) => t(`refunds.kind.${kind}`),
    },
    {
      title: t('refunds.field.status'),
      dataIndex: 'status',
      render: (status: RefundStatus) => <RefundStatusBadge status={status} />,
    },
    {
      title: t('refunds.field.reason'),
      key: 'reason',
      render: (_, r) => (
        <>
          <div>{reasonText(r)}</div>
          {r.lines.map((line) => (
            <Typography.Text key={line.lineId} type="secondary" style={{ display: 'block' }}>
              {intl.formatMessage(
                { id: line.restock ? 'refunds.lineRestocked' : 'refunds.lineKept' },
                { name: lineName(line.lineId), count: line.quantity },
              )}
            </Typography.Text>
          ))}
        </>
      ),
    },
    {
      title: t('refunds.field.staff'),
      key: 'staff',
      render: (_, r) => r.staff?.name ?? t('refunds.byShop'),
    },
  ];
  return (
    <ScrollRegion
      label={intl.formatMessage({ id: 'refunds.section' }, { count: String(order.refunds.length) })}
    >
      <Table<AdminRefund>
        rowKey="id"
        columns={columns}
        dataSource={order.refunds}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('refunds.none')} />,
        }}
      />
    </ScrollRegion>
  );
}
