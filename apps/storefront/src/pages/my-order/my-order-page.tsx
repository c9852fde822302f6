import type { Order, OrderStatus } from '@shop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { effects } from '../../api.ts';
import { ComingSoon, isNotYetAvailable } from '../../components/coming-soon.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { useMoney } from '../../features/catalog/price.tsx';
import { payOrder } from '../../features/orders/pay.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../features/orders/status.ts';
import { reportFailure } from '../../features/toast/report.ts';

const PAGE_SIZE = 10;

function OrderCard({ order }: { order: Order }) {
  const intl = useIntl();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['orders'] });
  const cancel = useMutation({
    mutationFn: () => effects.cancelOrder(order.id),
    onSuccess: refresh,
    onError: reportFailure,
  });
  const confirm = useMutation({
    mutationFn: () => effects.confirmOrder(order.id),
    onSuccess: refresh,
    onError: reportFailure,
  });
  const pay = useMutation({
    mutationFn: () => payOrder(order.id, (to) => void navigate(to)),
    onError: reportFailure,
  });
  const busy = cancel.isPending || confirm.isPending || pay.isPending;
  const titleId = `order-${order.id}`;

  return (
    <article className="card order" aria-labelledby={titleId}>
      <header className="order-head">
        <h2 id={titleId}>
          <FormattedMessage
            id="myOrder.placed"
            values={{ date: intl.formatDate(order.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) }}
          />
        </h2>
        <span className={`status status-${order.status}`}>
          {intl.formatMessage({ id: ORDER_STATUS_LABELS[order.status] })}
        </span>
      </header>
      <ul className="order-lines">
        {order.lines.map((line) => (
          <li key={line.skuId}>
            <Link to={`/detail?id=${encodeURIComponent(line.goodsId)}`}>{line.name}</Link>
            {line.options.length > 0 && ` (${line.options.join(' / ')})`} × {line.quantity}
          </li>
        ))}
      </ul>
      <p>
        <FormattedMessage id="order.total" />{' '}
        <strong className="price-now">{money(order.total, order.currency)}</strong>
      </p>
      {order.status === 'pending_payment' && order.payBy && (
        <p className="field-hint">
          <FormattedMessage
            id="myOrder.payBy"
            values={{ time: intl.formatDate(order.payBy, { dateStyle: 'medium', timeStyle: 'short' }) }}
          />
        </p>
      )}
      <p className="actions">
        {order.status === 'pending_payment' && (
          <>
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => pay.mutate()}
            >
              <FormattedMessage id="myOrder.pay" />
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => cancel.mutate()}>
              <FormattedMessage id="myOrder.cancel" />
            </button>
          </>
        )}
        {order.status === 'shipped' && (
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => confirm.mutate()}
          >
            <FormattedMessage id="myOrder.confirm" />
          </button>
        )}
      </p>
    </article>
  );
}

export default function MyOrderPage() {
  const intl = useIntl();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [page, setPage] = useState(1);
  const orders = useQuery({
    queryKey: ['orders', status, page],
    queryFn: ({ signal }) =>
      effects.fetchOrders({ status: status || undefined, page, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });

  if (orders.isError && isNotYetAvailable(orders.error)) {
    return <ComingSoon title="page.myOrder" text="myOrder.coming" />;
  }
  const lastPage = orders.data ? Math.max(1, Math.ceil(orders.data.meta.total / PAGE_SIZE)) : 1;

  return (
    <section>
      <div className="section-head">
        <h1>
          <FormattedMessage id="page.myOrder" />
        </h1>
        <div className="field inline">
          <label htmlFor="orders-status">
            <FormattedMessage id="myOrder.filter" />
          </label>
          <select
            id="orders-status"
            value={status}
            onChange={(event) => {
              setStatus(ORDER_STATUSES.find((value) => value === event.target.value) ?? '');
              setPage(1);
            }}
          >
            <option value="">{intl.formatMessage({ id: 'myOrder.all' })}</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage({ id: ORDER_STATUS_LABELS[value] })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {orders.isPending ? (
        <PageLoading />
      ) : orders.isError ? (
        <LoadFailed onRetry={() => void orders.refetch()} />
      ) : orders.data.data.length === 0 ? (
        <p className="empty">
          <FormattedMessage id="myOrder.none" />
        </p>
      ) : (
        <>
          <ul className="card-list">
            {orders.data.data.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          {lastPage > 1 && (
            <nav className="pager" aria-label={intl.formatMessage({ id: 'myOrder.pages' })}>
              <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <FormattedMessage id="myOrder.previous" />
              </button>
              <span>
                <FormattedMessage id="myOrder.pageOf" values={{ page, total: lastPage }} />
              </span>
              <button
                type="button"
                className="button"
                disabled={page >= lastPage}
                onClick={() => setPage(page + 1)}
              >
                <FormattedMessage id="myOrder.next" />
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
