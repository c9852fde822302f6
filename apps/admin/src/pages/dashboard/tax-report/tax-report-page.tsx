import { InfoCircleOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Radio,
  Result,
  Row,
  Statistic,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { MAX_TAX_REPORT_DAYS } from '@shop/contract';
import type { Locale, TaxReportRow } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { regionsQuery } from '../../../features/account/queries.ts';
import { formatDay } from '../../../features/dashboard/format.ts';
import { formatMoney } from '../../../features/shop/money.ts';
import { percentText } from '../../list/tax-rates/tax-rate-values.ts';
import { isReportable, periodPresets, presetPeriod } from './tax-report-period.ts';
import type { Period, PeriodPreset } from './tax-report-period.ts';

type Choice = PeriodPreset | 'custom';

const reportQuery = (period: Period) => ({
  queryKey: ['admin', 'taxes', 'report', period.from, period.to],
  queryFn: ({ signal }: { signal: AbortSignal }) => adminApi.taxes.report(period, { signal }),
  placeholderData: keepPreviousData,
  staleTime: 30_000,
});

/**
 * The tax report (`/dashboard/tax-report`): the taxes of the paid orders placed in a period, by the country and
 * state they were delivered to, tax, rate and currency, each with its amount in the shop's currency at the rate its
 * orders were placed at, and the totals. Opens on this month; any member of staff may read it.
 */
export default function TaxReportPage() {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [choice, setChoice] = useState<Choice>('thisMonth');
  const [custom, setCustom] = useState<Period | null>(null);
  const period =
    choice === 'custom' && custom ? custom : presetPeriod(choice === 'custom' ? 'thisMonth' : choice);
  const report = useQuery(reportQuery(period));
  const regions = useQuery(regionsQuery(locale));
  const data = report.data;
  const loading = report.isPending;

  const countryNames = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  const regionName = (country: string, code: string) =>
    regions.data?.find((r) => r.code === country)?.children?.find((r) => r.code === code)?.name ?? code;

  const pickDates = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = dates ?? [];
    if (!start || !end) return;
    const picked = { from: start.format('YYYY-MM-DD'), to: end.format('YYYY-MM-DD') };
    if (!isReportable(picked)) return;
    setCustom(picked);
    setChoice('custom');
  };
  const today = dayjs(presetPeriod('thisMonth').to);
  const shopCurrency = data?.shopCurrency ?? '';

  const columns: TableColumnsType<TaxReportRow> = [
    {
      title: t('taxReport.column.country'),
      dataIndex: 'country',
      render: (code: string) => t('taxRates.option', { name: countryNames.of(code) ?? code, code }),
    },
    {
      title: t('taxReport.column.region'),
      dataIndex: 'region',
      render: (code: string, row) =>
        code ? (
          t('taxRates.option', { name: regionName(row.country, code), code })
        ) : (
          <Typography.Text type="secondary">{t('taxReport.noRegion')}</Typography.Text>
        ),
    },
    { title: t('taxReport.column.name'), dataIndex: 'name' },
    {
      title: t('taxReport.column.rate'),
      dataIndex: 'rate',
      align: 'right',
      render: (rate: number) => percentText(rate, locale),
    },
    {
      title: t('taxReport.column.orders'),
      dataIndex: 'orders',
      align: 'right',
      render: (orders: number) => intl.formatNumber(orders),
    },
    {
      title: t('taxReport.column.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number, row) => money(amount, row.currency),
    },
    {
      title: shopCurrency ? t('taxReport.column.inShopCurrency', { currency: shopCurrency }) : '',
      dataIndex: 'amountInShopCurrency',
      align: 'right',
      render: (amount: number) => money(amount, shopCurrency),
    },
  ];

  return (
    <PageContainer title={t('taxReport.title')} content={t('taxReport.description')}>
      <Card style={{ marginBottom: 16 }}>
        <Flex wrap gap={12} align="center">
          <Radio.Group
            aria-label={t('taxReport.period')}
            name="period"
            optionType="button"
            value={choice === 'custom' ? undefined : choice}
            onChange={(event) => setChoice(event.target.value as PeriodPreset)}
            options={periodPresets.map((value) => ({ value, label: t(`taxReport.period.${value}`) }))}
          />
          <DatePicker.RangePicker
            aria-label={t('taxReport.period.custom')}
            placeholder={[t('taxReport.period.from'), t('taxReport.period.to')]}
            value={[dayjs(period.from), dayjs(period.to)]}
            allowClear={false}
            disabledDate={(date, info) =>
              date.isAfter(today, 'day') ||
              Boolean(info?.from && Math.abs(date.diff(info.from, 'day')) >= MAX_TAX_REPORT_DAYS)
            }
            onChange={(dates) => pickDates(dates)}
          />
          <Typography.Text type="secondary">{t('taxReport.period.hint')}</Typography.Text>
        </Flex>
      </Card>

      {report.isError && !data ? (
        <Card>
          <Result
            status="warning"
            title={t('taxReport.error')}
            extra={
              <Button type="primary" onClick={() => void report.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        </Card>
      ) : (
        <div aria-busy={loading || report.isFetching}>
          <Typography.Paragraph>
            {data && t('taxReport.shown', { from: formatDay(intl, data.from), to: formatDay(intl, data.to) })}
          </Typography.Paragraph>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} sm={12}>
              <Card>
                <Statistic
                  title={t('taxReport.totals.orders')}
                  value={data ? intl.formatNumber(data.totals.orders) : ''}
                  loading={loading}
                />
              </Card>
            </Col>
            <Col xs={24} sm={12}>
              <Card>
                <Statistic
                  title={
                    <span>
                      {t('taxReport.totals.amount', { currency: shopCurrency })}{' '}
                      <Tooltip title={t('taxReport.totals.hint')}>
                        <InfoCircleOutlined aria-label={t('taxReport.totals.hint')} role="img" tabIndex={0} />
                      </Tooltip>
                    </span>
                  }
                  value={data ? money(data.totals.amountInShopCurrency, shopCurrency) : ''}
                  loading={loading}
                />
              </Card>
            </Col>
          </Row>
          <Card>
            <ScrollRegion label={t('taxReport.title')}>
              <Table<TaxReportRow>
                rowKey={(row) => `${row.country}|${row.region}|${row.name}|${row.rate}|${row.currency}`}
                columns={columns}
                dataSource={data?.rows ?? []}
                loading={loading}
                pagination={false}
                // antd's own placeholder colour is too faint to read (WCAG 1.4.3).
                locale={{
                  emptyText: <Typography.Text type="secondary">{t('taxReport.empty')}</Typography.Text>,
                }}
                summary={() =>
                  data && data.rows.length > 0 ? (
                    <Table.Summary.Row>
                      <Table.Summary.Cell index={0} colSpan={4}>
                        <strong>{t('taxReport.total')}</strong>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={4} align="right">
                        <strong>{intl.formatNumber(data.totals.orders)}</strong>
                      </Table.Summary.Cell>
                      <Table.Summary.Cell index={5} />
                      <Table.Summary.Cell index={6} align="right">
                        <strong>{money(data.totals.amountInShopCurrency, shopCurrency)}</strong>
                      </Table.Summary.Cell>
                    </Table.Summary.Row>
                  ) : null
                }
              />
            </ScrollRegion>
          </Card>
        </div>
      )}
    </PageContainer>
  );
}
