import { PageContainer } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Empty, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Activity, DashboardOrder, MonitorEvent } from '@shop/contract';
import { activityLink, activityText, useDashboardFormat } from '../../../features/dashboard/format.ts';
import { monitorSnapshotQuery } from '../../../features/dashboard/queries.ts';
import { RelativeTime, useNow } from '../../../features/dashboard/relative-time.tsx';
import { useMonitorStream, type StreamStatus } from '../../../features/dashboard/use-monitor-stream.ts';
import { DashboardLoadFailed } from '../../../features/dashboard/load-failed.tsx';
import '../dashboard.css';

const SHOWN_ORDERS = 20;
const SHOWN_ACTIVITY = 30;
/** Order events come in bursts (placed, then paid): the totals are read again once a burst is over. */
const TOTALS_REFRESH_MS = 1_500;

const STATUS_BADGE: Record<StreamStatus, 'processing' | 'success' | 'warning' | 'error'> = {
  connecting: 'processing',
  live: 'success',
  reconnecting: 'warning',
  offline: 'error',
};

const ORDER_TAG: Record<string, string> = {
  pending_payment: 'gold',
  paid: 'blue',
  // antd's cyan, gold (2.8:1) and green (3.4:1) tag texts are below 4.5:1 on their tints: gold and green get
  // their palette's darkest shade as text (`TAG_TEXT`); blue, purple and magenta pass as they are.
  shipped: 'purple',
  completed: 'green',
  cancelled: 'default',
  refunded: 'magenta',
  partially_refunded: 'magenta',
};

/** Text colours for tags whose preset text is too light on its tint: antd's gold-9 and green-9. */
const TAG_TEXT: Record<string, string> = { gold: '#874d00', green: '#135200' };

/** Dashboard → monitor: the latest orders and activity, kept current by the server's event stream. */
export default function MonitorPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { money, count } = useDashboardFormat();
  const queryClient = useQueryClient();
  const snapshot = useQuery(monitorSnapshotQuery);
  const now = useNow();
  const [liveOrders, setLiveOrders] = useState<DashboardOrder[]>([]);
  const [liveActivity, setLiveActivity] = useState<Activity[]>([]);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  const onEvent = useCallback(
    (event: MonitorEvent) => {
      if (event.order) {
        const order = event.order;
        setLiveOrders((list) => [order, ...list.filter((o) => o.id !== order.id)].slice(0, SHOWN_ORDERS));
        setFresh((ids) => new Set(ids).add(order.id));
        clearTimeout(refreshTimer.current);
        refreshTimer.current = setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: monitorSnapshotQuery.queryKey }),
          TOTALS_REFRESH_MS,
        );
      }
      setLiveActivity((list) =>
        [event.activity, ...list.filter((a) => a.id !== event.activity.id)].slice(0, SHOWN_ACTIVITY),
      );
    },
    [queryClient],
  );
  const stream = useMonitorStream(snapshot.data?.lastEventId, snapshot.isSuccess, onEvent);

  // The stream's orders over the snapshot's: each order once, the latest news of it first.
  const orders = useMemo(() => {
    const seen = new Set<string>();
    return [...liveOrders, ...(snapshot.data?.orders ?? [])]
      .filter((o) => !seen.has(o.id) && seen.add(o.id))
      .slice(0, SHOWN_ORDERS);
  }, [liveOrders, snapshot.data]);
  const activity = useMemo(() => {
    const seen = new Set<string>();
    return [...liveActivity, ...(snapshot.data?.activity ?? [])]
      .filter((a) => !seen.has(a.id) && seen.add(a.id))
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, SHOWN_ACTIVITY);
  }, [liveActivity, snapshot.data]);

  const data = snapshot.data;
  const status = (
    <span role="status" aria-live="polite">
      <Badge status={STATUS_BADGE[stream.status]} text={t(`dashboard.monitor.status.${stream.status}`)} />
      {stream.status === 'offline' && (
        <Button type="link" size="small" onClick={stream.reconnect}>
          {t('dashboard.monitor.reconnect')}
        </Button>
      )}
    </span>
  );

  if (snapshot.isError && !data) {
    return (
      <PageContainer title={<h1 className="admin-result-title">{t('menu.dashboard.monitor')}</h1>}>
        <DashboardLoadFailed onRetry={() => void snapshot.refetch()} />
      </PageContainer>
    );
  }

  return (
    <PageContainer
      title={<h1 className="admin-result-title">{t('menu.dashboard.monitor')}</h1>}
      content={t('dashboard.monitor.description')}
      extra={status}
    >
      <Card
        title={<h2 className="admin-result-title">{t('dashboard.monitor.today')}</h2>}
        style={{ marginBottom: 16 }}
      >
        <Row gutter={[16, 16]} aria-live="polite" aria-busy={snapshot.isFetching}>
          {(
            [
              ['placed', data && count(data.today.placed)],
              ['paid', data && count(data.today.paid)],
              ['sales', data && money(data.today.sales, data.currency)],
              ['visitors', data && count(data.today.visitors)],
            ] as const
          ).map(([key, value]) => (
            <Col xs={12} md={6} key={key}>
              <Statistic
                title={t(`dashboard.monitor.${key}`)}
                value={value ?? ''}
                loading={snapshot.isPending}
              />
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={<h2 className="admin-result-title">{t('dashboard.monitor.orders')}</h2>}>
            {snapshot.isPending ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : orders.length === 0 ? (
              <Empty description={t('dashboard.monitor.orders.empty')} />
            ) : (
              <ul
                className="dashboard-feed"
                aria-label={t('dashboard.monitor.orders')}
                data-testid="monitor-orders"
              >
                {orders.map((order) => (
                  <li key={order.id} className={fresh.has(order.id) ? 'dashboard-fresh' : undefined}>
                    <Row gutter={8} align="middle" wrap={false}>
                      <Col flex="auto">
                        <Link to={`/profile/order/${order.id}`}>
                          {t('dashboard.order.number', { number: order.number })}
                        </Link>{' '}
                        <Tag
                          color={ORDER_TAG[order.status]}
                          style={{ color: TAG_TEXT[ORDER_TAG[order.status] ?? ''] }}
                        >
                          {t(`dashboard.order.status.${order.status}`)}
                        </Tag>
                        {fresh.has(order.id) && <Tag color="processing">{t('dashboard.monitor.new')}</Tag>}
                        <div>
                          <Typography.Text type="secondary">
                            {order.customer} · {t('dashboard.order.items', { count: order.items })} ·{' '}
                            <RelativeTime at={order.createdAt} now={now} />
                          </Typography.Text>
                        </div>
                      </Col>
                      <Col flex="none">
                        <Typography.Text strong>{money(order.total, order.currency)}</Typography.Text>
                      </Col>
                    </Row>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={<h2 className="admin-result-title">{t('dashboard.monitor.activity')}</h2>}>
            {snapshot.isPending ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : activity.length === 0 ? (
              <Empty description={t('dashboard.monitor.activity.empty')} />
            ) : (
              <ul className="dashboard-feed" aria-label={t('dashboard.monitor.activity')}>
                {activity.map((item) => {
                  const link = activityLink(item);
                  const text = activityText(intl, item);
                  return (
                    <li key={item.id}>
                      <div>{link ? <Link to={link}>{text}</Link> : text}</div>
                      <Typography.Text type="secondary">
                        <RelativeTime at={item.at} now={now} />
                      </Typography.Text>
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}
