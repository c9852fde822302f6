import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { effects } from '../../api.ts';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { Result } from '../../components/result.tsx';
import { useMoney } from '../../features/catalog/price.tsx';

const ordersLink = (
  <Link to="/my/order" className="button button-primary">
    <FormattedMessage id="nav.orders" />
  </Link>
);

/** The state of an order's payment (spec: queryCharges), after the shopper comes back from paying. */
function PaymentState({ orderId }: { orderId: string }) {
  const money = useMoney();
  const charges = useQuery({
    queryKey: ['charges', orderId],
    queryFn: ({ signal }) => effects.fetchCharges({ orderId }, { signal }),
  });
  if (charges.isPending) {
    return (
      <>
        <h1 className="visually-hidden">
          <FormattedMessage id="page.tips" />
        </h1>
        <PageLoading />
      </>
    );
  }
  if (charges.isError) {
    return (
      <>
        <h1>
          <FormattedMessage id="page.tips" />
        </h1>
        <LoadFailed onRetry={() => void charges.refetch()} />
      </>
    );
  }
  const latest = charges.data.at(-1);
  if (!latest) {
    return (
      <Result tone="info" title={<FormattedMessage id="tips.noPayment" />} actions={ordersLink}>
        <p>
          <FormattedMessage id="tips.noPaymentText" />
        </p>
      </Result>
    );
  }
  const amount = money(latest.amount, latest.currency);
  if (latest.status === 'succeeded') {
    return (
      <Result tone="success" title={<FormattedMessage id="tips.paid" />} actions={ordersLink}>
        <p>
          <FormattedMessage id="tips.paidText" values={{ amount }} />
        </p>
      </Result>
    );
  }
  if (latest.status === 'failed') {
    return (
      <Result tone="error" title={<FormattedMessage id="tips.failed" />} actions={ordersLink}>
        <p>
          <FormattedMessage id="tips.failedText" />
        </p>
      </Result>
    );
  }
  return (
    <Result
      tone="info"
      title={<FormattedMessage id="tips.pending" />}
      actions={
        <>
          <button type="button" className="button button-primary" onClick={() => void charges.refetch()}>
            <FormattedMessage id="tips.refresh" />
          </button>
          {ordersLink}
        </>
      }
    >
      <p>
        <FormattedMessage id="tips.pendingText" values={{ amount }} />
      </p>
    </Result>
  );
}

export default function TipsPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  if (orderId) return <PaymentState key={orderId} orderId={orderId} />;
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
