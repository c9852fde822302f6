import { FormattedMessage } from 'react-intl';

/** A section whose data could not be loaded (the reason was already shown as a toast), with a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="load-failed" role="alert">
      <p>
        <FormattedMessage id="common.loadFailed" />
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <FormattedMessage id="common.retry" />
      </button>
    </div>
  );
}
