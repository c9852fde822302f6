import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { LoginForm } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AppError, Code, serverMessages } from '@shop/contract';
import type { Locale, StaffLoginBody } from '@shop/contract';
import { adminApi } from '../../api.ts';
import { showSuccessToast } from '../../app/toast.ts';
import { FORM_CALL, showFormErrors } from '../../components/form-errors.ts';
import { safeRedirect } from '../../features/session/redirect.ts';
import { mayBeSignedIn, rememberSignedIn } from '../../features/session/signed-in-hint.ts';
import { staffQuery } from '../../features/session/staff-query.ts';
import { LocaleSwitcher } from '../../layout/header-actions.tsx';
import { useBackOfficeTitle } from '../../features/shop/use-back-office-title.ts';

/** A refused login whose member has two-step sign-in on: the server wants (another) code. */
function needsOtp(error: unknown): boolean {
  const data = error instanceof AppError ? error.data : undefined;
  return typeof data === 'object' && data !== null && 'otpRequired' in data;
}

/**
 * `/admin/login`: account (email or phone) and password. Wrong credentials get the server's "Invalid username
 * or password", a shopper's account "Sorry, you don't have access to this page."; after login the member goes
 * back to the page that sent them here, or to the dashboard. A member already logged in goes there at once.
 * When the server answers that a second step is needed (`data.otpRequired`), a code field appears: the code of
 * the authenticator app or a recovery code.
 */
export default function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [form] = Form.useForm<StaffLoginBody>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [otpShown, setOtpShown] = useState(false);
  // A member already signed in goes on; a guest's visit asks nothing (signed-in-hint.ts).
  const me = useQuery({ ...staffQuery, enabled: mayBeSignedIn() });
  const target = safeRedirect(search.get('redirect'));
  const contract = serverMessages[intl.locale as Locale];
  const t = (id: string) => intl.formatMessage({ id });
  const title = useBackOfficeTitle();

  if (me.data) return <Navigate to={target} replace />;

  const submit = async (values: StaffLoginBody) => {
    setRefusal(null);
    try {
      const member = await adminApi.session.login(values, FORM_CALL);
      queryClient.setQueryData(staffQuery.queryKey, member);
      rememberSignedIn(true);
      showSuccessToast(t('login.success'));
      await navigate(target, { replace: true });
    } catch (error) {
      if (error instanceof AppError && error.code === Code.validation) showFormErrors(form, error);
      else setRefusal(error instanceof AppError ? error.message : t('login.failure'));
      if (needsOtp(error)) {
        setOtpShown(true);
        form.setFieldValue('otp', undefined);
      }
    }
  };

  return (
    <div className="admin-login">
      <div className="admin-login-top">
        <LocaleSwitcher />
      </div>
      <main className="admin-login-main">
        <LoginForm<StaffLoginBody>
          form={form}
          logo={<img src="/favicon.svg" alt="" width={44} height={44} />}
          title={<h1 className="admin-login-title">{title}</h1>}
          subTitle={t('login.subtitle')}
          onFinish={submit}
          isKeyPressSubmit
          submitter={{ searchConfig: { submitText: t('login.submit') } }}
          actions={<a href="/">{t('login.storefront')}</a>}
        >
          {refusal && (
            <Alert type="error" showIcon message={refusal} role="alert" className="admin-login-alert" />
          )}
          <Form.Item
            name="account"
            label={t('login.account.label')}
            rules={[{ required: true, whitespace: true, message: contract['validation.email.required'] }]}
          >
            <Input
              size="large"
              prefix={<UserOutlined aria-hidden />}
              autoComplete="username"
              placeholder={t('login.account.placeholder')}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password.label')}
            rules={[{ required: true, message: contract['validation.password.required'] }]}
          >
            <Input.Password
              size="large"
              prefix={<LockOutlined aria-hidden />}
              autoComplete="current-password"
              placeholder={t('login.password.placeholder')}
            />
          </Form.Item>
          {otpShown && (
            <Form.Item
              name="otp"
              label={t('login.otp.label')}
              extra={t('login.otp.hint')}
              rules={[{ required: true, whitespace: true, message: contract['validation.otp.required'] }]}
            >
              <Input
                size="large"
                prefix={<SafetyOutlined aria-hidden />}
                autoComplete="one-time-code"
                autoFocus
                spellCheck={false}
                maxLength={32}
              />
            </Form.Item>
          )}
        </LoginForm>
      </main>
    </div>
  );
}
