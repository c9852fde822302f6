import { ReloadOutlined } from '@ant-design/icons';
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Result, Statistic, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Reconciliation } from '@shop/contract';
import './reconciliation.css';
import { adminApi } from '../../../api.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useFormat } from '../../../features/orders/format.ts';
import { OrderStatusBadge } from '../../../features/orders/status.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

type Mismatch = Reconciliation['mismatches'][number];
type Total = Reconciliation['totals'][number];

const reconciliationQuery = queryOptions({
  queryKey: ['admin', 'payments', 'reconciliation'],
  queryFn: ({ signal }) =>
    adminApi.http.get<Reconciliation>('/admin/payments/reconciliation', undefined, { signal }),
});

/**
 * Money against orders: for every order, what was captured less what went back must equal what the order says
 * the shop holds. Shows the orders where it does not (none, when all is well) and the totals per currency.
 */
export default function ReconciliationPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { money, dateTime } = useFormat();
  const report = useQuery(reconciliationQuery);

  const refresh = (
    <Button
      key="refresh"
      icon={<ReloadOutlined aria-hidden />}
      loading={report.isFetching}
      onClick={() => void report.refetch()}
    >
      {t('reconciliation.check')}
    </Button>
  );

  if (report.isPending) return <PageLoading />;
  if (report.isError) return <ExceptionPanel status="500" onRetry={() => void report.refetch()} />;
  const data = report.data;

  const mismatchColumns: TableColumnsType<Mismatch> = [
    {
      title: t('reconciliation.field.order'),
      dataIndex: 'orderId',
      render: (id: string, row) => (
        <Link to={`/profile/order/${id}`} aria-label={t('orders.list.open', { number: row.orderNumber })}>
          <Typography.Text code>{row.orderNumber}</Typography.Text>
        </Link>
      ),
    },
    {
      title: t('reconciliation.field.status'),
      dataIndex: 'status',
      render: (status: Mismatch['status']) => <OrderStatusBadge status={status} />,
    },
    {
      title: t('reconciliation.field.holds'),
      key: 'holds',
      align: 'right',
      render: (_, m) => money(m.holds, m.currency),
    },
    {
      title: t('reconciliation.field.captured'),
      key: 'captured',
      align: 'right',
      render: (_, m) => money(m.captured, m.currency),
    },
    {
      title: t('reconciliation.field.refunded'),
      key: 'refunded',
      align: 'right',
      render: (_, m) => money(m.refunded, m.currency),
    },
    {
      title: t('reconciliation.field.difference'),
      key: 'difference',
      align: 'right',
      render: (_, m) => money(m.captured - m.refunded - m.holds, m.currency),
    },
  ];
  const totalColumns: TableColumnsType<Total> = [
    { title: t('reconciliation.field.currency'), dataIndex: 'currency' },
    {
      title: t('reconciliation.field.captured'),
      key: 'captured',
      align: 'right',
      render: (_, row) => money(row.captured, row.currency),
    },
    {
      title: t('reconciliation.field.refunded'),
      key: 'refunded',
      align: 'right',
      render: (_, row) => money(row.refunded, row.currency),
    },
    {
      title: t('reconciliation.field.holds'),
      key: 'holds',
      align: 'right',
      render: (_, row) => money(row.holds, row.currency),
    },
  ];

  return (
    <PageContainer
      title={t('reconciliation.title')}
      content={t('reconciliation.description')}
      extra={[refresh]}
    >
      <ProCard gutter={[16, 16]} wrap ghost>
        <ProCard colSpan={{ xs: 24, sm: 8 }} bordered>
          <Statistic title={t('reconciliation.checkedOrders')} value={data.checkedOrders} />
        </ProCard>
        <ProCard colSpan={{ xs: 24, sm: 8 }} bordered>
          <Statistic title={t('reconciliation.settling')} value={data.settling} />
        </ProCard>
        <ProCard colSpan={{ xs: 24, sm: 8 }} bordered>
          <Statistic title={t('reconciliation.mismatchCount')} value={data.mismatches.length} />
        </ProCard>
      </ProCard>
      <ProCard
        title={<h2 className="reconciliation-heading">{t('reconciliation.mismatches')}</h2>}
        headerBordered
        style={{ marginTop: 16 }}
        extra={
          <Typography.Text type="secondary">
            {t('reconciliation.checkedAt', { at: dateTime(data.checkedAt) })}
          </Typography.Text>
        }
      >
        {data.mismatches.length === 0 ? (
          <Result
            status="success"
            title={t('reconciliation.none')}
            subTitle={t('reconciliation.noneHint', { count: data.checkedOrders })}
          />
        ) : (
          <ScrollRegion label={t('reconciliation.mismatches')}>
            <Table<Mismatch>
              rowKey="orderId"
              columns={mismatchColumns}
              dataSource={data.mismatches}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
            />
          </ScrollRegion>
        )}
      </ProCard>
      <ProCard
        title={<h2 className="reconciliation-heading">{t('reconciliation.totals')}</h2>}
        headerBordered
        style={{ marginTop: 16 }}
      >
        <ScrollRegion label={t('reconciliation.totals')}>
          <Table<Total>
            rowKey="currency"
            columns={totalColumns}
            dataSource={data.totals}
            pagination={false}
          />
        </ScrollRegion>
      </ProCard>
    </PageContainer>
  );
}
