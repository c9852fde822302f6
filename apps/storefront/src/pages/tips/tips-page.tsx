import { AppError, Code } from '@shop/contract';
import type { OrderDetail } from '@shop/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { Result } from '../../components/result.tsx';
import { useMoney } from '../../features/catalog/price.tsx';
import { usePayOrder } from '../../features/orders/pay.ts';
import {
  automaticRefundOf,
  paymentOutcome,
  UNSETTLED_OUTCOMES,
} from '../../features/orders/payment-outcome.ts';
import { useDateTime } from '../../features/orders/order-parts.tsx';
import { orderPath, orderTokenIn } from '../../features/orders/order-token.ts';
import { orderQuery } from '../../features/orders/order-query.ts';
import { loginPath } from '../../features/session/redirect.ts';
import { useShopper } from '../../features/session/use-shopper.ts';

/**
 * The webhook usually arrives well within 2 s; the order is asked about every second for up to 30 s, until the
 * payment and, when the order could not keep it, its automatic refund are settled.
 */
const POLL_MS = 1000;
const POLL_LIMIT = 30;

/** A guest came back from paying with their order's token: the links keep it, and they have no order list. */
const GuestToken = createContext<string | null>(null);

function OrderLink({ orderId, primary = false }: { orderId: string; primary?: boolean }) {
  const token = useContext(GuestToken);
  return (
    <Link to={orderPath(orderId, token)} className={primary ? 'button button-primary' : 'button'}>
      <FormattedMessage id="orders.viewOrder" />
    </Link>
  );
}

const orderLink = (orderId: string, primary = false) => <OrderLink orderId={orderId} primary={primary} />;

function OrdersLink() {
  const token = useContext(GuestToken);
  if (token) return null;
  return (
    <Link to="/my/order" className="button">
      <FormattedMessage id="nav.orders" />
    </Link>
  );
}

const ordersLink = <OrdersLink />;

function Heading({ children }: { children?: ReactNode }) {
  return (
    <section>
      <h1>
        <FormattedMessage id="page.tips" />
      </h1>
      {children}
    </section>
  );
}

function PayAgain({ order, label }: { order: OrderDetail; label: 'tips.payAgain' | 'orders.payNow' }) {
  const pay = usePayOrder(useContext(GuestToken));
  return (
    <button
      type="button"
      className="button button-primary"
      disabled={pay.isPending || pay.isSuccess}
      onClick={() => pay.mutate(order.id)}
    >
      <FormattedMessage id={label} />
    </button>
  );
}

