import { ACTIVATION_LINK_TTL_MS, AppError } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router';
import { effects } from '../../api.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { Result } from '../../components/result.tsx';
import { readAccountState } from '../../features/account/account-state.ts';
import { usePageTitle } from '../../features/navigation/page-title.ts';

const HOURS = ACTIVATION_LINK_TTL_MS / 3_600_000;

/**
 * `?token=` from the activation mail: activates the account once and says how it went; opened again, it says
 * the account is active. Titled as an activation, not as the route's "activation email sent".
 */
function Activation({ token }: { token: string }) {
  usePageTitle(useIntl().formatMessage({ id: 'page.activation' }));
  // A query, not a mutation: one request per token even when React renders twice; the token is single-use.
  const activate = useQuery({
    queryKey: ['activation', token],
    queryFn: () => effects.activate({ token }),
    staleTime: Infinity,
    gcTime: Infinity,
  });

  if (activate.isSuccess) {
    return (
      <Result
        tone="success"
        title={
          <FormattedMessage
            id={activate.data.alreadyActive ? 'activation.alreadyActive' : 'activation.done'}
          />
        }
        actions={
          <Link to="/login" className="button button-primary">
            <FormattedMessage id="activation.login" />
          </Link>
        }
      >
        <p>
          <FormattedMessage
            id={activate.data.alreadyActive ? 'activation.alreadyActiveText' : 'activation.doneText'}
          />
        </p>
      </Result>
    );
  }
  if (activate.isError) {
    return (
      <Result
        tone="error"
        title={<FormattedMessage id="activation.failed" />}
        actions={
          <>
            <Link to="/registerchange" className="button button-primary">
              <FormattedMessage id="activation.resend" />
            </Link>
            <Link to="/login" className="button">
              <FormattedMessage id="activation.login" />
            </Link>
          </>
        }
      >
        {activate.error instanceof AppError && <p>{activate.error.message}</p>}
        <p>
          <FormattedMessage id="activation.failedText" />
        </p>
      </Result>
    );
  }
  return (
    <>
      <h1 className="visually-hidden">
        <FormattedMessage id="activation.working" />
      </h1>
      <PageLoading />
    </>
  );
}

/** After registering: the activation mail was sent (spec §4). */
function MailSent() {
  const { email } = readAccountState(useLocation().state);
  return (
    <Result
      tone="success"
      title={<FormattedMessage id="registerSuccess.title" />}
      actions={
        <>
          <Link to="/" className="button button-primary">
            <FormattedMessage id="common.backHome" />
          </Link>
          <Link to="/registerchange" className="button">
            <FormattedMessage id="registerSuccess.change" />
          </Link>
        </>
      }
    >
      <p>
        {email ? (
          <FormattedMessage id="registerSuccess.textTo" values={{ email: <strong>{email}</strong> }} />
        ) : (
          <FormattedMessage id="registerSuccess.text" />
        )}
      </p>
      <p>
        <FormattedMessage id="registerSuccess.valid" values={{ hours: HOURS }} />
      </p>
    </Result>
  );
}

export default function RegisterSuccessPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <Activation token={token} /> : <MailSent />;
}
