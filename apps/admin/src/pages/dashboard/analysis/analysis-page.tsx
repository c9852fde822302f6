import { InfoCircleOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import {
  Card,
  Col,
  DatePicker,
  Empty,
  Radio,
  Row,
  Skeleton,
  Statistic,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import {
  daysInRange,
  MAX_ANALYSIS_DAYS,
  type Analysis,
  type Granularity,
  type RankedGoods,
} from '@shop/contract';
import { useDashboardFormat, utcDay } from '../../../features/dashboard/format.ts';
import { analysisQuery } from '../../../features/dashboard/queries.ts';
import { CategoryDonut, SalesTrendChart, TrafficChart } from './analysis-charts.tsx';
import { DashboardLoadFailed } from '../../../features/dashboard/load-failed.tsx';
import { MailStatusAlert } from '../../../features/mail/mail-status-alert.tsx';
import '../dashboard.css';

type Preset = 'today' | 'week' | 'month' | 'year' | 'custom';

interface Range {
  from: string;
  to: string;
  granularity: Granularity;
}

/** A preset period as UTC days up to today: weeks start on Monday. */
function presetRange(preset: Exclude<Preset, 'custom'>, now = new Date()): Range {
  const today = utcDay(0, now);
  switch (preset) {
    case 'today':
      return { from: today, to: today, granularity: 'day' };
    case 'week':
      return { from: utcDay(-((now.getUTCDay() + 6) % 7), now), to: today, granularity: 'day' };
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today, granularity: 'day' };
    case 'year':
      return { from: `${today.slice(0, 5)}01-01`, to: today, granularity: 'month' };
  }
}

/** Days for short ranges, weeks for a season, months beyond. */
function granularityFor(from: string, to: string): Granularity {
  const days = daysInRange(from, to);
  return days <= 62 ? 'day' : days <= 200 ? 'week' : 'month';
}

function Figure(props: {
  title: string;
  hint?: string;
  value: string | undefined;
  footer?: string | undefined;
  loading: boolean;
}) {
  return (
    <Card>
      <Statistic
        title={
          <span>
            {props.title}{' '}
            {props.hint && (
              <Tooltip title={props.hint}>
                <InfoCircleOutlined aria-label={props.hint} role="img" tabIndex={0} />
              </Tooltip>
            )}
          </span>
        }
        value={props.value ?? ''}
        loading={props.loading}
      />
      <Typography.Text type="secondary">
        {props.loading ? '\u00a0' : (props.footer ?? '\u00a0')}
      </Typography.Text>
    </Card>
  );
}

function Ranking({ goods, currency }: { goods: RankedGoods[]; currency: string }) {
  const intl = useIntl();
  const { money } = useDashboardFormat();
  if (goods.length === 0) return <Empty description={intl.formatMessage({ id: 'dashboard.empty.period' })} />;
  return (
    <ol className="dashboard-ranking">
      {goods.map((item, index) => (
        <li key={item.goodsId}>
          <span
            className={index < 3 ? 'dashboard-rank dashboard-rank-top' : 'dashboard-rank'}
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <Link className="dashboard-ranking-name" to={`/form/goods/${item.goodsId}`} title={item.name}>
            {item.name}
          </Link>
          <Typography.Text type="secondary">
            {intl.formatMessage(
              { id: 'dashboard.top.line' },
              { units: item.units, revenue: money(item.revenue, currency) },
            )}
          </Typography.Text>
        </li>
      ))}
    </ol>
  );
}

/** Dashboard → analysis: sales, orders, visitors and conversion over a period, with trend, top goods and categories. */
export default function AnalysisPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { money, count, percent } = useDashboardFormat();
  const [preset, setPreset] = useState<Preset>('week');
  const [custom, setCustom] = useState<Range | null>(null);
  const range = preset === 'custom' && custom ? custom : presetRange(preset === 'custom' ? 'week' : preset);
  const query = useQuery(analysisQuery(range));
  const data: Analysis | undefined = query.data;
  const loading = query.isPending;
  const hasSales = Boolean(data && data.totals.orders > 0);

  const pickCustom = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = dates ?? [];
    if (!start || !end) return;
    const from = start.format('YYYY-MM-DD');
    const to = end.format('YYYY-MM-DD');
    setCustom({ from, to, granularity: granularityFor(from, to) });
    setPreset('custom');
  };
  const today = dayjs(utcDay());

  return (
    <PageContainer title={<h1 className="admin-result-title">{t('menu.dashboard.analysis')}</h1>}>
      <MailStatusAlert />
      <Card style={{ marginBottom: 16 }}>
        <div className="dashboard-range">
          <Radio.Group
            aria-label={t('dashboard.range.label')}
            optionType="button"
            value={preset}
            onChange={(event) => setPreset(event.target.value as Preset)}
            options={(['today', 'week', 'month', 'year'] as const).map((value) => ({
              value,
              label: t(`dashboard.range.${value}`),
            }))}
          />
          <DatePicker.RangePicker
            aria-label={t('dashboard.range.custom')}
            placeholder={[t('dashboard.range.from'), t('dashboard.range.to')]}
            value={[dayjs(range.from), dayjs(range.to)]}
            allowClear={false}
            disabledDate={(day, info) =>
              day.isAfter(today, 'day') ||
              Boolean(info?.from && Math.abs(day.diff(info.from, 'day')) >= MAX_ANALYSIS_DAYS)
            }
            onChange={(dates) => pickCustom(dates)}
          />
          <Typography.Text type="secondary">{t('dashboard.range.utc')}</Typography.Text>
        </div>
      </Card>

      {query.isError && !data ? (
        <DashboardLoadFailed onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Row gutter={[16, 16]} aria-busy={loading || query.isFetching}>
            <Col xs={24} sm={12} xl={6}>
              <Figure
                title={t('dashboard.figure.sales')}
                hint={t('dashboard.figure.sales.hint')}
                value={data && money(data.totals.sales, data.currency)}
                footer={
                  data && t('dashboard.figure.refunds', { value: money(data.totals.refunds, data.currency) })
                }
                loading={loading}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Figure
                title={t('dashboard.figure.orders')}
                value={data && count(data.totals.orders)}
                footer={
                  data &&
                  t('dashboard.figure.aov', { value: money(data.totals.averageOrderValue, data.currency) })
                }
                loading={loading}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Figure
                title={t('dashboard.figure.visitors')}
                hint={t('dashboard.figure.visitors.hint')}
                value={data && count(data.totals.visitors)}
                loading={loading}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Figure
                title={t('dashboard.figure.conversion')}
                value={data && percent(data.totals.conversion)}
                footer={
                  data &&
                  t('dashboard.figure.perVisitor', {
                    orders: data.totals.orders,
                    visitors: data.totals.visitors,
                  })
                }
                loading={loading}
              />
            </Col>
          </Row>

          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} xl={16}>
              <Card title={<h2 className="admin-result-title">{t('dashboard.trend.title')}</h2>}>
                {loading || !data ? (
                  <Skeleton active paragraph={{ rows: 7 }} />
                ) : hasSales || data.totals.visitors > 0 ? (
                  <SalesTrendChart analysis={data} />
                ) : (
                  <Empty description={t('dashboard.empty.period')} />
                )}
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card title={<h2 className="admin-result-title">{t('dashboard.top.title')}</h2>}>
                {loading || !data ? (
                  <Skeleton active paragraph={{ rows: 7 }} />
                ) : (
                  <Tabs
                    items={[
                      {
                        key: 'units',
                        label: t('dashboard.top.byUnits'),
                        children: <Ranking goods={data.topGoodsByUnits} currency={data.currency} />,
                      },
                      {
                        key: 'revenue',
                        label: t('dashboard.top.byRevenue'),
                        children: <Ranking goods={data.topGoodsByRevenue} currency={data.currency} />,
                      },
                    ]}
                  />
                )}
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={<h2 className="admin-result-title">{t('dashboard.traffic.title')}</h2>}>
                {loading || !data ? (
                  <Skeleton active paragraph={{ rows: 7 }} />
                ) : hasSales || data.totals.visitors > 0 ? (
                  <TrafficChart analysis={data} />
                ) : (
                  <Empty description={t('dashboard.empty.period')} />
                )}
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={<h2 className="admin-result-title">{t('dashboard.category.title')}</h2>}>
                {loading || !data ? (
                  <Skeleton active paragraph={{ rows: 7 }} />
                ) : data.salesByCategory.length ? (
                  <CategoryDonut analysis={data} />
                ) : (
                  <Empty description={t('dashboard.empty.period')} />
                )}
              </Card>
            </Col>
          </Row>
        </>
      )}
    </PageContainer>
  );
}
