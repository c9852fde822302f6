import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Result } from '../../components/result.tsx';

export default function NotFoundPage() {
  return (
    <Result
      tone="warning"
      title={<FormattedMessage id="notFound.title" />}
      actions={
        <Link to="/" className="button button-primary">
          <FormattedMessage id="common.backHome" />
        </Link>
      }
    >
      <p>
        <FormattedMessage id="notFound.text" />
      </p>
    </Result>
  );
}
