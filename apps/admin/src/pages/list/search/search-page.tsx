import { PageContainer, ProCard } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge, Input, List, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { AdminGoodsRow, AdminOrderRow, AdminSearchResult, AdminShopperRow } from '@shop/contract';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { shopperName, useFormat } from '../../../features/orders/format.ts';
import { searchQuery } from '../../../features/orders/queries.ts';
import { OrderStatusBadge, ShopperStatusBadge } from '../../../features/orders/status.tsx';

type Kind = keyof AdminSearchResult;
const KINDS: Kind[] = ['goods', 'orders', 'shoppers'];

/** Where "view all" leads: each kind's own search table, filtered by the same keyword. */
const LIST_PATHS: Record<Kind, string> = {
  goods: '/list/goods',
  orders: '/list/orders',
  shoppers: '/list/shoppers',
};

function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}

function GoodsItem({ goods }: { goods: AdminGoodsRow }) {
  const t = useT();
  const { money } = useFormat();
  return (
    <List.Item extra={money(goods.price, goods.currency)}>
      <List.Item.Meta
        avatar={<Avatar shape="square" size={48} src={goods.image} alt="" />}
        title={<Link to={`/form/goods/${goods.id}`}>{goods.name || goods.id}</Link>}
        description={
          <Space wrap>
            <Badge
              status={goods.onShelf ? 'success' : 'default'}
              text={t(goods.onShelf ? 'search.goods.onShelf' : 'search.goods.offShelf')}
            />
            <span>{goods.categoryName}</span>
            <span>{t('search.goods.figures', { stock: goods.stock, sales: goods.sales })}</span>
          </Space>
        }
      />
    </List.Item>
  );
}

function OrderItem({ order }: { order: AdminOrderRow }) {
  const t = useT();
  const { money, dateTime } = useFormat();
  return (
    <List.Item extra={<OrderStatusBadge status={order.status} />}>
      <List.Item.Meta
        title={
          <Link
            to={`/profile/order/${order.id}`}
            aria-label={t('orders.list.open', { number: order.number })}
          >
            <Typography.Text code>{order.number}</Typography.Text> · {dateTime(order.createdAt)}
          </Link>
        }
        description={t('search.order.summary', {
          shopper: order.shopper?.email ?? order.recipient,
          items: t('orders.list.units', { count: order.itemCount }),
          total: money(order.total, order.currency),
        })}
      />
    </List.Item>
  );
}

function ShopperItem({ shopper }: { shopper: AdminShopperRow }) {
  const t = useT();
  const { money } = useFormat();
  return (
    <List.Item extra={<ShopperStatusBadge status={shopper.status} />}>
      <List.Item.Meta
        avatar={
          <Avatar src={shopper.avatar || undefined} alt="">
            {shopperName(shopper).slice(0, 1).toUpperCase()}
          </Avatar>
        }
        title={<Link to={`/profile/shopper/${shopper.id}`}>{shopperName(shopper)}</Link>}
        description={
          <Space wrap>
            <span>{shopper.email}</span>
            {shopper.phone && <span>{shopper.phone}</span>}
            <span>
              {t('search.shopper.summary', {
                orders: shopper.orderCount,
                spent: money(shopper.totalSpent, shopper.currency),
              })}
            </span>
          </Space>
        }
      />
    </List.Item>
  );
}

function Found<T>({
  kind,
  q,
  found,
  render,
}: {
  kind: Kind;
  q: string;
  found: { items: T[]; total: number };
  render: (item: T) => ReactNode;
}) {
  const t = useT();
  return (
    <List<T>
      itemLayout="horizontal"
      dataSource={found.items}
      renderItem={render}
      locale={{ emptyText: t('search.empty', { q }) }}
      footer={
        found.total > found.items.length ? (
          <Link to={`${LIST_PATHS[kind]}?keyword=${encodeURIComponent(q)}`}>
            {t('search.viewAll', { count: found.total })}
          </Link>
        ) : undefined
      }
    />
  );
}

/**
 * The template's search list as the back office's global search: one box, and tabs for goods, orders and
 * shoppers with how many each has; the keyword stays in the URL (`?q=`) so a search can be shared or reloaded.
 */
export default function SearchPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const [chosen, setChosen] = useState<Kind | null>(null);
  const result = useQuery(searchQuery(q));
  const firstWithResults = result.data ? KINDS.find((kind) => result.data[kind].total > 0) : undefined;
  const active: Kind = chosen ?? firstWithResults ?? 'goods';

  const search = (value: string) => {
    const next = value.trim();
    setChosen(null);
    setParams(next ? { q: next } : {});
  };

  let body: ReactNode;
  if (!q) {
    body = <Typography.Paragraph>{t('search.prompt')}</Typography.Paragraph>;
  } else if (result.isPending) {
    body = <PageLoading />;
  } else if (result.isError) {
    body = <ExceptionPanel status="500" onRetry={() => void result.refetch()} />;
  } else {
    const data = result.data;
    body = (
      <Tabs
        activeKey={active}
        onChange={(key) => setChosen(key as Kind)}
        items={[
          {
            key: 'goods',
            label: t('search.tab.goods', { count: data.goods.total }),
            children: <Found kind="goods" q={q} found={data.goods} render={(g) => <GoodsItem goods={g} />} />,
          },
          {
            key: 'orders',
            label: t('search.tab.orders', { count: data.orders.total }),
            children: (
              <Found kind="orders" q={q} found={data.orders} render={(o) => <OrderItem order={o} />} />
            ),
          },
          {
            key: 'shoppers',
            label: t('search.tab.shoppers', { count: data.shoppers.total }),
            children: (
              <Found
                kind="shoppers"
                q={q}
                found={data.shoppers}
                render={(s) => <ShopperItem shopper={s} />}
              />
            ),
          },
        ]}
      />
    );
  }

  return (
    <PageContainer
      title={t('search.title')}
      content={
        <div role="search" style={{ textAlign: 'center' }}>
          <Input.Search
            aria-label={t('search.input')}
            placeholder={t('search.placeholder')}
            enterButton={t('search.submit')}
            size="large"
            allowClear
            maxLength={100}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onSearch={search}
            style={{ maxWidth: 560 }}
          />
        </div>
      }
    >
      <ProCard title={q ? t('search.results') : undefined} aria-live="polite">
        {body}
      </ProCard>
    </PageContainer>
  );
}
