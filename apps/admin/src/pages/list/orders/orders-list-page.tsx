import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { API_BASE } from '@shop/contract';
import type { AdminOrderRow, AdminOrderSort, Locale, OrderStatus } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { tableRequest } from '../../../components/table-request.ts';
import { useFormat } from '../../../features/orders/format.ts';
import { currencyDigits, toMinor } from '../../../features/shop/money.ts';
import { shopCurrencyQuery } from '../../../features/shop/queries.ts';
import { ORDER_STATUSES, OrderStatusBadge } from '../../../features/orders/status.tsx';
import './orders-list.css';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

type Tab = OrderStatus | 'all';

/** ProTable's column sort as the API's `sort`; newest first when none is chosen. */
function sortOf(sort: Record<string, SortOrder>): AdminOrderSort | undefined {
  const [field, order] = Object.entries(sort).find(([, o]) => o) ?? [];
  if (field === 'createdAt') return order === 'ascend' ? 'oldest' : 'newest';
  if (field === 'total') return order === 'ascend' ? 'total_asc' : 'total_desc';
  return undefined;
}

/** A day range picked in the UI's time zone, as the instants the API compares with. */
const dayRange = (range: [string, string] | undefined) =>
  range?.[0] && range[1]
    ? { from: dayjs(range[0]).startOf('day').toISOString(), to: dayjs(range[1]).endOf('day').toISOString() }
    : {};

/**
 * The template's search table over every order: status tabs, keyword (order number, shopper, recipient),
 * dates and totals, sortable by time and total, exported as CSV with the same filters; a row opens the order.
 */
export default function OrdersListPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const { money, dateTime } = useFormat();
  const [params, setParams] = useSearchParams();
  const actionRef = useRef<ActionType>(null);
  const currency = useQuery(shopCurrencyQuery(intl.locale as Locale)).data ?? 'USD';
  const tab: Tab = ORDER_STATUSES.find((s) => s === params.get('status')) ?? 'all';
  const initialKeyword = useMemo(() => params.get('keyword') ?? undefined, []); // eslint-disable-line react-hooks/exhaustive-deps
  const [exportQuery, setExportQuery] = useState<Record<string, string | number>>({});

  const columns: ProColumns<AdminOrderRow>[] = [
    {
      title: t('orders.field.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      initialValue: initialKeyword,
      fieldProps: { placeholder: t('orders.field.keywordHint') },
    },
    {
      title: t('orders.field.number'),
      dataIndex: 'id',
      hideInSearch: true,
      render: (_, row) => (
        <Link
          to={`/profile/order/${row.id}`}
          aria-label={t('orders.list.open', { number: row.number })}
          onClick={(event) => event.stopPropagation()}
        >
          <Typography.Text code>{row.number}</Typography.Text>
        </Link>
      ),
    },
    {
      title: t('orders.field.placedAt'),
      dataIndex: 'createdAt',
      hideInSearch: true,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, row) => dateTime(row.createdAt),
    },
    {
      title: t('orders.field.placedRange'),
      dataIndex: 'placed',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: (range: [string, string]) => dayRange(range) },
    },
    {
      title: t('orders.field.shopper'),
      dataIndex: 'shopper',
      hideInSearch: true,
      render: (_, row) =>
        row.shopper ? (
          <Space direction="vertical" size={0}>
            <span>
              {row.shopper.email}
              {row.shopper.guest && <Tag className="guest-tag">{t('orders.shopper.guest')}</Tag>}
            </span>
            {row.shopper.nickname && (
              <Typography.Text type="secondary">{row.shopper.nickname}</Typography.Text>
            )}
          </Space>
        ) : (
          '—'
        ),
    },
    { title: t('orders.field.recipient'), dataIndex: 'recipient', hideInSearch: true },
    {
      title: t('orders.field.items'),
      dataIndex: 'itemCount',
      hideInSearch: true,
      align: 'right',
      render: (_, row) => t('orders.list.units', { count: row.itemCount }),
    },
    {
      title: t('orders.field.total'),
      dataIndex: 'total',
      hideInSearch: true,
      sorter: true,
      align: 'right',
      render: (_, row) => money(row.total, row.currency),
    },
    {
      title: t('orders.field.totalRange'),
      dataIndex: 'totalRange',
      valueType: 'digitRange',
      hideInTable: true,
      search: {
        transform: (range: [number | null | undefined, number | null | undefined]) => ({
          ...(range?.[0] != null && { minTotal: toMinor(range[0], currency) }),
          ...(range?.[1] != null && { maxTotal: toMinor(range[1], currency) }),
        }),
      },
    },
    {
      title: t('orders.field.exactTotal'),
      dataIndex: 'exactTotal',
      valueType: 'digit',
      hideInTable: true,
      fieldProps: { min: 0, precision: currencyDigits(currency) },
      search: {
        transform: (value: number | null) => (value == null ? {} : { total: toMinor(value, currency) }),
      },
    },
    {
      title: t('orders.field.status'),
      dataIndex: 'status',
      hideInSearch: true,
      render: (_, row) => <OrderStatusBadge status={row.status} />,
    },
    {
      title: t('orders.field.shipment'),
      dataIndex: 'shipment',
      hideInSearch: true,
      render: (_, row) =>
        row.shipment ? (
          <Space direction="vertical" size={0}>
            <span>{row.shipment.carrier}</span>
            <Typography.Text type="secondary" copyable={{ text: row.shipment.trackingNumber }}>
              {row.shipment.trackingNumber}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
  ];

  const exportSearch = new URLSearchParams(
    Object.entries(exportQuery).map(([k, v]) => [k, String(v)]),
  ).toString();
  const exportHref = `${API_BASE}/admin/orders/export${exportSearch ? `?${exportSearch}` : ''}`;

  return (
    <PageContainer title={t('orders.list.title')} content={t('orders.list.description')}>
      <ProTable<AdminOrderRow>
        tableViewRender={(_, table) => <ScrollRegion label={t('orders.list.title')}>{table}</ScrollRegion>}
        className="orders-table"
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        params={{ tab }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        options={false}
        onRow={(row) => ({
          onClick: () => void navigate(`/profile/order/${row.id}`),
          style: { cursor: 'pointer' },
        })}
        request={({ tab: _tab, ...rest }, sort) => {
          const sortValue = sortOf(sort);
          return tableRequest((query) => {
            const { page: _page, pageSize: _size, ...filters } = query;
            const shared = {
              ...filters,
              ...(tab !== 'all' && { status: tab }),
              ...(sortValue && { sort: sortValue }),
            };
            setExportQuery(shared);
            return adminApi.http.list<AdminOrderRow>('/admin/orders', { ...query, ...shared });
          })(rest);
        }}
        toolbar={{
          menu: {
            type: 'tab',
            activeKey: tab,
            items: [
              { key: 'all', label: t('orders.status.all') },
              ...ORDER_STATUSES.map((status) => ({ key: status, label: t(`orders.status.${status}`) })),
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
          <Button
            key="reload"
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void actionRef.current?.reload()}
          >
            {t('common.refresh')}
          </Button>,
          <Button key="export" icon={<DownloadOutlined aria-hidden />} href={exportHref} download>
            {t('orders.list.export')}
          </Button>,
        ]}
      />
    </PageContainer>
  );
}
