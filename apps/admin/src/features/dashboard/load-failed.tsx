import { Button, Card, Result } from 'antd';
import { useIntl } from 'react-intl';

/** A dashboard page whose figures could not be read, with a way to try again. */
export function DashboardLoadFailed({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Card>
      <Result
        status="warning"
        title={intl.formatMessage({ id: 'dashboard.error' })}
        extra={
          <Button type="primary" onClick={onRetry}>
            {intl.formatMessage({ id: 'common.retry' })}
          </Button>
        }
      />
    </Card>
  );
}
