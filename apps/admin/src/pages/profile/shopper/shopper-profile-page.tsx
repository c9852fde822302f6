import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { PageContainer, ProCard, ProDescriptions, ProTable } from '@ant-design/pro-components';
import type { ProColumns } from '@ant-design/pro-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { AppError, Code } from '@shop/contract';
import type {
  AdminOrderRow,
  AdminShopperDetail,
  Address,
  ClaimedCoupon,
  ShopperSession,
} from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { showSuccessToast } from '../../../app/toast.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { tableRequest } from '../../../components/table-request.ts';
import { shopperName, useFormat } from '../../../features/orders/format.ts';
import { isNotFound, ORDERS_AREA_KEY, shopperQuery } from '../../../features/orders/queries.ts';
import { OrderStatusBadge, ShopperStatusBadge } from '../../../features/orders/status.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

type TabKey = 'orders' | 'addresses' | 'coupons' | 'sessions';

const LOCALE_NAMES: Record<AdminShopperDetail['locale'], string> = {
  'en-US': 'English',
  'pt-BR': 'Português (Brasil)',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}

const emptyText = (text: string) => ({
  emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />,
});

/** All of the shopper's orders, paged by the orders table's own API. */
function OrdersTab({ shopper }: { shopper: AdminShopperDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const { money, dateTime } = useFormat();
  const columns: ProColumns<AdminOrderRow>[] = [
    {
      title: t('orders.field.number'),
      dataIndex: 'id',
      render: (_, row) => (
        <Link to={`/profile/order/${row.id}`} aria-label={t('orders.list.open', { number: row.number })}>
          <Typography.Text code>{row.number}</Typography.Text>
        </Link>
      ),
    },
    {
      title: t('orders.field.placedAt'),
      dataIndex: 'createdAt',
      render: (_, row) => dateTime(row.createdAt),
    },
    { title: t('orders.field.recipient'), dataIndex: 'recipient' },
    {
      title: t('orders.field.items'),
      dataIndex: 'itemCount',
      align: 'right',
      render: (_, row) => t('orders.list.units', { count: row.itemCount }),
    },
    {
      title: t('orders.field.total'),
      dataIndex: 'total',
      align: 'right',
      render: (_, r) => money(r.total, r.currency),
    },
    {
      title: t('orders.field.status'),
      dataIndex: 'status',
      render: (_, row) => <OrderStatusBadge status={row.status} />,
    },
  ];
  return (
    <ProTable<AdminOrderRow>
      tableViewRender={(_, table) => (
        <ScrollRegion label={t('shoppers.tab.orders', { count: shopper.orderCount })}>{table}</ScrollRegion>
      )}
      rowKey="id"
      columns={columns}
      search={false}
      options={false}
      toolBarRender={false}
      pagination={{ defaultPageSize: 10 }}
      locale={emptyText(t('shoppers.orders.none'))}
      onRow={(row) => ({
        onClick: () => void navigate(`/profile/order/${row.id}`),
        style: { cursor: 'pointer' },
      })}
      request={tableRequest((query) =>
        adminApi.http.list<AdminOrderRow>('/admin/orders', { ...query, shopperId: shopper.id }),
      )}
    />
  );
}

function AddressesTab({ addresses }: { addresses: Address[] }) {
  const t = useT();
  const columns: TableColumnsType<Address> = [
    {
      title: t('shoppers.address.recipient'),
      dataIndex: 'name',
      render: (name: string, a) => (
        <>
          {name} {a.isDefault && <Tag>{t('shoppers.address.default')}</Tag>}
        </>
      ),
    },
    { title: t('shoppers.address.phone'), dataIndex: 'phone' },
    {
      title: t('shoppers.address.address'),
      key: 'address',
      render: (_, a) => [...a.regionNames, a.detail, a.postcode].filter(Boolean).join(', '),
    },
  ];
  return (
    <ScrollRegion label={t('shoppers.tab.addresses', { count: addresses.length })}>
      <Table<Address>
        rowKey="id"
        columns={columns}
        dataSource={addresses}
        pagination={false}
        locale={emptyText(t('shoppers.address.none'))}
      />
    </ScrollRegion>
  );
}

function CouponsTab({ coupons, currency }: { coupons: ClaimedCoupon[]; currency: string }) {
  const t = useT();
  const { money, dateTime, date } = useFormat();
  const columns: TableColumnsType<ClaimedCoupon> = [
    { title: t('shoppers.coupon.title'), dataIndex: 'title' },
    {
      title: t('shoppers.coupon.value'),
      key: 'value',
      render: (_, c) =>
        c.kind === 'percent' ? t('shoppers.coupon.percentOff', { value: c.value }) : money(c.value, currency),
    },
    { title: t('shoppers.coupon.claimedAt'), dataIndex: 'claimedAt', render: (at: string) => dateTime(at) },
    { title: t('shoppers.coupon.endsAt'), dataIndex: 'endsAt', render: (at: string) => date(at) },
    {
      title: t('shoppers.coupon.use'),
      key: 'use',
      render: (_, c) =>
        c.orderId ? (
          <Link to={`/profile/order/${c.orderId}`}>
            {t('shoppers.coupon.usedOn', { number: c.orderNumber ?? '' })}
          </Link>
        ) : (
          t('shoppers.coupon.unused')
        ),
    },
  ];
  return (
    <ScrollRegion label={t('shoppers.tab.coupons', { count: coupons.length })}>
      <Table<ClaimedCoupon>
        rowKey="claimId"
        columns={columns}
        dataSource={coupons}
        pagination={false}
        locale={emptyText(t('shoppers.coupon.none'))}
      />
    </ScrollRegion>
  );
}

function SessionsTab({ sessions }: { sessions: ShopperSession[] }) {
  const t = useT();
  const { dateTime } = useFormat();
  const columns: TableColumnsType<ShopperSession> = [
    { title: t('shoppers.session.userAgent'), dataIndex: 'userAgent', ellipsis: true, width: 320 },
    { title: t('shoppers.session.ip'), dataIndex: 'ip' },
    { title: t('shoppers.session.createdAt'), dataIndex: 'createdAt', render: (at: string) => dateTime(at) },
    {
      title: t('shoppers.session.lastSeenAt'),
      dataIndex: 'lastSeenAt',
      render: (at: string) => dateTime(at),
    },
    { title: t('shoppers.session.expiresAt'), dataIndex: 'expiresAt', render: (at: string) => dateTime(at) },
  ];
  return (
    <ScrollRegion label={t('shoppers.tab.sessions', { count: sessions.length })}>
      <Table<ShopperSession>
        rowKey={(s) => `${s.createdAt}-${s.ip}-${s.userAgent}`}
        columns={columns}
        dataSource={sessions}
        pagination={false}
        locale={emptyText(t('shoppers.session.none'))}
      />
    </ScrollRegion>
  );
}

/** Disable (ends every session at once, refuses logins) or enable again, after a confirmation. */
function AccountSwitch({ shopper }: { shopper: AdminShopperDetail }) {
  const t = useT();
  const queryClient = useQueryClient();
  const disabled = shopper.status === 'disabled';
  const name = shopperName(shopper);
  const change = useMutation({
    mutationFn: () =>
      adminApi.http.post<AdminShopperDetail>(
        `/admin/shoppers/${encodeURIComponent(shopper.id)}/${disabled ? 'enable' : 'disable'}`,
        {},
      ),
    onSuccess: async (updated) => {
      queryClient.setQueryData(shopperQuery(shopper.id).queryKey, updated);
      showSuccessToast(t(disabled ? 'shoppers.enable.done' : 'shoppers.disable.done'));
      await queryClient.invalidateQueries({
        queryKey: ORDERS_AREA_KEY,
        predicate: (query) => query.queryKey[2] !== 'shopper' || query.queryKey[3] !== shopper.id,
      });
    },
  });
  return (
    <Popconfirm
      title={t(disabled ? 'shoppers.action.enable' : 'shoppers.action.disable')}
      description={
        <div style={{ maxWidth: 320 }}>
          {t(disabled ? 'shoppers.enable.question' : 'shoppers.disable.question', { name })}
        </div>
      }
      okText={t(disabled ? 'shoppers.action.enable' : 'shoppers.action.disable')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: !disabled, loading: change.isPending }}
      onConfirm={() => change.mutateAsync().catch(() => undefined)}
    >
      <Button
        danger={!disabled}
        icon={disabled ? <UnlockOutlined aria-hidden /> : <LockOutlined aria-hidden />}
      >
        {t(disabled ? 'shoppers.action.enable' : 'shoppers.action.disable')}
      </Button>
    </Popconfirm>
  );
}

