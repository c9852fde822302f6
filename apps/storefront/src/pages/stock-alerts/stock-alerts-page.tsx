import { useMutation } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { effects } from '../../api.ts';
import { Result } from '../../components/result.tsx';

/**
 * `/stock-alerts/unsubscribe?token=`: from a back-in-stock mail, without signing in. The alerts stop only on the
 * button, so a mail scanner that opens the link stops nothing.
 */
export default function StockAlertUnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const stop = useMutation({ mutationFn: () => effects.unsubscribeStockAlerts({ token }) });
  const home = (
    <Link to="/" className="button">
      <FormattedMessage id="common.backHome" />
    </Link>
  );
  if (stop.isSuccess) {
    return <Result tone="success" title={<FormattedMessage id="stockAlert.unsubscribed" />} actions={home} />;
  }
  if (!token || stop.isError) {
    return <Result tone="warning" title={<FormattedMessage id="stockAlert.badLink" />} actions={home} />;
  }
  return (
    <Result
      tone="info"
      title={<FormattedMessage id="stockAlert.unsubscribeTitle" />}
      actions={
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={stop.isPending}
            onClick={() => stop.mutate()}
          >
            <FormattedMessage id="stockAlert.unsubscribe" />
          </button>
          {home}
        </>
      }
    >
      <p>
        <FormattedMessage id="stockAlert.unsubscribeText" />
      </p>
    </Result>
  );
}
