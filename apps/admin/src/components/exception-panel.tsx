import { Button, Result } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../features/session/redirect.ts';

export type ExceptionStatus = '403' | '404' | '500';

const TEXT: Record<ExceptionStatus, string> = {
  '403': 'exception.403',
  '404': 'exception.404',
  '500': 'exception.500',
};

/**
 * The template's exception pages (spec §8): 403 no access, 404 not found, 500 server error, each with "Back to
 * home". Pages show it for a record that does not exist (`<ExceptionPanel status="404" />`) or a failed load
 * (with `onRetry`).
 */
export function ExceptionPanel({ status, onRetry }: { status: ExceptionStatus; onRetry?: () => void }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={<h1 className="admin-result-title">{status}</h1>}
      subTitle={<FormattedMessage id={TEXT[status]} />}
      extra={
        <>
          <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
            <FormattedMessage id="exception.back" />
          </Button>
          {onRetry && (
            <Button onClick={onRetry}>
              <FormattedMessage id="common.retry" />
            </Button>
          )}
        </>
      }
    />
  );
}
