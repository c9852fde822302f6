import { Result } from 'antd';
import { FormattedMessage } from 'react-intl';

/**
 * Stands in for a page another engineer is building, at the exact file where that page goes (see
 * apps/admin/README.md). Replace the whole file; keep its default export.
 */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Result
      status="info"
      title={
        <h1 className="admin-result-title">
          <FormattedMessage id={title} />
        </h1>
      }
      subTitle={
        <>
          <FormattedMessage id="placeholder.title" /> — <FormattedMessage id="placeholder.description" />
        </>
      }
    />
  );
}