/** What became of the payment: polled until the gateway's webhook has told the shop, or 30 s have passed. */
function PaymentState({
  shopperId,
  orderId,
  chargeId,
}: {
  shopperId: string | null;
  orderId: string;
  chargeId: string | null;
}) {
  const money = useMoney();
  const dateTime = useDateTime();
  // Polls made before the shopper last pressed "check again".
  const [pollBase, setPollBase] = useState(0);
  // Whether this page saw the named charge pending: the shopper paid, and its news may still be on the way.
  const [submitted, setSubmitted] = useState(false);
  const queryClient = useQueryClient();
  const query = orderQuery(shopperId, orderId, useContext(GuestToken));
  const order = useQuery({
    ...query,
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || query.state.status === 'error') return false;
      if (!UNSETTLED_OUTCOMES.has(paymentOutcome(data, chargeId, { submitted }))) return false;
      return query.state.dataUpdateCount - pollBase < POLL_LIMIT ? POLL_MS : false;
    },
  });
  const namedPending =
    !!chargeId && order.data?.charges.some((c) => c.id === chargeId && c.status === 'pending') === true;
  // Remembered during render (React's pattern for state derived from earlier renders): once seen, it stays.
  if (namedPending && !submitted) setSubmitted(true);

  if (order.isPending) {
    return (
      <Heading>
        <PageLoading />
      </Heading>
    );
  }
  if (order.isError) {
    if (order.error instanceof AppError && order.error.code === Code.unauthorized) return <LogInToSee />;
    const missing =
      order.error instanceof AppError &&
      (order.error.code === Code.notFound || order.error.code === Code.validation);
    return missing ? (
      <Result tone="warning" title={<FormattedMessage id="orders.notFound" />} actions={ordersLink}>
        <p>
          <FormattedMessage id="orders.notFoundText" />
        </p>
      </Result>
    ) : (
      <Heading>
        <LoadFailed onRetry={() => void order.refetch()} />
      </Heading>
    );
  }

  const data = order.data;
  const amount = money(data.total, data.currency);
  const refund = automaticRefundOf(data, chargeId);
  const refundAmount = refund ? money(refund.amount, refund.currency) : amount;
  const becauseCancelled = refund?.reason === 'order_cancelled';
  switch (paymentOutcome(data, chargeId, { submitted })) {
    case 'voided':
      return (
        <Result
          tone="info"
          title={<FormattedMessage id="tips.voided" />}
          actions={
            <>
              {data.status === 'pending_payment' && <PayAgain order={data} label="orders.payNow" />}
              {orderLink(data.id, data.status !== 'pending_payment')}
            </>
          }
        >
          <p>
            <FormattedMessage id="tips.voidedText" />
          </p>
        </Result>
      );
    case 'autoRefunded':
      return (
        <Result
          tone="info"
          title={<FormattedMessage id="tips.autoRefunded" />}
          actions={orderLink(data.id, true)}
        >
          <p>
            <FormattedMessage
              id={becauseCancelled ? 'tips.autoRefundedCancelled' : 'tips.autoRefundedPaid'}
              values={{ amount: refundAmount }}
            />
          </p>
        </Result>
      );
    case 'autoRefunding':
      return (
        <Result tone="info" title={<FormattedMessage id="tips.autoRefunding" />} actions={orderLink(data.id)}>
          <p>
            <FormattedMessage
              id={becauseCancelled ? 'tips.autoRefundingCancelled' : 'tips.autoRefundingPaid'}
              values={{ amount: refundAmount }}
            />
          </p>
          <PageLoading />
        </Result>
      );
    case 'autoRefundFailed':
      return (
        <Result
          tone="warning"
          title={<FormattedMessage id="tips.autoRefundFailed" />}
          actions={orderLink(data.id, true)}
        >
          <p>
            <FormattedMessage id="tips.autoRefundFailedText" values={{ amount: refundAmount }} />
          </p>
        </Result>
      );
    case 'paid':
      return (
        <Result
          tone="success"
          title={<FormattedMessage id="tips.paid" />}
          actions={
            <>
              {orderLink(data.id, true)}
              {ordersLink}
            </>
          }
        >
          <p>
            <FormattedMessage id="tips.paidText" values={{ amount }} />
          </p>
        </Result>
      );
    case 'declined':
      return (
        <Result
          tone="error"
          title={<FormattedMessage id="tips.declined" />}
          actions={
            <>
              <PayAgain order={data} label="tips.payAgain" />
              {orderLink(data.id)}
            </>
          }
        >
          <p>
            <FormattedMessage id="tips.declinedText" />
          </p>
          {data.payBy && (
            <p>
              <FormattedMessage id="myOrder.payBy" values={{ time: dateTime(data.payBy) }} />
            </p>
          )}
        </Result>
      );
    case 'unpaid':
      return (
        <Result
          tone="info"
          title={<FormattedMessage id="tips.noPayment" />}
          actions={
            <>
              <PayAgain order={data} label="orders.payNow" />
              {orderLink(data.id)}
            </>
          }
        >
          <p>
            <FormattedMessage id="tips.noPaymentText" values={{ amount }} />
          </p>
        </Result>
      );
    case 'cancelled':
      return (
        <Result
          tone="warning"
          title={<FormattedMessage id="tips.cancelled" />}
          actions={orderLink(data.id, true)}
        >
          <p>
            <FormattedMessage id="tips.cancelledText" />
          </p>
        </Result>
      );
    case 'refunded':
      return (
        <Result
          tone="info"
          title={<FormattedMessage id="tips.refunded" />}
          actions={orderLink(data.id, true)}
        >
          <p>
            <FormattedMessage id="tips.refundedText" values={{ amount }} />
          </p>
        </Result>
      );
    case 'processing': {
      // Each answer (its time is read, so each one renders) counts towards the limit.
      const polls =
        order.dataUpdatedAt > 0 ? (queryClient.getQueryState(query.queryKey)?.dataUpdateCount ?? 0) : 0;
      const waiting = polls - pollBase < POLL_LIMIT;
      return (
        <Result
          tone="info"
          title={<FormattedMessage id={waiting ? 'tips.pending' : 'tips.stillPending'} />}
          actions={
            waiting ? (
              orderLink(data.id)
            ) : (
              <>
                <button
                  type="button"
                  className="button button-primary"
                  onClick={() => {
                    setPollBase(polls);
                    void order.refetch();
                  }}
                >
                  <FormattedMessage id="tips.refresh" />
                </button>
                {orderLink(data.id)}
              </>
            )
          }
        >
          <p>
            <FormattedMessage
              id={waiting ? 'tips.pendingText' : 'tips.stillPendingText'}
              values={{ amount }}
            />
          </p>
          {waiting && <PageLoading />}
        </Result>
      );
    }
  }
}

/** The shopper's session ended while paying: the result is theirs to see after logging in again. */
function LogInToSee() {
  const location = useLocation();
  return (
    <Result
      tone="info"
      title={<FormattedMessage id="tips.logIn" />}
      actions={
        <Link to={loginPath(location.pathname + location.search)} className="button button-primary">
          <FormattedMessage id="nav.login" />
        </Link>
      }
    >
      <p>
        <FormattedMessage id="tips.logInText" />
      </p>
    </Result>
  );
}

export default function TipsPage() {
  const [params] = useSearchParams();
  const shopper = useShopper();
  const orderId = params.get('orderId')?.trim();
  const token = orderTokenIn(params);
  if (orderId && token) {
    // A guest checkout's payment: the order's token opens it, whoever is signed in.
    return (
      <GuestToken value={token}>
        <div aria-live="polite">
          <PaymentState key={orderId} shopperId={null} orderId={orderId} chargeId={params.get('chargeId')} />
        </div>
      </GuestToken>
    );
  }
  if (orderId) {
    if (shopper.isPending) {
      return (
        <Heading>
          <PageLoading />
        </Heading>
      );
    }
    if (!shopper.data) return <LogInToSee />;
    return (
      // The outcome replaces the waiting notice in place: a live region has it read out when it arrives.
      <div aria-live="polite">
        <PaymentState
          key={orderId}
          shopperId={shopper.data.id}
          orderId={orderId}
          chargeId={params.get('chargeId')}
        />
      </div>
    );
  }
  return (
    <Result
      tone="info"
      title={<FormattedMessage id="tips.title" />}
      actions={
        <Link to="/" className="button button-primary">
          <FormattedMessage id="common.backHome" />
        </Link>
      }
    >
      <p>
        <FormattedMessage id="tips.nothing" />
      </p>
    </Result>
  );
}
