import { PageContainer, ProCard, ProDescriptions } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Empty, Space, Table, Tag, Timeline, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { AdminOrderDetail, AdminOrderEvent } from '@shop/contract';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useFormat } from '../../../features/orders/format.ts';
import { ShipOrderButton } from '../../../features/orders/order-actions.tsx';
import { RefundOrderButton } from '../../../features/orders/refund-order-button.tsx';
import { RefundsTable, RefundStatusBadge } from '../../../features/orders/refunds-table.tsx';
import { ReturnStatusBadge } from '../../../features/returns/return-status.tsx';
import { isNotFound, orderQuery } from '../../../features/orders/queries.ts';
import { OrderStatusBadge } from '../../../features/orders/status.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

type Line = AdminOrderDetail['lines'][number];
type Charge = AdminOrderDetail['charges'][number];
type OrderReturn = AdminOrderDetail['returns'][number];

/** While the provider has not confirmed a refund, the page asks again every few seconds. */
const PENDING_POLL_MS = 2000;

function useActorText() {
  const intl = useIntl();
  return (event: AdminOrderEvent) =>
    event.actor === 'staff'
      ? intl.formatMessage({ id: 'orders.actor.staff' }, { name: event.staff?.name ?? '' })
      : intl.formatMessage({ id: `orders.actor.${event.actor}` });
}

function LinesTable({ order }: { order: AdminOrderDetail }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { money } = useFormat();
  const columns: TableColumnsType<Line> = [
    {
      title: t('orders.line.goods'),
      key: 'goods',
      render: (_, line) => (
        <Space>
          <img
            src={line.image}
            alt=""
            width={48}
            height={48}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
          <Space direction="vertical" size={0}>
            <Link to={`/form/goods/${line.goodsId}`}>{line.name}</Link>
            {line.options.length > 0 && (
              <Typography.Text type="secondary">{line.options.join(' / ')}</Typography.Text>
            )}
          </Space>
        </Space>
      ),
    },
    {
      title: t('orders.line.price'),
      key: 'price',
      align: 'right',
      render: (_, l) => money(l.price, order.currency),
    },
    { title: t('orders.line.quantity'), dataIndex: 'quantity', align: 'right' },
    {
      title: t('refunds.line.refunded'),
      dataIndex: 'refundedQuantity',
      align: 'right',
      render: (units: number) => (units > 0 ? units : '—'),
    },
    {
      title: t('orders.line.amount'),
      key: 'amount',
      align: 'right',
      render: (_, l) => money(l.price * l.quantity, order.currency),
    },
  ];
  const taxLabel = (id: string, tax: { name: string; rate: number }) =>
    intl.formatMessage(
      { id },
      {
        name: tax.name,
        rate: intl.formatNumber(tax.rate / 100, { style: 'percent', maximumFractionDigits: 4 }),
      },
    );
  const totalRow = (label: string, value: string, strong = false) => (
    <Table.Summary.Row key={label}>
      <Table.Summary.Cell index={0} colSpan={4} align="right">
        {strong ? <Typography.Text strong>{label}</Typography.Text> : label}
      </Table.Summary.Cell>
      <Table.Summary.Cell index={1} align="right">
        {strong ? <Typography.Text strong>{value}</Typography.Text> : value}
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
  return (
    <ScrollRegion label={t('orders.section.lines')}>
      <Table<Line>
        rowKey="id"
        columns={columns}
        dataSource={order.lines}
        pagination={false}
        summary={() => (
          <Table.Summary>
            {totalRow(t('orders.totals.subtotal'), money(order.subtotal, order.currency))}
            {order.discount > 0 &&
              totalRow(t('orders.totals.discount'), `−${money(order.discount, order.currency)}`)}
            {totalRow(
              order.shippingMethod?.estimatedDays
                ? intl.formatMessage(
                    { id: 'orders.totals.shippingBy' },
                    { method: order.shippingMethod.name },
                  )
                : t('orders.totals.shipping'),
              order.shipping === 0 ? t('orders.totals.free') : money(order.shipping, order.currency),
            )}
            {/* Taxes added on top are lines of the sum; taxes in the prices are said under the total. */}
            {!order.taxInclusive &&
              order.taxes.map((tax) =>
                totalRow(taxLabel('orders.totals.tax', tax), money(tax.amount, order.currency)),
              )}
            {totalRow(t('orders.totals.total'), money(order.total, order.currency), true)}
            {order.taxInclusive &&
              order.taxes.map((tax) =>
                totalRow(taxLabel('orders.totals.taxIncluded', tax), money(tax.amount, order.currency)),
              )}
            {order.refundedAmount > 0 &&
              totalRow(t('refunds.totals.refunded'), `−${money(order.refundedAmount, order.currency)}`)}
          </Table.Summary>
        )}
      />
    </ScrollRegion>
  );
}

function ChargesTable({ order }: { order: AdminOrderDetail }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { money, dateTime } = useFormat();
  const columns: TableColumnsType<Charge> = [
    {
      title: t('orders.charge.id'),
      dataIndex: 'id',
      render: (id: string) => (
        <Typography.Text code title={id}>
          {id.slice(0, 8)}
        </Typography.Text>
      ),
    },
    { title: t('orders.charge.channel'), dataIndex: 'channel' },
    {
      title: t('orders.charge.amount'),
      key: 'amount',
      align: 'right',
      render: (_, c) => money(c.amount, c.currency),
    },
    {
      title: t('orders.charge.status'),
      dataIndex: 'status',
      render: (s: Charge['status']) => t(`orders.charge.${s}`),
    },
    {
      title: t('refunds.charge.refunded'),
      key: 'refunded',
      align: 'right',
      render: (_, c) => (c.refundedAmount > 0 ? money(c.refundedAmount, c.currency) : '—'),
    },
    { title: t('orders.charge.createdAt'), dataIndex: 'createdAt', render: (at: string) => dateTime(at) },
  ];
  return (
    <ScrollRegion label={t('orders.section.payments')}>
      <Table<Charge>
        rowKey="id"
        columns={columns}
        dataSource={order.charges}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.charge.none')} />,
        }}
      />
    </ScrollRegion>
  );
}

