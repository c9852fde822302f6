import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AppError, Code, serverMessages } from '@shop/contract';
import type { Locale, StaffOtpCodeBody } from '@shop/contract';
import { adminApi } from '../../api.ts';
import { FORM_CALL, showFormErrors } from '../../components/form-errors.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { staffQuery } from '../session/staff-query.ts';
import { QrCode } from './qr-code.tsx';
import { twoStepEnrolmentQuery, twoStepStatusQuery } from './queries.ts';

/** The recovery codes, shown once: as a list, to copy, to download as a text file. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const t = (id: string) => intl.formatMessage({ id });
  const fileText = [
    intl.formatMessage({ id: 'twostep.codes-file' }, { email, shop: window.location.host }),
    '',
    ...codes,
    '',
  ].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      void message.success(t('twostep.codes-copied'));
    } catch {
      void message.error(t('twostep.codes-copy-failed'));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([fileText], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `recovery-codes-${window.location.hostname}.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div>
      <Alert type="success" showIcon message={t('twostep.on')} />
      <Typography.Title level={3} className="admin-section-subtitle">
        {t('twostep.codes-title')}
      </Typography.Title>
      <Typography.Paragraph>{t('twostep.codes-text')}</Typography.Paragraph>
      <ul className="admin-recovery-codes" aria-label={t('twostep.codes-list')} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ul>
      <Space wrap>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {t('twostep.codes-copy')}
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          {t('twostep.codes-download')}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t('twostep.codes-done')}
        </Button>
      </Space>
    </div>
  );
}

/**
 * Turning on two-step sign-in: the QR code of a new secret (and the secret as text, for entering by hand), a
 * code field to confirm, then the 10 recovery codes, shown once. `onDone` runs when the member has noted them.
 */
export function TwoStepSetup({ email, onDone }: { email: string; onDone: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StaffOtpCodeBody>();
  const enrolment = useQuery(twoStepEnrolmentQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  const contract = serverMessages[intl.locale as Locale];
  const t = (id: string) => intl.formatMessage({ id });

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        email={email}
        onDone={() => {
          // Only now: the member's state (and with it a required set-up screen) changes once the codes are noted.
          void queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
          void queryClient.invalidateQueries({ queryKey: twoStepStatusQuery.queryKey });
          onDone();
        }}
      />
    );
  }
  if (enrolment.isPending) return <PageLoading />;
  if (enrolment.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('twostep.start-failed')}
        action={<Button onClick={() => void enrolment.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }

  const confirm = async (values: StaffOtpCodeBody) => {
    try {
      const reply = await adminApi.twoStep.confirm({ otp: values.otp.trim() }, FORM_CALL);
      setCodes(reply.recoveryCodes);
    } catch (error) {
      if (error instanceof AppError && error.code === Code.validation) showFormErrors(form, error);
    }
  };

  return (
    <Flex gap={24} wrap>
      <QrCode text={enrolment.data.otpauthUrl} label={t('twostep.qr-label')} />
      <div className="admin-two-step-steps">
        <Typography.Paragraph>{t('twostep.scan')}</Typography.Paragraph>
        <Typography.Paragraph>
          <span id="two-step-secret-label">{t('twostep.manual')}</span>{' '}
          <Typography.Text
            code
            copyable
            aria-labelledby="two-step-secret-label"
            data-testid="two-step-secret"
          >
            {enrolment.data.secret}
          </Typography.Text>
        </Typography.Paragraph>
        <Form<StaffOtpCodeBody> form={form} layout="vertical" onFinish={(values) => void confirm(values)}>
          <Form.Item
            name="otp"
            label={t('twostep.code-label')}
            rules={[{ required: true, whitespace: true, message: contract['validation.otp.required'] }]}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} spellCheck={false} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('twostep.confirm')}
          </Button>
        </Form>
      </div>
    </Flex>
  );
}
