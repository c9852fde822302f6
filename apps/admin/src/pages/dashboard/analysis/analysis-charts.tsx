import { theme } from 'antd';
import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import {
  Area,
  AreaChart,
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Analysis } from '@shop/contract';
import { formatDay, useDashboardFormat } from '../../../features/dashboard/format.ts';

/*
 * The analysis page's charts (recharts is loaded with this page only). Each chart is drawn for the eye and
 * hidden from assistive technology; a summary sentence and a table carry the same figures for screen readers.
 */

const CATEGORY_COLOURS = [
  '#13c2c2',
  '#fa8c16',
  '#722ed1',
  '#52c41a',
  '#eb2f96',
  '#fadb14',
  '#2f54eb',
  '#a0d911',
];

/**
 * A chart's figures for screen readers (the drawing is hidden from them): one row a data point, its first cell
 * the row's header.
 */
interface DataTableProps {
  caption: string;
  columns: string[];
  rows: { key: string; cells: string[] }[];
}

function DataTable({ caption, columns, rows }: DataTableProps) {
  return (
    <table className="admin-visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, cells: [header, ...values] }) => (
          <tr key={key}>
            <th scope="row">{header}</th>
            {values.map((value, index) => (
              <td key={columns[index + 1]}>{value}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A chart drawn for the eye and hidden from screen readers, which read its summary instead and, where given, its
 * figures as a table.
 */
function ChartFigure({
  summary,
  table,
  children,
}: {
  summary: string;
  table?: DataTableProps;
  children: ReactElement;
}) {
  return (
    <figure className="dashboard-figure">
      <div aria-hidden="true" className="dashboard-chart">
        <ResponsiveContainer width="100%" height={300}>
          {children}
        </ResponsiveContainer>
      </div>
      <figcaption className="admin-visually-hidden">{summary}</figcaption>
      {table && <DataTable {...table} />}
    </figure>
  );
}

export function SalesTrendChart({ analysis }: { analysis: Analysis }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const { money, count } = useDashboardFormat();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const label = (period: string) => formatDay(intl, period, 'short');
  const best = analysis.series.reduce((a, b) => (b.sales > a.sales ? b : a), analysis.series[0]!);
  const summary = t('dashboard.trend.summary', {
    from: formatDay(intl, analysis.from),
    to: formatDay(intl, analysis.to),
    total: money(analysis.totals.sales, analysis.currency),
    count: analysis.series.length,
    max: money(best.sales, analysis.currency),
    maxPeriod: label(best.period),
  });
  return (
    <ChartFigure
      summary={summary}
      table={{
        caption: t('dashboard.trend.table'),
        columns: [
          t('dashboard.trend.period'),
          t('dashboard.trend.sales'),
          t('dashboard.trend.orders'),
          t('dashboard.trend.visitors'),
        ],
        rows: analysis.series.map((point) => ({
          key: point.period,
          cells: [
            formatDay(intl, point.period),
            money(point.sales, analysis.currency),
            count(point.orders),
            count(point.visitors),
          ],
        })),
      }}
    >
      <AreaChart
        data={analysis.series}
        margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
        accessibilityLayer={false}
      >
        <defs>
          <linearGradient id="dashboard-sales-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={token.colorPrimary} stopOpacity={0.35} />
            <stop offset="100%" stopColor={token.colorPrimary} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
        <XAxis
          dataKey="period"
          tickFormatter={label}
          tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
        />
        <YAxis
          width={72}
          tickFormatter={(value: number) => money(value, analysis.currency, true)}
          tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
        />
        <Tooltip
          labelFormatter={(period) => label(String(period))}
          formatter={(value, name) =>
            name === 'sales'
              ? [money(Number(value), analysis.currency), t('dashboard.trend.sales')]
              : [count(Number(value)), String(name)]
          }
        />
        <Area
          type="monotone"
          dataKey="sales"
          stroke={token.colorPrimary}
          strokeWidth={2}
          fill="url(#dashboard-sales-fill)"
          isAnimationActive={false}
        />
      </AreaChart>
    </ChartFigure>
  );
}

export function CategoryDonut({ analysis }: { analysis: Analysis }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const { money, percent } = useDashboardFormat();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const total = analysis.salesByCategory.reduce((sum, c) => sum + c.revenue, 0) || 1;
  const rows = analysis.salesByCategory.map((c) => ({
    ...c,
    label: c.categoryId ? c.name : t('dashboard.category.other'),
    share: c.revenue / total,
  }));
  const colours = [token.colorPrimary, ...CATEGORY_COLOURS];
  const summary = t('dashboard.category.summary', {
    parts: intl.formatList(
      rows.map((row) => t('dashboard.category.part', { name: row.label, share: percent(row.share) })),
      { type: 'conjunction' },
    ),
  });
  return (
    <ChartFigure
      summary={summary}
      table={{
        caption: t('dashboard.category.table'),
        columns: [
          t('dashboard.category.name'),
          t('dashboard.category.revenue'),
          t('dashboard.category.share'),
        ],
        rows: rows.map((row) => ({
          key: row.categoryId || 'other',
          cells: [row.label, money(row.revenue, analysis.currency), percent(row.share)],
        })),
      }}
    >
      <PieChart accessibilityLayer={false}>
        <Pie
          data={rows}
          dataKey="revenue"
          nameKey="label"
          innerRadius="55%"
          outerRadius="80%"
          paddingAngle={1}
          rootTabIndex={-1}
          isAnimationActive={false}
        >
          {rows.map((row, index) => (
            <Cell key={row.categoryId || 'other'} fill={colours[index % colours.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(value) => money(Number(value), analysis.currency)} />
        <Legend verticalAlign="bottom" />
      </PieChart>
    </ChartFigure>
  );
}

/** Orders (bars) and visitors (line) per period; the sales table of the trend chart lists the same figures. */
export function TrafficChart({ analysis }: { analysis: Analysis }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const { count } = useDashboardFormat();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const label = (period: string) => formatDay(intl, period, 'short');
  return (
    <ChartFigure
      summary={t('dashboard.traffic.summary', {
        from: formatDay(intl, analysis.from),
        to: formatDay(intl, analysis.to),
        orders: analysis.totals.orders,
        visitors: analysis.totals.visitors,
      })}
    >
      <ComposedChart
        data={analysis.series}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
        <XAxis
          dataKey="period"
          tickFormatter={label}
          tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
        />
        <YAxis
          yAxisId="orders"
          allowDecimals={false}
          tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
        />
        <YAxis
          yAxisId="visitors"
          orientation="right"
          allowDecimals={false}
          tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
        />
        <Tooltip
          labelFormatter={(period) => label(String(period))}
          formatter={(value) => count(Number(value))}
        />
        <Legend verticalAlign="bottom" />
        <Bar
          yAxisId="orders"
          dataKey="orders"
          name={t('dashboard.trend.orders')}
          fill={token.colorPrimary}
          isAnimationActive={false}
        />
        <Line
          yAxisId="visitors"
          type="monotone"
          dataKey="visitors"
          name={t('dashboard.trend.visitors')}
          stroke="#fa8c16"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartFigure>
  );
}
