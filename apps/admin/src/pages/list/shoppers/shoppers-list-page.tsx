import { ReloadOutlined } from '@ant-design/icons';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Avatar, Button, Space, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AdminShopperRow } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { tableRequest } from '../../../components/table-request.ts';
import { shopperName, useFormat } from '../../../features/orders/format.ts';
import { ShopperStatusBadge, useStatusEnums } from '../../../features/orders/status.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

/** The template's search table over shoppers: keyword, status, registration dates; a row opens the shopper. */
export default function ShoppersListPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const { money, dateTime } = useFormat();
  const enums = useStatusEnums();
  const [params] = useSearchParams();
  const actionRef = useRef<ActionType>(null);
  const initialKeyword = useMemo(() => params.get('keyword') ?? undefined, []); // eslint-disable-line react-hooks/exhaustive-deps

  const columns: ProColumns<AdminShopperRow>[] = [
    {
      title: t('shoppers.field.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      initialValue: initialKeyword,
      fieldProps: { placeholder: t('shoppers.field.keywordHint') },
    },
    {
      title: t('shoppers.field.email'),
      dataIndex: 'email',
      hideInSearch: true,
      render: (_, row) => (
        <Space>
          <Avatar src={row.avatar || undefined} alt="" size="small">
            {shopperName(row).slice(0, 1).toUpperCase()}
          </Avatar>
          <Link
            to={`/profile/shopper/${row.id}`}
            aria-label={t('shoppers.list.open', { name: shopperName(row) })}
            onClick={(event) => event.stopPropagation()}
          >
            {row.email}
          </Link>
        </Space>
      ),
    },
    {
      title: t('shoppers.field.nickname'),
      dataIndex: 'nickname',
      hideInSearch: true,
      renderText: (v: string) => v || '—',
    },
    {
      title: t('shoppers.field.phone'),
      dataIndex: 'phone',
      hideInSearch: true,
      renderText: (v: string) => v || '—',
    },
    {
      title: t('shoppers.field.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: enums.shopper,
      render: (_, row) => <ShopperStatusBadge status={row.status} />,
    },
    {
      title: t('shoppers.field.registeredAt'),
      dataIndex: 'createdAt',
      hideInSearch: true,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, row) => dateTime(row.createdAt),
    },
    {
      title: t('shoppers.field.registeredRange'),
      dataIndex: 'registered',
      valueType: 'dateRange',
      hideInTable: true,
      search: {
        transform: (range: [string, string]) =>
          range?.[0] && range[1]
            ? {
                from: dayjs(range[0]).startOf('day').toISOString(),
                to: dayjs(range[1]).endOf('day').toISOString(),
              }
            : {},
      },
    },
    { title: t('shoppers.field.orderCount'), dataIndex: 'orderCount', hideInSearch: true, align: 'right' },
    {
      title: t('shoppers.field.totalSpent'),
      dataIndex: 'totalSpent',
      hideInSearch: true,
      align: 'right',
      render: (_, row) => money(row.totalSpent, row.currency),
    },
  ];

  return (
    <PageContainer title={t('shoppers.list.title')} content={t('shoppers.list.description')}>
      <ProTable<AdminShopperRow>
        tableViewRender={(_, table) => <ScrollRegion label={t('shoppers.list.title')}>{table}</ScrollRegion>}
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        options={false}
        onRow={(row) => ({
          onClick: () => void navigate(`/profile/shopper/${row.id}`),
          style: { cursor: 'pointer' },
        })}
        request={(tableParams, sort: Record<string, SortOrder>) => {
          const sortValue = sort.createdAt === 'ascend' ? 'oldest' : 'newest';
          return tableRequest((query) =>
            adminApi.http.list<AdminShopperRow>('/admin/shoppers', { ...query, sort: sortValue }),
          )(tableParams);
        }}
        toolBarRender={() => [
          <Button
            key="reload"
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void actionRef.current?.reload()}
          >
            {t('common.refresh')}
          </Button>,
        ]}
        headerTitle={<Typography.Text strong>{t('shoppers.list.title')}</Typography.Text>}
      />
    </PageContainer>
  );
}