function ReturnsTable({ order }: { order: AdminOrderDetail }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { money, dateTime } = useFormat();
  const columns: TableColumnsType<OrderReturn> = [
    { title: t('returns.field.createdAt'), dataIndex: 'createdAt', render: (at: string) => dateTime(at) },
    {
      title: t('returns.field.status'),
      dataIndex: 'status',
      render: (status: OrderReturn['status']) => <ReturnStatusBadge status={status} />,
    },
    {
      title: t('returns.field.reason'),
      dataIndex: 'reason',
      render: (reason: OrderReturn['reason']) => t(`returns.reason.${reason}`),
    },
    {
      title: t('returns.field.lines'),
      key: 'lines',
      render: (_, r) => r.lines.map((l) => `${l.name} × ${l.quantity}`).join(', '),
    },
    {
      title: t('returns.field.amount'),
      key: 'amount',
      align: 'right',
      render: (_, r) => money(r.amount, r.currency),
    },
  ];
  return (
    <ScrollRegion
      label={intl.formatMessage({ id: 'returns.section' }, { count: String(order.returns.length) })}
    >
      <Table<OrderReturn>
        rowKey="id"
        columns={columns}
        dataSource={order.returns}
        pagination={false}
        footer={() => <Link to={`/list/returns?orderId=${order.id}`}>{t('returns.openQueue')}</Link>}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('returns.none')} />,
        }}
      />
    </ScrollRegion>
  );
}