function ShopperProfile({ shopper }: { shopper: AdminShopperDetail }) {
  const t = useT();
  const { money, dateTime, date } = useFormat();
  const [tab, setTab] = useState<TabKey>('orders');
  const none = t('orders.field.none');

  const content = (
    <ProDescriptions column={{ xs: 1, sm: 2, lg: 3 }} title={t('shoppers.detail.profile')}>
      <ProDescriptions.Item label={t('shoppers.field.email')}>
        <Typography.Text copyable>{shopper.email}</Typography.Text>
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('shoppers.field.phone')}>{shopper.phone || none}</ProDescriptions.Item>
      <ProDescriptions.Item label={t('shoppers.field.nickname')}>
        {shopper.nickname || none}
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('shoppers.field.status')}>
        <ShopperStatusBadge status={shopper.status} />
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('shoppers.field.gender')}>
        {t(`shoppers.gender.${shopper.gender}`)}
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('shoppers.field.birthday')}>
        {shopper.birthday ? date(shopper.birthday) : none}
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('shoppers.field.locale')}>
        {LOCALE_NAMES[shopper.locale]}
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('shoppers.field.registeredAt')}>
        {dateTime(shopper.createdAt)}
      </ProDescriptions.Item>
      <ProDescriptions.Item label={t('shoppers.field.activatedAt')}>
        {shopper.activatedAt ? dateTime(shopper.activatedAt) : none}
      </ProDescriptions.Item>
      {shopper.disabledAt && (
        <ProDescriptions.Item label={t('shoppers.field.disabledAt')}>
          {dateTime(shopper.disabledAt)}
        </ProDescriptions.Item>
      )}
      <ProDescriptions.Item label={t('shoppers.field.orderCount')}>{shopper.orderCount}</ProDescriptions.Item>
      <ProDescriptions.Item label={t('shoppers.field.totalSpent')}>
        {money(shopper.totalSpent, shopper.currency)}
      </ProDescriptions.Item>
    </ProDescriptions>
  );

  return (
    <PageContainer
      title={shopperName(shopper)}
      avatar={{
        src: shopper.avatar || undefined,
        alt: '',
        children: shopperName(shopper).slice(0, 1).toUpperCase(),
      }}
      subTitle={<ShopperStatusBadge status={shopper.status} />}
      extra={[<AccountSwitch key="switch" shopper={shopper} />]}
      content={content}
      tabActiveKey={tab}
      onTabChange={(key) => setTab(key as TabKey)}
      tabList={[
        { key: 'orders', tab: t('shoppers.tab.orders', { count: shopper.orderCount }) },
        { key: 'addresses', tab: t('shoppers.tab.addresses', { count: shopper.addresses.length }) },
        { key: 'coupons', tab: t('shoppers.tab.coupons', { count: shopper.coupons.length }) },
        { key: 'sessions', tab: t('shoppers.tab.sessions', { count: shopper.sessions.length }) },
      ]}
    >
      <ProCard>
        {tab === 'orders' && <OrdersTab shopper={shopper} />}
        {tab === 'addresses' && <AddressesTab addresses={shopper.addresses} />}
        {tab === 'coupons' && <CouponsTab coupons={shopper.coupons} currency={shopper.currency} />}
        {tab === 'sessions' && <SessionsTab sessions={shopper.sessions} />}
      </ProCard>
    </PageContainer>
  );
}

/** The template's advanced profile as a shopper's detail: profile, then orders, addresses, coupons, sessions. */
export default function ShopperProfilePage() {
  const { id = '' } = useParams();
  const shopper = useQuery(shopperQuery(id));
  if (shopper.isPending) return <PageLoading />;
  if (shopper.isError) {
    // A member of staff's id is refused (code 2, shown as a toast): there is no such shopper either.
    const refused = shopper.error instanceof AppError && shopper.error.code === Code.refused;
    return isNotFound(shopper.error) || refused ? (
      <ExceptionPanel status="404" />
    ) : (
      <ExceptionPanel status="500" onRetry={() => void shopper.refetch()} />
    );
  }
  return <ShopperProfile shopper={shopper.data} />;
}
