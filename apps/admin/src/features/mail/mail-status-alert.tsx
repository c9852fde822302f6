import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { adminApi } from '../../api.ts';
import { useStaff } from '../session/staff-query.ts';

/**
 * A warning on the dashboard while the shop delivers no mail (no `MAIL_URL`): shoppers get no activation links,
 * reset links or order notices, which are kept in the dev mailbox instead. Admins get the way to it; other
 * members of staff are told to ask one. Nothing is shown while the answer is loading or when mail is delivered.
 */
export function MailStatusAlert() {
  const intl = useIntl();
  const { role } = useStaff();
  const status = useQuery({
    queryKey: ['admin', 'mail-status'],
    queryFn: ({ signal }) => adminApi.mailbox.status({ signal }),
    staleTime: 5 * 60_000,
  });
  if (status.data?.delivered !== false) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      message={intl.formatMessage({ id: 'mail-status.not-delivered' })}
      description={
        role === 'admin' ? (
          <FormattedMessage
            id="mail-status.admin"
            values={{ link: (text) => <Link to="/account/mailbox">{text}</Link> }}
          />
        ) : (
          intl.formatMessage({ id: 'mail-status.staff' })
        )
      }
    />
  );
}
