import { PageContainer } from '@ant-design/pro-components';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AppError, Code } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';

/** Throws while rendering, for the page boundary to catch. */
function Thrower({ message }: { message: string }): never {
  throw new Error(message);
}

/**
 * The template's exception trigger: a real request for a staff route that does not exist (the API's 404
 * envelope, shown as the 404 exception) and a render error (caught by the page boundary: the 500 exception).
 */
export default function TriggerPage() {
  const intl = useIntl();
  const [shown, setShown] = useState<'404' | 'render' | null>(null);
  const [busy, setBusy] = useState(false);
  const t = (id: string) => intl.formatMessage({ id });

  const request404 = async () => {
    setBusy(true);
    try {
      await adminApi.http.get('/admin/exception-trigger/missing', undefined, { handles: [Code.notFound] });
    } catch (error) {
      if (error instanceof AppError && error.code === Code.notFound) setShown('404');
    } finally {
      setBusy(false);
    }
  };

  if (shown === '404') return <ExceptionPanel status="404" />;
  if (shown === 'render') return <Thrower message={t('exception.trigger.thrown')} />;

  return (
    <PageContainer title={t('exception.trigger.title')}>
      <Card>
        <Typography.Paragraph>{t('exception.trigger.description')}</Typography.Paragraph>
        <Space wrap>
          <Button onClick={() => void request404()} loading={busy}>
            {t('exception.trigger.404')}
          </Button>
          <Button danger onClick={() => setShown('render')}>
            {t('exception.trigger.500')}
          </Button>
        </Space>
      </Card>
    </PageContainer>
  );
}
