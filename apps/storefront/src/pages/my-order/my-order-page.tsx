import { AppError, Code } from '@shop/contract';
import type { Order, OrderDetail, OrderRefund, OrderStatus } from '@shop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { effects } from '../../api.ts';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { Result } from '../../components/result.tsx';
import { GOODS_IMAGE_SIZES, GoodsImage } from '../../features/catalog/goods-image.tsx';
import { useMoney } from '../../features/catalog/price.tsx';
import { IN_PLACE } from '../../features/navigation/use-navigation-effects.ts';
import { ConfirmAction } from '../../features/orders/confirm-action.tsx';
import { useReportFailure } from '../../features/orders/failure.ts';
import {
  AddressText,
  DeliveryDays,
  OrderLines,
  OrderTotals,
  StatusBadge,
  useDateTime,
} from '../../features/orders/order-parts.tsx';
import { orderPath, orderTokenIn, withOrderToken } from '../../features/orders/order-token.ts';
import { usePayOrder } from '../../features/orders/pay.ts';
import { orderQuery } from '../../features/orders/order-query.ts';
import { ORDERS_KEY } from '../../features/orders/queries.ts';
import { ReturnRequest, ReturnsList } from '../../features/orders/returns.tsx';
import { Receipt } from '../../features/receipt/receipt.tsx';
import {
  actorLabel,
  CHARGE_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  REFUND_STATUS_LABELS,
  RETURN_REASON_LABELS,
  refundReasonLabel,
} from '../../features/orders/status.ts';
import { useShopper, useSignedInShopper } from '../../features/session/use-shopper.ts';

const PAGE_SIZE = 10;
/** Thumbnails shown on an order's card; the rest are counted. */
const CARD_LINES = 3;

/**
 * Pay (a new charge, then the payment page), cancel while unpaid, confirm receipt once shipped. A guest's order
 * (opened by its `token`) is paid and cancelled with the token; confirming receipt takes an account.
 */
function OrderActions({
  order,
  withDetails,
  token,
}: {
  order: Order;
  withDetails: boolean;
  token?: string | null | undefined;
}) {
  const queryClient = useQueryClient();
  const onError = useReportFailure();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
  const cancel = useMutation({
    mutationFn: () => effects.cancelOrder(order.id, withOrderToken(token)),
    onSuccess: refresh,
    onError: (error) => {
      onError(error);
      void refresh();
    },
  });
  const confirm = useMutation({
    mutationFn: () => effects.confirmOrder(order.id),
    onSuccess: refresh,
    onError: (error) => {
      onError(error);
      void refresh();
    },
  });
  const pay = usePayOrder(token);
  const busy = cancel.isPending || confirm.isPending || pay.isPending;

  return (
    <div className="actions">
      {withDetails && (
        <Link to={orderPath(order.id)} className="button">
          <FormattedMessage id="orders.viewOrder" />
        </Link>
      )}
      {order.status === 'pending_payment' && (
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => pay.mutate(order.id)}
          >
            <FormattedMessage id="orders.payNow" />
          </button>
          <ConfirmAction
            label={<FormattedMessage id="myOrder.cancel" />}
            question={<FormattedMessage id="orders.cancelQuestion" />}
            confirmLabel={<FormattedMessage id="orders.cancelConfirm" />}
            keepLabel={<FormattedMessage id="orders.keep" />}
            busy={busy}
            onConfirm={() => cancel.mutate()}
          />
        </>
      )}
      {order.status === 'shipped' && !token && (
        <ConfirmAction
          primary
          label={<FormattedMessage id="myOrder.confirm" />}
          question={<FormattedMessage id="orders.confirmQuestion" />}
          confirmLabel={<FormattedMessage id="orders.confirmYes" />}
          keepLabel={<FormattedMessage id="orders.notYet" />}
          busy={busy}
          onConfirm={() => confirm.mutate()}
        />
      )}
    </div>
  );
}