function OrderProfile({ order }: { order: AdminOrderDetail }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { money, dateTime } = useFormat();
  const actorText = useActorText();
  const { number } = order;
  const { address, shopper, shipment } = order;
  const pendingRefund = order.refunds.find((r) => r.status === 'pending');

  return (
    <PageContainer
      title={t('orders.detail.title', { number })}
      subTitle={
        <Space>
          <OrderStatusBadge status={order.status} />
          {pendingRefund && <RefundStatusBadge status="pending" />}
        </Space>
      }
      extra={[
        order.actions.ship && <ShipOrderButton key="ship" order={order} />,
        order.actions.refund && <RefundOrderButton key="refund" order={order} />,
      ].filter(Boolean)}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <ProCard title={t('orders.section.info')} headerBordered>
          <ProDescriptions column={{ xs: 1, sm: 2, lg: 3 }}>
            <ProDescriptions.Item label={t('orders.field.number')}>
              <Typography.Text code copyable>
                {number}
              </Typography.Text>
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('orders.field.status')}>
              <OrderStatusBadge status={order.status} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('orders.field.placedAt')}>
              {dateTime(order.createdAt)}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('orders.field.updatedAt')}>
              {dateTime(order.updatedAt)}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('orders.field.total')}>
              {money(order.total, order.currency)}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('orders.field.coupon')}>
              {order.coupon ? order.coupon.title : t('orders.field.none')}
            </ProDescriptions.Item>
            {order.payBy && (
              <ProDescriptions.Item label={t('orders.field.payBy')}>
                {dateTime(order.payBy)}
              </ProDescriptions.Item>
            )}
            <ProDescriptions.Item label={t('orders.field.note')} span={3}>
              {order.note || t('orders.field.none')}
            </ProDescriptions.Item>
          </ProDescriptions>
        </ProCard>

        <ProCard gutter={16} wrap ghost>
          <ProCard title={t('orders.section.shopper')} headerBordered colSpan={{ xs: 24, md: 8 }}>
            {shopper ? (
              <ProDescriptions column={1}>
                <ProDescriptions.Item label={t('orders.field.email')}>
                  <Space size={4} wrap>
                    <span>{shopper.email}</span>
                    {shopper.guest && <Tag>{t('orders.shopper.guest')}</Tag>}
                  </Space>
                </ProDescriptions.Item>
                {shopper.guest && (
                  <ProDescriptions.Item label={t('orders.shopper.guest')}>
                    <Typography.Text type="secondary">{t('orders.shopper.guestHint')}</Typography.Text>
                  </ProDescriptions.Item>
                )}
                <ProDescriptions.Item label={t('orders.field.nickname')}>
                  {shopper.nickname || t('orders.field.none')}
                </ProDescriptions.Item>
                <ProDescriptions.Item label={t('orders.field.phone')}>
                  {shopper.phone || t('orders.field.none')}
                </ProDescriptions.Item>
                <ProDescriptions.Item label={t('orders.section.shopper')}>
                  <Link to={`/profile/shopper/${shopper.id}`}>{t('orders.shopper.open')}</Link>
                </ProDescriptions.Item>
              </ProDescriptions>
            ) : (
              <Typography.Text>{t('orders.shopper.deleted')}</Typography.Text>
            )}
          </ProCard>
          <ProCard title={t('orders.section.address')} headerBordered colSpan={{ xs: 24, md: 8 }}>
            <ProDescriptions column={1}>
              <ProDescriptions.Item label={t('orders.field.recipient')}>{address.name}</ProDescriptions.Item>
              <ProDescriptions.Item label={t('orders.field.phone')}>{address.phone}</ProDescriptions.Item>
              <ProDescriptions.Item label={t('orders.field.region')}>
                {address.regionNames.join(' / ')}
              </ProDescriptions.Item>
              <ProDescriptions.Item label={t('orders.field.street')}>{address.detail}</ProDescriptions.Item>
              <ProDescriptions.Item label={t('orders.field.postcode')}>
                {address.postcode || t('orders.field.none')}
              </ProDescriptions.Item>
              {address.cpf && (
                <ProDescriptions.Item label={t('orders.field.cpf')}>{address.cpf}</ProDescriptions.Item>
              )}
            </ProDescriptions>
          </ProCard>
          <ProCard title={t('orders.section.shipment')} headerBordered colSpan={{ xs: 24, md: 8 }}>
            {order.shippingMethod?.estimatedDays && (
              <ProDescriptions column={1}>
                <ProDescriptions.Item label={t('orders.field.shippingMethod')}>
                  {intl.formatMessage(
                    { id: 'orders.field.shippingMethodDays' },
                    {
                      method: order.shippingMethod.name,
                      min: order.shippingMethod.estimatedDays.min,
                      max: order.shippingMethod.estimatedDays.max,
                      same:
                        order.shippingMethod.estimatedDays.min === order.shippingMethod.estimatedDays.max
                          ? 'yes'
                          : 'no',
                    },
                  )}
                </ProDescriptions.Item>
              </ProDescriptions>
            )}
            {shipment ? (
              <ProDescriptions column={1}>
                <ProDescriptions.Item label={t('orders.field.carrier')}>
                  {shipment.carrier}
                </ProDescriptions.Item>
                <ProDescriptions.Item label={t('orders.field.trackingNumber')}>
                  <Typography.Text copyable>{shipment.trackingNumber}</Typography.Text>
                </ProDescriptions.Item>
              </ProDescriptions>
            ) : (
              <Typography.Text>{t('orders.shipment.none')}</Typography.Text>
            )}
          </ProCard>
        </ProCard>

        <ProCard title={t('orders.section.lines')} headerBordered>
          <LinesTable order={order} />
        </ProCard>

        <ProCard gutter={16} wrap ghost>
          <ProCard title={t('orders.section.history')} headerBordered colSpan={{ xs: 24, lg: 10 }}>
            <Timeline
              items={order.history.map((event) => ({
                key: `${event.status}-${event.at}`,
                children: (
                  <Space direction="vertical" size={0}>
                    <OrderStatusBadge status={event.status} />
                    <Typography.Text type="secondary">
                      <time dateTime={event.at}>{dateTime(event.at)}</time> · {actorText(event)}
                    </Typography.Text>
                  </Space>
                ),
              }))}
            />
          </ProCard>
          <ProCard direction="column" gutter={[0, 16]} ghost colSpan={{ xs: 24, lg: 14 }}>
            <ProCard title={t('orders.section.payments')} headerBordered>
              <ChargesTable order={order} />
            </ProCard>
            <ProCard
              title={t('refunds.section', { count: String(order.refunds.length) })}
              headerBordered
              extra={
                order.refundedAmount > 0 &&
                t('refunds.total', { amount: money(order.refundedAmount, order.currency) })
              }
            >
              <RefundsTable order={order} />
            </ProCard>
            <ProCard title={t('returns.section', { count: String(order.returns.length) })} headerBordered>
              <ReturnsTable order={order} />
            </ProCard>
          </ProCard>
        </ProCard>
      </Space>
    </PageContainer>
  );
}

/** The template's basic profile as an order's detail: facts, lines and totals, history, money; ship and refund. */
export default function OrderProfilePage() {
  const { id = '' } = useParams();
  const order = useQuery({
    ...orderQuery(id),
    refetchInterval: (query) =>
      query.state.data?.refunds.some((r) => r.status === 'pending') ? PENDING_POLL_MS : false,
  });
  if (order.isPending) return <PageLoading />;
  if (order.isError) {
    return isNotFound(order.error) ? (
      <ExceptionPanel status="404" />
    ) : (
      <ExceptionPanel status="500" onRetry={() => void order.refetch()} />
    );
  }
  return <OrderProfile order={order.data} />;
}
