import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Col, Empty, Progress, Row, Skeleton, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Goal, Workplace } from '@shop/contract';
import {
  activityLink,
  activityText,
  formatDay,
  useDashboardFormat,
} from '../../../features/dashboard/format.ts';
import { workplaceQuery } from '../../../features/dashboard/queries.ts';
import { RelativeTime, useNow } from '../../../features/dashboard/relative-time.tsx';
import { useStaff } from '../../../features/session/staff-query.ts';
import { DashboardLoadFailed } from '../../../features/dashboard/load-failed.tsx';
import { MailStatusAlert } from '../../../features/mail/mail-status-alert.tsx';
import '../dashboard.css';

function greetingId(hour: number): string {
  return hour < 12
    ? 'dashboard.workplace.morning'
    : hour < 18
      ? 'dashboard.workplace.afternoon'
      : 'dashboard.workplace.evening';
}

function TodoCard(props: {
  title: string;
  summary: string;
  link: { to: string; text: string };
  children?: ReactNode;
}) {
  return (
    <Card
      title={<h3 className="admin-result-title">{props.title}</h3>}
      extra={<Link to={props.link.to}>{props.link.text}</Link>}
      style={{ height: '100%' }}
    >
      <Typography.Paragraph strong>{props.summary}</Typography.Paragraph>
      {props.children}
    </Card>
  );
}