function PayBy({ order }: { order: Order }) {
  const dateTime = useDateTime();
  if (order.status !== 'pending_payment' || !order.payBy) return null;
  return (
    <p className="field-hint">
      <FormattedMessage id="myOrder.payBy" values={{ time: dateTime(order.payBy) }} />
    </p>
  );
}

function OrderCard({ order }: { order: Order }) {
  const intl = useIntl();
  const money = useMoney();
  const dateTime = useDateTime();
  const titleId = `order-${order.id}`;
  const shown = order.lines.slice(0, CARD_LINES);
  const more = order.lines.length - shown.length;
  const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);

  return (
    <article className="card order" aria-labelledby={titleId}>
      <header className="order-head">
        <div>
          <h2 id={titleId}>
            <FormattedMessage id="myOrder.title" values={{ number: order.number }} />
          </h2>
          <time className="order-date" dateTime={order.createdAt}>
            {dateTime(order.createdAt)}
          </time>
        </div>
        <StatusBadge status={order.status} />
      </header>
      <ul className="order-thumbs">
        {shown.map((line) => (
          <li key={line.skuId}>
            <GoodsImage
              src={line.image}
              sizes={GOODS_IMAGE_SIZES.orderThumb}
              width={48}
              height={48}
              loading="lazy"
            />
            <span>
              {line.name}
              {line.options.length > 0 && (
                <span className="goods-meta"> ({line.options.join(' / ')})</span>
              )} × {line.quantity}
            </span>
          </li>
        ))}
        {more > 0 && (
          <li className="goods-meta">
            <FormattedMessage id="orders.moreLines" values={{ count: more }} />
          </li>
        )}
      </ul>
      <p>
        {intl.formatMessage({ id: 'orders.itemCount' }, { count })} · <FormattedMessage id="order.total" />{' '}
        <strong className="price-now">{money(order.total, order.currency)}</strong>
      </p>
      <PayBy order={order} />
      <OrderActions order={order} withDetails />
    </article>
  );
}

type Tab = OrderStatus | 'all';
const TABS: Tab[] = ['all', ...ORDER_STATUSES];

/** Tabs by status (the ARIA tabs pattern: arrow keys, Home and End move between them) over one panel. */
function StatusTabs({ current, onChoose }: { current: Tab; onChoose: (tab: Tab) => void }) {
  const intl = useIntl();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1;
    const tab = TABS[next];
    if (!tab) return;
    event.preventDefault();
    onChoose(tab);
    list.current?.querySelector<HTMLElement>(`#orders-tab-${tab}`)?.focus();
  };
  return (
    <div
      ref={list}
      className="tabs"
      role="tablist"
      aria-label={intl.formatMessage({ id: 'orders.tabs' })}
      onKeyDown={onKeyDown}
    >
      {TABS.map((tab) => (
        <button
          key={tab}
          id={`orders-tab-${tab}`}
          type="button"
          role="tab"
          className="tab"
          aria-selected={tab === current}
          aria-controls="orders-panel"
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onChoose(tab)}
        >
          <FormattedMessage id={tab === 'all' ? 'myOrder.all' : ORDER_STATUS_LABELS[tab]} />
        </button>
      ))}
    </div>
  );
}

