import { ModalForm, ProFormDependency, ProFormText } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, List, Popconfirm, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { AppError, Code, MIN_PASSWORD_LENGTH, serverMessages, staffPasswordInputs } from '@shop/contract';
import type { ChangeStaffPasswordBody, Locale, StaffAccount } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { sessionsQuery } from '../../../features/account/queries.ts';
import { describeUserAgent } from '../../../features/account/user-agent.ts';
import { twoStepStatusQuery } from '../../../features/two-step/queries.ts';
import { TwoStepAction, twoStepDescription } from '../../../features/two-step/two-step-controls.tsx';
import { PasswordStrengthMeter } from './password-strength.tsx';

function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, phone.length - 8)}****${phone.slice(-4)}` : phone;
}

/** Change the password: current one, new one with the strength meter, confirmation. */
function PasswordForm({ account }: { account: StaffAccount }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ChangeStaffPasswordBody>();
  const contract = serverMessages[intl.locale as Locale];
  const t = (id: string) => intl.formatMessage({ id });

  return (
    <ModalForm<ChangeStaffPasswordBody>
      title={t('account.security.password.change')}
      form={form}
      trigger={<Button type="link">{t('account.security.modify')}</Button>}
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: t('common.save'), resetText: t('common.cancel') } }}
      onFinish={async (values) => {
        try {
          await adminApi.account.changePassword(values, FORM_CALL);
          void message.success(t('account.security.password.changed'));
          void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
          return true;
        } catch (error) {
          if (error instanceof AppError && error.code === Code.validation) showFormErrors(form, error);
          return false;
        }
      }}
    >
      <ProFormText.Password
        name="oldPassword"
        label={t('account.security.password.old')}
        fieldProps={{ autoComplete: 'current-password' }}
        rules={[{ required: true, message: contract['validation.password.required'] }]}
      />
      <ProFormText.Password
        name="password"
        label={t('account.security.password.new')}
        extra={t('account.security.password.hint')}
        fieldProps={{ autoComplete: 'new-password', 'aria-describedby': 'password-strength' }}
        rules={[
          { required: true, message: contract['validation.password.required'] },
          { min: MIN_PASSWORD_LENGTH, message: contract['validation.password.tooShort'] },
        ]}
      />
      <ProFormDependency name={['password']}>
        {({ password }: { password?: string }) => (
          <PasswordStrengthMeter
            password={password ?? ''}
            userInputs={staffPasswordInputs(account)}
            id="password-strength"
          />
        )}
      </ProFormDependency>
      <ProFormText.Password
        name="confirm"
        label={t('account.security.password.confirm')}
        dependencies={['password']}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[
          { required: true, message: contract['validation.confirm.required'] },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('password'))
                throw new Error(contract['validation.confirm.mismatch']);
            },
          }),
        ]}
      />
    </ModalForm>
  );
}

/** The member's live sessions: device, IP, last seen, and "End session" for each. */
function SessionsList() {
  const intl = useIntl();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const navigate = useNavigate();
  const t = (id: string) => intl.formatMessage({ id });

  if (sessions.isError) return <ExceptionPanel status="500" onRetry={() => void sessions.refetch()} />;

  const end = async (id: string, current: boolean) => {
    try {
      await adminApi.account.endSession(id, { handles: [Code.notFound] });
      if (current) {
        queryClient.clear();
        await navigate('/login', { replace: true });
        return;
      }
      void message.success(t('account.security.sessions.ended'));
    } catch {
      // Already gone: the refreshed list says so.
    }
    void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
  };

  return (
    <List
      loading={sessions.isPending}
      dataSource={sessions.data ?? []}
      locale={{ emptyText: t('common.empty') }}
      renderItem={(session) => {
        const { browser, system } = describeUserAgent(session.userAgent);
        const device =
          browser && system
            ? intl.formatMessage({ id: 'account.security.sessions.device' }, { browser, system })
            : browser || system || t('account.security.sessions.unknown-device');
        return (
          <List.Item
            data-testid="session-row"
            actions={[
              <Popconfirm
                key="end"
                title={t(
                  session.current
                    ? 'account.security.sessions.end-current'
                    : 'account.security.sessions.end-confirm',
                )}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => end(session.id, session.current)}
              >
                <Button type="link" danger>
                  {t('account.security.sessions.end')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <span>
                  {device}{' '}
                  {session.current && <Tag color="blue">{t('account.security.sessions.current')}</Tag>}
                </span>
              }
              description={intl.formatMessage(
                { id: 'account.security.sessions.detail' },
                {
                  ip: session.ip || '—',
                  lastSeen: intl.formatDate(session.lastSeenAt, { dateStyle: 'medium', timeStyle: 'short' }),
                  since: intl.formatDate(session.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
                },
              )}
            />
          </List.Item>
        );
      }}
    />
  );
}

/**
 * The security tab: password (with strength meter), security phone, two-step sign-in (authenticator app), the
 * template's other items the shop does not offer (said so, not faked), and the member's active sessions.
 */
export function SecurityTab({ account }: { account: StaffAccount }) {
  const intl = useIntl();
  const twoStep = useQuery(twoStepStatusQuery);
  const navigate = useNavigate();
  const t = (id: string) => intl.formatMessage({ id });
  const items: { key: string; title: string; description: string; action: ReactNode }[] = [
    {
      key: 'password',
      title: t('account.security.password'),
      description: t('account.security.password-description'),
      action: <PasswordForm key="password" account={account} />,
    },
    {
      key: 'phone',
      title: t('account.security.phone'),
      description: account.phone
        ? intl.formatMessage(
            { id: 'account.security.phone-description' },
            { phone: maskPhone(account.phone) },
          )
        : t('account.security.phone-none'),
      action: (
        <Button key="phone" type="link" onClick={() => void navigate('/account/settings?tab=basic')}>
          {t('account.security.modify')}
        </Button>
      ),
    },
    {
      key: 'two-step',
      title: t('twostep.title'),
      description: twoStepDescription(intl, twoStep.data),
      action: <TwoStepAction key="two-step" status={twoStep.data} />,
    },
  ];

  return (
    <div>
      <Typography.Title level={2} className="admin-section-title">
        {t('account.settings.security')}
      </Typography.Title>
      <List
        itemLayout="horizontal"
        dataSource={items}
        renderItem={(item) => (
          <List.Item actions={[item.action]}>
            <List.Item.Meta title={item.title} description={item.description} />
          </List.Item>
        )}
      />
      <Typography.Title level={3} className="admin-section-subtitle">
        {t('account.security.sessions')}
      </Typography.Title>
      <SessionsList />
    </div>
  );
}