function Todos({ data, now }: { data: Workplace; now: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { money } = useDashboardFormat();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <TodoCard
          title={t('dashboard.workplace.toShip')}
          summary={t('dashboard.workplace.toShip.count', { count: data.toShip.count })}
          link={{ to: '/list/orders?status=paid', text: t('dashboard.workplace.toShip.all') }}
        >
          <ul className="dashboard-todo-list" data-testid="orders-to-ship">
            {data.toShip.oldest.map((order) => (
              <li key={order.id}>
                <span>
                  <Link to={`/profile/order/${order.id}`}>
                    {t('dashboard.order.number', { number: order.number })}
                  </Link>{' '}
                  <Typography.Text type="secondary">
                    {order.customer} · <RelativeTime at={order.createdAt} now={now} />
                  </Typography.Text>
                </span>
                <span>{money(order.total, order.currency)}</span>
              </li>
            ))}
          </ul>
        </TodoCard>
      </Col>
      <Col xs={24} lg={8}>
        <TodoCard
          title={t('dashboard.workplace.lowStock')}
          summary={t('dashboard.workplace.lowStock.count', {
            count: data.lowStock.count,
            threshold: data.lowStock.threshold,
          })}
          link={{ to: '/list/goods?lowStock=true', text: t('dashboard.workplace.lowStock.all') }}
        >
          <ul className="dashboard-todo-list">
            {data.lowStock.skus.map((sku) => (
              <li key={sku.skuId}>
                <span>
                  <Link to={`/form/goods/${sku.goodsId}`}>{sku.name}</Link>
                  {sku.options.length > 0 && (
                    <Typography.Text type="secondary"> · {sku.options.join(' / ')}</Typography.Text>
                  )}
                </span>
                <Tag
                  color={sku.stock === 0 ? 'red' : 'orange'}
                  style={{ flex: 'none', alignSelf: 'flex-start' }}
                >
                  {t('dashboard.workplace.lowStock.left', { count: sku.stock })}
                </Tag>
              </li>
            ))}
          </ul>
        </TodoCard>
      </Col>
      <Col xs={24} lg={8}>
        <TodoCard
          title={t('dashboard.workplace.coupons')}
          summary={t('dashboard.workplace.coupons.count', {
            count: data.expiringCoupons.coupons.length,
            days: data.expiringCoupons.days,
          })}
          link={{ to: '/list/coupons', text: t('dashboard.workplace.coupons.all') }}
        >
          <ul className="dashboard-todo-list">
            {data.expiringCoupons.coupons.map((coupon) => (
              <li key={coupon.id}>
                <span>{coupon.title}</span>
                <Typography.Text type="secondary">
                  {t('dashboard.workplace.coupons.ends', {
                    when: intl.formatDate(coupon.endsAt, { dateStyle: 'medium', timeStyle: 'short' }),
                    claimed: coupon.claimed,
                    total: coupon.total,
                  })}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </TodoCard>
      </Col>
    </Row>
  );
}

function GoalCard({ goal }: { goal: Goal }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { money, count } = useDashboardFormat();
  const figure = (n: number) => (goal.metric === 'revenue' ? money(n, goal.currency) : count(n));
  const percent = Math.min(100, Math.round((goal.progress / goal.target) * 100));
  return (
    <Card
      size="small"
      title={<h3 className="admin-result-title">{goal.title}</h3>}
      extra={
        goal.canEdit && (
          <Link to={`/form/goal?id=${goal.id}`} aria-label={t('goal.card.edit', { title: goal.title })}>
            <EditOutlined aria-hidden />
          </Link>
        )
      }
    >
      <Progress
        percent={percent}
        status={percent >= 100 ? 'success' : 'active'}
        aria-label={t('goal.card.progressLabel', { title: goal.title })}
      />
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        {t('goal.card.progress', { progress: figure(goal.progress), target: figure(goal.target) })} ·{' '}
        {t(`goal.field.metric.${goal.metric}`)}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        {t('goal.card.window', { start: formatDay(intl, goal.startsOn), end: formatDay(intl, goal.endsOn) })}{' '}
        · {t(`goal.field.visibility.${goal.visibility}`)} ·{' '}
        {t('goal.card.by', { name: goal.createdBy.nickname || goal.createdBy.email })}
      </Typography.Text>
    </Card>
  );
}

/** Dashboard → workplace: a greeting, today's to-dos, recent activity and the caller's sales goals. */
export default function WorkplacePage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const staff = useStaff();
  const query = useQuery(workplaceQuery);
  const now = useNow();
  const data = query.data;
  const name = staff.nickname || staff.email;

  return (
    <PageContainer
      title={<h1 className="admin-result-title">{t(greetingId(new Date(now).getHours()), { name })}</h1>}
      avatar={{ src: staff.avatar || undefined, alt: '', children: name.slice(0, 1).toUpperCase() }}
      content={t('dashboard.workplace.today', { date: intl.formatDate(now, { dateStyle: 'full' }) })}
    >
      <MailStatusAlert />
      {query.isError && !data ? (
        <DashboardLoadFailed onRetry={() => void query.refetch()} />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <section aria-labelledby="workplace-todos">
            <Typography.Title level={2} id="workplace-todos" style={{ fontSize: 18 }}>
              {t('dashboard.workplace.todos')}
            </Typography.Title>
            {data ? <Todos data={data} now={now} /> : <Skeleton active paragraph={{ rows: 5 }} />}
          </section>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <Card
                title={<h2 className="admin-result-title">{t('dashboard.workplace.goals')}</h2>}
                extra={
                  <Link to="/form/goal">
                    <PlusOutlined aria-hidden /> {t('dashboard.workplace.goals.new')}
                  </Link>
                }
              >
                {!data ? (
                  <Skeleton active paragraph={{ rows: 4 }} />
                ) : data.goals.length === 0 ? (
                  <Empty description={t('dashboard.workplace.goals.empty')} />
                ) : (
                  <Row gutter={[16, 16]}>
                    {data.goals.map((goal) => (
                      <Col xs={24} md={12} key={goal.id}>
                        <GoalCard goal={goal} />
                      </Col>
                    ))}
                  </Row>
                )}
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card title={<h2 className="admin-result-title">{t('dashboard.workplace.activity')}</h2>}>
                {!data ? (
                  <Skeleton active avatar paragraph={{ rows: 6 }} />
                ) : data.activity.length === 0 ? (
                  <Empty description={t('dashboard.workplace.activity.empty')} />
                ) : (
                  <ul className="dashboard-feed" aria-label={t('dashboard.workplace.activity')}>
                    {data.activity.map((item) => {
                      const link = activityLink(item);
                      const text = activityText(intl, item);
                      return (
                        <li key={item.id}>
                          <Space align="start">
                            <Avatar size="small" aria-hidden>
                              {(item.actor.name || '·').slice(0, 1).toUpperCase()}
                            </Avatar>
                            <div>
                              <div>{link ? <Link to={link}>{text}</Link> : text}</div>
                              <Typography.Text type="secondary">
                                <RelativeTime at={item.at} now={now} />
                              </Typography.Text>
                            </div>
                          </Space>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </Card>
            </Col>
          </Row>
        </Space>
      )}
    </PageContainer>
  );
}
