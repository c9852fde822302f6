import { ReloadOutlined } from '@ant-design/icons';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Button, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { returnStatusValues } from '@shop/contract';
import type { AdminReturn, ReturnStatus } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { tableRequest } from '../../../components/table-request.ts';
import { shopperName, useFormat } from '../../../features/orders/format.ts';
import { orderQuery } from '../../../features/orders/queries.ts';
import { ReturnActions } from '../../../features/returns/return-actions.tsx';
import { ReturnStatusBadge } from '../../../features/returns/return-status.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

type Tab = ReturnStatus | 'all';

/** While a refund of a shown return waits for the provider, the table asks again every few seconds. */
const PENDING_POLL_MS = 2000;

/**
 * The returns queue: returns by status (new first, as they need an answer), each with its order, shopper,
 * reason and lines, and the step its status allows: approve or reject a new one, mark an approved one received,
 * refund a received one. `?orderId=` narrows it to one order's returns (linked from the order page).
 */
export default function ReturnsListPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { money, dateTime } = useFormat();
  const [params, setParams] = useSearchParams();
  const actionRef = useRef<ActionType>(null);
  const tab: Tab = returnStatusValues.find((s) => s === params.get('status')) ?? 'all';
  const orderId = params.get('orderId') ?? undefined;
  // The heading names the order by its number, which only the order knows.
  const order = useQuery({ ...orderQuery(orderId ?? ''), enabled: orderId !== undefined });
  const [waiting, setWaiting] = useState(false);
  const reload = () => void actionRef.current?.reload();

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void actionRef.current?.reload(), PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  const columns: ProColumns<AdminReturn>[] = [
    {
      title: t('returns.field.order'),
      dataIndex: 'orderId',
      render: (_, row) => (
        <Link
          to={`/profile/order/${row.orderId}`}
          aria-label={t('orders.list.open', { number: row.orderNumber })}
        >
          <Typography.Text code>{row.orderNumber}</Typography.Text>
        </Link>
      ),
    },
    {
      title: t('returns.field.shopper'),
      dataIndex: 'shopper',
      render: (_, row) => (row.shopper ? shopperName(row.shopper) : '—'),
    },
    {
      title: t('returns.field.status'),
      dataIndex: 'status',
      render: (_, row) => <ReturnStatusBadge status={row.status} />,
    },
    {
      title: t('returns.field.reason'),
      dataIndex: 'reason',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <span>{t(`returns.reason.${row.reason}`)}</span>
          {row.note && <Typography.Text type="secondary">{row.note}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('returns.field.lines'),
      dataIndex: 'lines',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          {row.lines.map((line) => (
            <span key={line.lineId}>
              {[line.name, ...line.options].join(' / ')} × {line.quantity}
            </span>
          ))}
        </Space>
      ),
    },
    {
      title: t('returns.field.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, row) => money(row.amount, row.currency),
    },
    {
      title: t('returns.field.createdAt'),
      dataIndex: 'createdAt',
      render: (_, row) => <time dateTime={row.createdAt}>{dateTime(row.createdAt)}</time>,
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      render: (_, row) => <ReturnActions item={row} onDone={reload} />,
    },
  ];

  return (
    <PageContainer
      title={t('returns.list.title')}
      content={
        orderId && order.data
          ? t('returns.list.ofOrder', { number: order.data.number })
          : t('returns.list.description')
      }
    >
      <ProTable<AdminReturn>
        tableViewRender={(_, table) => <ScrollRegion label={t('returns.list.title')}>{table}</ScrollRegion>}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        params={{ tab, orderId }}
        search={false}
        options={false}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={({ tab: _tab, orderId: _order, ...rest }) =>
          tableRequest(async (query) => {
            const page = await adminApi.http.list<AdminReturn>('/admin/returns', {
              ...query,
              ...(tab !== 'all' && { status: tab }),
              ...(orderId && { orderId }),
            });
            setWaiting(page.data.some((r) => r.status === 'received' && r.refundId));
            return page;
          })(rest)
        }
        toolbar={{
          menu: {
            type: 'tab',
            activeKey: tab,
            items: [
              { key: 'all', label: t('returns.status.all') },
              ...returnStatusValues.map((status) => ({ key: status, label: t(`returns.status.${status}`) })),
            ],
            onChange: (key) => {
              const next = new URLSearchParams(params);
              if (key === 'all' || key === undefined) next.delete('status');
              else next.set('status', String(key));
              setParams(next, { replace: true });
            },
          },
        }}
        toolBarRender={() => [
          <Button key="reload" icon={<ReloadOutlined aria-hidden />} onClick={reload}>
            {t('common.refresh')}
          </Button>,
        ]}
      />
    </PageContainer>
  );
}
