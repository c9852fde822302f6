import { RESET_LINK_TTL_MS } from '@shop/contract';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { Result } from '../../components/result.tsx';
import { readAccountState } from '../../features/account/account-state.ts';

const MINUTES = RESET_LINK_TTL_MS / 60_000;

export default function ForgetSuccessPage() {
  const { email } = readAccountState(useLocation().state);
  return (
    <Result
      tone="success"
      title={<FormattedMessage id="forgetSuccess.title" />}
      actions={
        <>
          <Link to="/login" className="button button-primary">
            <FormattedMessage id="forget.backToLogin" />
          </Link>
          <Link to="/forget" className="button">
            <FormattedMessage id="forgetSuccess.again" />
          </Link>
        </>
      }
    >
      <p>
        {email ? (
          <FormattedMessage id="forgetSuccess.textTo" values={{ email: <strong>{email}</strong> }} />
        ) : (
          <FormattedMessage id="forgetSuccess.text" />
        )}
      </p>
      <p>
        <FormattedMessage id="forgetSuccess.valid" values={{ minutes: MINUTES }} />
      </p>
    </Result>
  );
}
