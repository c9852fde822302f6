import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Input, List, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { AppError, Code } from '@shop/contract';
import type { MailboxMessage } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';

/**
 * The dev mailbox (mail and text messages the shop would have sent, kept while no SMTP server is configured),
 * newest first, filtered by recipient (`?to=`). With real mail configured the API answers 404 and the page says
 * so.
 */
export default function MailboxPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const [open, setOpen] = useState<MailboxMessage | null>(null);
  const t = (id: string) => intl.formatMessage({ id });
  const mail = useQuery({
    queryKey: ['admin', 'mailbox', to],
    queryFn: ({ signal }) => adminApi.mailbox.list(to || undefined, { signal, handles: [Code.notFound] }),
    retry: false,
  });

  const off = mail.error instanceof AppError && mail.error.code === Code.notFound;

  return (
    <PageContainer title={t('menu.account.mailbox')} content={t('mailbox.description')}>
      <div className="admin-panel">
        <Input.Search
          allowClear
          defaultValue={to}
          placeholder={t('mailbox.to-placeholder')}
          aria-label={t('mailbox.to')}
          enterButton={t('common.search')}
          onSearch={(value) => setParams(value.trim() ? { to: value.trim() } : {}, { replace: true })}
          className="admin-mailbox-search"
        />
        {off ? (
          <Alert type="info" showIcon message={t('mailbox.off')} />
        ) : mail.isError ? (
          <ExceptionPanel status="500" onRetry={() => void mail.refetch()} />
        ) : (
          <List
            loading={mail.isPending}
            dataSource={mail.data ?? []}
            locale={{ emptyText: <Empty description={t(to ? 'mailbox.empty-to' : 'mailbox.empty')} /> }}
            renderItem={(message) => (
              <List.Item
                actions={[
                  <Button key="open" type="link" onClick={() => setOpen(message)}>
                    {t('mailbox.open')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={message.subject}
                  description={intl.formatMessage(
                    { id: 'mailbox.meta' },
                    {
                      to: message.to,
                      at: intl.formatDate(message.sentAt, { dateStyle: 'medium', timeStyle: 'medium' }),
                    },
                  )}
                />
              </List.Item>
            )}
          />
        )}
      </div>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        width={640}
        title={open?.subject}
        closable={{ 'aria-label': t('common.close') }}
      >
        {open && (
          <>
            <Typography.Paragraph type="secondary">
              {intl.formatMessage(
                { id: 'mailbox.meta' },
                {
                  to: open.to,
                  at: intl.formatDate(open.sentAt, { dateStyle: 'medium', timeStyle: 'medium' }),
                },
              )}
            </Typography.Paragraph>
            <Tabs
              items={[
                {
                  key: 'text',
                  label: t('mailbox.text'),
                  children: <pre className="admin-mail-text">{open.text}</pre>,
                },
                ...(open.html
                  ? [
                      {
                        key: 'html',
                        label: t('mailbox.html'),
                        // No scripts, no same-origin access: the mail's HTML is shown, never run.
                        children: (
                          <iframe
                            title={open.subject}
                            sandbox=""
                            srcDoc={open.html}
                            className="admin-mail-html"
                          />
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </>
        )}
      </Drawer>
    </PageContainer>
  );
}