function OrderList() {
  const intl = useIntl();
  const shopper = useSignedInShopper();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = ORDER_STATUSES.find((value) => value === params.get('status'));
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const orders = useQuery({
    queryKey: [...ORDERS_KEY, shopper.id, 'list', status ?? 'all', page],
    queryFn: ({ signal }) => effects.fetchOrders({ status, page, pageSize: PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const search = (tab: Tab, toPage: number) => {
    const next = new URLSearchParams();
    if (tab !== 'all') next.set('status', tab);
    if (toPage > 1) next.set('page', String(toPage));
    const text = next.toString();
    return text ? `?${text}` : '';
  };
  const tab: Tab = status ?? 'all';
  const lastPage = orders.data ? Math.max(1, Math.ceil(orders.data.meta.total / PAGE_SIZE)) : 1;

  return (
    <section>
      <h1>
        <FormattedMessage id="page.myOrder" />
      </h1>
      <StatusTabs
        current={tab}
        onChoose={(next) => void navigate({ search: search(next, 1) }, { state: IN_PLACE })}
      />
      <div
        id="orders-panel"
        role="tabpanel"
        aria-labelledby={`orders-tab-${tab}`}
        aria-busy={orders.isFetching}
        className={orders.isPlaceholderData ? 'tab-panel stale' : 'tab-panel'}
      >
        {orders.isPending ? (
          <PageLoading />
        ) : orders.isError ? (
          <LoadFailed onRetry={() => void orders.refetch()} />
        ) : orders.data.data.length === 0 ? (
          <div className="empty">
            <p>
              <FormattedMessage id={page > 1 ? 'orders.pastEnd' : 'myOrder.none'} />
            </p>
            {page > 1 && (
              <Link to={{ search: search(tab, 1) }} className="button">
                <FormattedMessage id="orders.firstPage" />
              </Link>
            )}
          </div>
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
                {page > 1 && (
                  <Link className="button" to={{ search: search(tab, page - 1) }}>
                    <FormattedMessage id="myOrder.previous" />
                  </Link>
                )}
                <span aria-current="page">
                  <FormattedMessage id="myOrder.pageOf" values={{ page, total: lastPage }} />
                </span>
                {page < lastPage && (
                  <Link className="button" to={{ search: search(tab, page + 1) }}>
                    <FormattedMessage id="myOrder.next" />
                  </Link>
                )}
              </nav>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** Why a refund was made, in words: the automatic ones name their cause, a return its reason, staff their text. */
function RefundReason({ refund }: { refund: OrderRefund }) {
  const intl = useIntl();
  const label = refundReasonLabel(refund);
  if (label) return <FormattedMessage id={label} />;
  if (refund.kind === 'return') {
    const reason = refund.reason.slice('return:'.length);
    const reasonLabel = RETURN_REASON_LABELS[reason as keyof typeof RETURN_REASON_LABELS];
    return (
      <FormattedMessage
        id="orders.refund.return"
        values={{ reason: reasonLabel ? intl.formatMessage({ id: reasonLabel }) : reason }}
      />
    );
  }
  return refund.reason.trim() ? <>{refund.reason}</> : <FormattedMessage id="orders.refund.byShop" />;
}

/** Each refund of the order: amount, status, date and why; the lines it covered. */
function RefundsList({ order }: { order: OrderDetail }) {
  const money = useMoney();
  const dateTime = useDateTime();
  if (order.refunds.length === 0) return null;
  const lineName = (lineId: string) => order.lines.find((line) => line.id === lineId)?.name ?? lineId;
  return (
    <section className="card" aria-labelledby="order-refunds-heading">
      <h2 id="order-refunds-heading">
        <FormattedMessage id="orders.refunds" />
      </h2>
      <ul className="payments refunds">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="refund">
            <span className="refund-head">
              <span>{money(refund.amount, refund.currency)}</span>
              <span className={`charge refund-${refund.status}`}>
                <FormattedMessage id={REFUND_STATUS_LABELS[refund.status]} />
              </span>
            </span>
            <span className="goods-meta">
              <time dateTime={refund.createdAt}>{dateTime(refund.createdAt)}</time> ·{' '}
              <RefundReason refund={refund} />
            </span>
            {refund.lines.length > 0 && (
              <span className="goods-meta">
                {refund.lines.map((line, index) => (
                  <span key={line.lineId}>
                    {index > 0 && ', '}
                    <FormattedMessage
                      id="orders.refund.line"
                      values={{ name: lineName(line.lineId), quantity: line.quantity }}
                    />
                  </span>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A guest's order: the address they bought with can become an account that keeps it (issue 13). */
function KeepTrackPrompt({ email }: { email: string }) {
  return (
    <div className="card keep-track">
      <p>
        <FormattedMessage id="orders.keepTrack" values={{ email: <strong>{email}</strong> }} />
      </p>
      <p className="actions">
        <Link to={`/register?email=${encodeURIComponent(email)}`} className="button button-primary">
          <FormattedMessage id="register.title" />
        </Link>
      </p>
    </div>
  );
}

/** The shopper's order, or (with `token`, from a guest checkout or its mail) the one order the token opens. */
function OrderDetails({
  id,
  token,
  print,
  paymentLeft,
}: {
  id: string;
  token: string | null;
  print: boolean;
  paymentLeft: boolean;
}) {
  const shopper = useShopper();
  // Behind the page's guard unless a token opens it: then the session, if any, does not matter.
  const readerId = token ? null : (shopper.data?.id ?? null);
  return <OrderDetailsOf id={id} token={token} readerId={readerId} print={print} paymentLeft={paymentLeft} />;
}

function OrderDetailsOf({
  id,
  token,
  readerId,
  print,
  paymentLeft,
}: {
  id: string;
  token: string | null;
  readerId: string | null;
  print: boolean;
  paymentLeft: boolean;
}) {
  const intl = useIntl();
  const money = useMoney();
  const dateTime = useDateTime();
  const order = useQuery({ ...orderQuery(readerId, id, token), staleTime: 0 });
  // A guest has no list of orders to go back to: the shop's home instead.
  const back = token ? (
    <Link to="/" className="back-link">
      <FormattedMessage id="common.backHome" />
    </Link>
  ) : (
    <Link to="/my/order" className="back-link">
      <FormattedMessage id="orders.backToList" />
    </Link>
  );

  if (order.isPending) {
    return (
      <section>
        {back}
        <h1>
          <FormattedMessage id="orders.detailTitle" />
        </h1>
        <PageLoading />
      </section>
    );
  }
  if (order.isError) {
    const missing =
      order.error instanceof AppError &&
      (order.error.code === Code.notFound || order.error.code === Code.validation);
    return missing ? (
      <Result
        tone="warning"
        title={<FormattedMessage id="orders.notFound" />}
        actions={
          <Link to={token ? '/' : '/my/order'} className="button button-primary">
            <FormattedMessage id={token ? 'common.backHome' : 'orders.backToList'} />
          </Link>
        }
      >
        <p>
          <FormattedMessage id="orders.notFoundText" />
        </p>
      </Result>
    ) : (
      <section>
        {back}
        <h1>
          <FormattedMessage id="orders.detailTitle" />
        </h1>
        <LoadFailed onRetry={() => void order.refetch()} />
      </section>
    );
  }

  const o = order.data;
  if (print) return <Receipt order={o} orderLink={orderPath(o.id, token)} />;
  return (
    <section className="order-detail">
      {back}
      <div className="section-head">
        <h1>
          <FormattedMessage id="orders.detailTitle" />
        </h1>
        <StatusBadge status={o.status} />
      </div>
      <dl className="facts card">
        <dt>
          <FormattedMessage id="orders.number" />
        </dt>
        <dd>{o.number}</dd>
        <dt>
          <FormattedMessage id="orders.placedAt" />
        </dt>
        <dd>{dateTime(o.createdAt)}</dd>
        <dt>
          <FormattedMessage id="orders.status" />
        </dt>
        <dd>
          <FormattedMessage id={ORDER_STATUS_LABELS[o.status]} />
        </dd>
        {o.refundedAmount > 0 && (
          <>
            <dt>
              <FormattedMessage id="orders.refundedAmount" />
            </dt>
            <dd>{money(o.refundedAmount, o.currency)}</dd>
          </>
        )}
        {o.shipment && (
          <>
            <dt>
              <FormattedMessage id="orders.carrier" />
            </dt>
            <dd>{o.shipment.carrier}</dd>
            <dt>
              <FormattedMessage id="orders.trackingNumber" />
            </dt>
            <dd>
              <code>{o.shipment.trackingNumber}</code>
            </dd>
          </>
        )}
      </dl>
      {paymentLeft && o.status === 'pending_payment' && (
        <p className="notice" role="status">
          <FormattedMessage id="orders.paymentLeft" />
        </p>
      )}
      <PayBy order={o} />
      <OrderActions order={o} withDetails={false} token={token} />
      <p>
        <Link to={`${orderPath(o.id, token)}&print=1`}>
          <FormattedMessage id="orders.receipt" />
        </Link>
      </p>
      {o.email !== undefined && <KeepTrackPrompt email={o.email} />}
      {/* Returns are asked for from an account (its session): a guest's order is theirs once they have one. */}
      {o.email === undefined && <ReturnRequest order={o} />}

      <div className="two-columns">
        <section className="card" aria-labelledby="order-lines-heading">
          <h2 id="order-lines-heading">
            <FormattedMessage id="order.items" />
          </h2>
          <OrderLines lines={o.lines} currency={o.currency} />
          <OrderTotals totals={o} />
        </section>
        <div className="stack">
          <section className="card" aria-labelledby="order-address-heading">
            <h2 id="order-address-heading">
              <FormattedMessage id="order.address" />
            </h2>
            <p className="address-text">
              <AddressText address={o.address} />
            </p>
            {o.shippingMethod?.estimatedDays && (
              <p className="goods-meta">
                {o.shippingMethod.name} ·{' '}
                <FormattedMessage
                  id="order.deliveryEstimate"
                  values={{ days: <DeliveryDays days={o.shippingMethod.estimatedDays} /> }}
                />
              </p>
            )}
            {o.note && (
              <>
                <h3>
                  <FormattedMessage id="orders.note" />
                </h3>
                <p className="order-note">{o.note}</p>
              </>
            )}
          </section>
          <section className="card" aria-labelledby="order-history-heading">
            <h2 id="order-history-heading">
              <FormattedMessage id="orders.history" />
            </h2>
            <ol className="timeline">
              {o.history.map((event, index) => (
                <li key={`${event.status}-${index}`}>
                  <strong>
                    <FormattedMessage id={ORDER_STATUS_LABELS[event.status]} />
                  </strong>
                  <span className="goods-meta">
                    {' '}
                    <time dateTime={event.at}>{dateTime(event.at)}</time> ·{' '}
                    {intl.formatMessage({ id: actorLabel(event.actor) })}
                  </span>
                </li>
              ))}
            </ol>
          </section>
          {o.charges.length > 0 && (
            <section className="card" aria-labelledby="order-payments-heading">
              <h2 id="order-payments-heading">
                <FormattedMessage id="orders.payments" />
              </h2>
              <ul className="payments">
                {o.charges.map((charge) => (
                  <li key={charge.id}>
                    <span>{money(charge.amount, charge.currency)}</span>
                    <span>
                      <span className={`charge charge-${charge.status}`}>
                        <FormattedMessage id={CHARGE_STATUS_LABELS[charge.status]} />
                      </span>
                      {charge.refundedAmount > 0 && (
                        <span className="goods-meta">
                          {' · '}
                          <FormattedMessage
                            id="orders.charge.refundedPart"
                            values={{ amount: money(charge.refundedAmount, charge.currency) }}
                          />
                        </span>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <RefundsList order={o} />
          <ReturnsList returns={o.returns} />
        </div>
      </div>
    </section>
  );
}

export default function MyOrderPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  return id ? (
    <OrderDetails
      key={id}
      id={id}
      token={orderTokenIn(params)}
      print={params.get('print') === '1'}
      paymentLeft={params.get('payment') === 'cancelled'}
    />
  ) : (
    <OrderList />
  );
}
