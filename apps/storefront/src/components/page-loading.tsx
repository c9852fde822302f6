import { FormattedMessage } from 'react-intl';

/** The placeholder shown while a page's chunk or first data loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <FormattedMessage id="common.loading" />
      </span>
    </div>
  );
}
