import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Form, Modal, Popconfirm, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AppError, Code, serverMessages } from '@shop/contract';
import type { Locale, StaffOtpCodeBody, StaffOtpStatus, StaffSummary } from '@shop/contract';
import { adminApi } from '../../api.ts';
import { FORM_CALL, showFormErrors } from '../../components/form-errors.ts';
import { staffQuery, useStaff } from '../session/staff-query.ts';
import { twoStepPolicyQuery, twoStepStatusQuery } from './queries.ts';
import { TwoStepSetup } from './two-step-setup.tsx';

/** What the security tab says of the member's two-step sign-in. */
export function twoStepDescription(intl: ReturnType<typeof useIntl>, status: StaffOtpStatus | undefined) {
  if (!status?.enabled) return intl.formatMessage({ id: 'twostep.description-off' });
  return intl.formatMessage({ id: 'twostep.description-on' }, { count: status.recoveryCodesLeft });
}

/** "Turn on" (the set-up in a dialog) or "Turn off" (with a code) for the security tab. */
export function TwoStepAction({ status }: { status: StaffOtpStatus | undefined }) {
  const intl = useIntl();
  const member = useStaff();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [setupOpen, setSetupOpen] = useState(false);
  const [form] = Form.useForm<StaffOtpCodeBody>();
  const contract = serverMessages[intl.locale as Locale];
  const t = (id: string) => intl.formatMessage({ id });

  if (!status) return null;
  if (!status.enabled) {
    return (
      <>
        <Button type="link" onClick={() => setSetupOpen(true)}>
          {t('twostep.turn-on')}
        </Button>
        <Modal
          title={t('twostep.setup-title')}
          open={setupOpen}
          footer={null}
          width={640}
          destroyOnHidden
          maskClosable={false}
          onCancel={() => {
            setSetupOpen(false);
            // Closed after confirming but before "I have saved them": it is on all the same.
            void queryClient.invalidateQueries({ queryKey: twoStepStatusQuery.queryKey });
          }}
        >
          <TwoStepSetup email={member.email} onDone={() => setSetupOpen(false)} />
        </Modal>
      </>
    );
  }
  return (
    <ModalForm<StaffOtpCodeBody>
      title={t('twostep.off-title')}
      form={form}
      trigger={
        <Button type="link" danger>
          {t('twostep.turn-off')}
        </Button>
      }
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: t('twostep.turn-off'), resetText: t('common.cancel') } }}
      onFinish={async (values) => {
        try {
          await adminApi.twoStep.turnOff({ otp: values.otp.trim() }, FORM_CALL);
          void message.success(t('twostep.off'));
          void queryClient.invalidateQueries({ queryKey: twoStepStatusQuery.queryKey });
          void queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
          return true;
        } catch (error) {
          if (error instanceof AppError && error.code === Code.validation) showFormErrors(form, error);
          return false;
        }
      }}
    >
      <ProFormText
        name="otp"
        label={t('twostep.off-code-label')}
        fieldProps={{ autoComplete: 'one-time-code', spellCheck: false, maxLength: 32 }}
        rules={[{ required: true, whitespace: true, message: contract['validation.otp.required'] }]}
      />
    </ModalForm>
  );
}

/**
 * In place of every page while the shop requires two-step sign-in and the member has not turned it on (the
 * server refuses them everything else meanwhile).
 */
export function RequiredTwoStepSetup() {
  const intl = useIntl();
  const member = useStaff();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div className="admin-panel">
      <Typography.Title level={2} className="admin-section-title">
        {t('twostep.setup-title')}
      </Typography.Title>
      <Typography.Paragraph type="warning">{t('twostep.required')}</Typography.Paragraph>
      <TwoStepSetup email={member.email} onDone={() => undefined} />
    </div>
  );
}

/** Admins: the switch that requires two-step sign-in of every member of staff. */
export function RequireTwoStepSwitch({ onChanged }: { onChanged: () => void }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const policy = useQuery(twoStepPolicyQuery);
  const [saving, setSaving] = useState(false);
  const t = (id: string) => intl.formatMessage({ id });

  const change = async (required: boolean) => {
    setSaving(true);
    try {
      const next = await adminApi.twoStep.setPolicy({ required });
      queryClient.setQueryData(twoStepPolicyQuery.queryKey, next);
      void message.success(t(next.required ? 'twostep.require-on' : 'twostep.require-off'));
      void queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
      onChanged();
    } catch {
      // The client has shown the refusal (turn on your own first).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space>
      <Switch
        id="require-two-step"
        checked={policy.data?.required ?? false}
        loading={policy.isPending || saving}
        onChange={(checked) => void change(checked)}
      />
      <label htmlFor="require-two-step">{t('twostep.require')}</label>
    </Space>
  );
}

/** Admins: the "Two-step sign-in" cell of a member in the staff list. */
export function TwoStepBadge({ member }: { member: StaffSummary }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (member.otpEnabled) return <Badge status="success" text={t('twostep.column-on')} />;
  if (member.otpSetupRequired) return <Badge status="warning" text={t('twostep.column-missing')} />;
  return <Badge status="default" text={t('twostep.column-off')} />;
}

/** Admins: "Reset two-step sign-in" of another member who has it on. */
export function ResetTwoStepButton({ member, onReset }: { member: StaffSummary; onReset: () => void }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const t = (id: string) => intl.formatMessage({ id });
  const reset = async () => {
    try {
      await adminApi.twoStep.reset(member.id, { handles: [Code.notFound] });
      void message.success(t('twostep.reset-done'));
    } catch (error) {
      if (error instanceof AppError && error.code === Code.notFound) void message.error(error.message);
    }
    onReset();
  };
  return (
    <Popconfirm
      title={t('twostep.reset-confirm')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onConfirm={reset}
    >
      <Button type="link" size="small">
        {t('twostep.reset')}
      </Button>
    </Popconfirm>
  );
}
