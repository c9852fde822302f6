import { PlusOutlined, UserOutlined } from '@ant-design/icons';
import { ModalForm, PageContainer, ProFormSelect, ProFormText, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { App, Avatar, Badge, Button, Form, Modal, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { AppError, Code, MIN_PASSWORD_LENGTH, serverMessages, staffRoleValues } from '@shop/contract';
import type { CreatedStaff, CreateStaffBody, Locale, StaffRole, StaffSummary } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { tableRequest } from '../../../components/table-request.ts';
import { useStaff } from '../../../features/session/staff-query.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import {
  RequireTwoStepSwitch,
  ResetTwoStepButton,
  TwoStepBadge,
} from '../../../features/two-step/two-step-controls.tsx';

/** Add a member: email, nickname, role, and a password or none (then one is generated and shown once). */
function AddMemberForm({ onCreated }: { onCreated: (member: CreatedStaff) => void }) {
  const intl = useIntl();
  const [form] = Form.useForm<CreateStaffBody>();
  const contract = serverMessages[intl.locale as Locale];
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <ModalForm<CreateStaffBody>
      title={t('staff.add')}
      form={form}
      trigger={
        <Button type="primary" icon={<PlusOutlined />}>
          {t('staff.add')}
        </Button>
      }
      initialValues={{ role: 'staff' }}
      modalProps={{ destroyOnHidden: true }}
      submitter={{ searchConfig: { submitText: t('staff.add'), resetText: t('common.cancel') } }}
      onFinish={async (values) => {
        try {
          const created = await adminApi.staff.create(
            { ...values, password: values.password ? values.password : undefined },
            FORM_CALL,
          );
          onCreated(created);
          return true;
        } catch (error) {
          if (error instanceof AppError && error.code === Code.validation) showFormErrors(form, error);
          return false;
        }
      }}
    >
      <ProFormText
        name="email"
        label={t('staff.email')}
        fieldProps={{ autoComplete: 'off' }}
        rules={[
          { required: true, message: contract['validation.email.required'] },
          { type: 'email', message: contract['validation.email.invalid'] },
        ]}
      />
      <ProFormText
        name="nickname"
        label={t('staff.nickname')}
        fieldProps={{ maxLength: 40 }}
        rules={[{ required: true, whitespace: true, message: contract['validation.nickname.required'] }]}
      />
      <ProFormSelect
        name="role"
        label={t('staff.role')}
        allowClear={false}
        options={staffRoleValues.map((role) => ({ value: role, label: t(`account.role.${role}`) }))}
        rules={[{ required: true, message: contract['validation.required'] }]}
      />
      <ProFormText.Password
        name="password"
        label={t('staff.password')}
        extra={t('staff.password-hint')}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[{ min: MIN_PASSWORD_LENGTH, message: contract['validation.password.tooShort'] }]}
      />
    </ModalForm>
  );
}

/**
 * Staff management (admins only): the members of staff, adding one, changing a role, disabling (which ends their
 * sessions) and enabling, who has two-step sign-in (resetting it, requiring it of everyone). One's own row and the last admin cannot be demoted or disabled: the server refuses, and
 * the page does not offer it for one's own row.
 */
export default function StaffPage() {
  const intl = useIntl();
  const { message } = App.useApp();
  const me = useStaff();
  const table = useRef<ActionType>(null);
  const [created, setCreated] = useState<CreatedStaff | null>(null);
  const t = (id: string) => intl.formatMessage({ id });

  const change = async (member: StaffSummary, body: { role?: StaffRole; disabled?: boolean }) => {
    try {
      await adminApi.staff.update(member.id, body, { handles: [Code.notFound] });
      void message.success(t('common.saved'));
    } catch (error) {
      if (error instanceof AppError && error.code === Code.notFound) void message.error(error.message);
    }
    table.current?.reload();
  };

  const columns: ProColumns<StaffSummary>[] = [
    {
      title: t('staff.member'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('staff.search-placeholder') },
    },
    {
      title: t('staff.member'),
      dataIndex: 'nickname',
      search: false,
      render: (_, member) => (
        <Space>
          <Avatar size="small" src={member.avatar || undefined} icon={<UserOutlined />} alt="" />
          <span>{member.nickname || '—'}</span>
          {member.id === me.id && <Tag>{t('staff.you')}</Tag>}
        </Space>
      ),
    },
    { title: t('staff.email'), dataIndex: 'email', search: false, copyable: true },
    {
      title: t('staff.role'),
      dataIndex: 'role',
      valueType: 'select',
      valueEnum: Object.fromEntries(
        staffRoleValues.map((role) => [role, { text: t(`account.role.${role}`) }]),
      ),
      render: (_, member) =>
        member.id === me.id ? (
          <Tag {...(member.role === 'admin' && { color: 'blue' })}>{t(`account.role.${member.role}`)}</Tag>
        ) : (
          <Select<StaffRole>
            size="small"
            value={member.role}
            aria-label={intl.formatMessage(
              { id: 'staff.role-of' },
              { name: member.nickname || member.email },
            )}
            options={staffRoleValues.map((role) => ({ value: role, label: t(`account.role.${role}`) }))}
            onChange={(role) => void change(member, { role })}
            popupMatchSelectWidth={false}
          />
        ),
    },
    {
      title: t('staff.status'),
      dataIndex: 'disabled',
      search: false,
      render: (_, member) =>
        // A status dot with plain text: the preset tag colours are below 4.5:1 on their own backgrounds.
        member.disabled ? (
          <Badge status="error" text={t('staff.disabled')} />
        ) : (
          <Badge status="success" text={t('staff.active')} />
        ),
    },
    {
      title: t('twostep.column'),
      dataIndex: 'otpEnabled',
      search: false,
      render: (_, member) => <TwoStepBadge member={member} />,
    },
    {
      title: t('staff.created'),
      dataIndex: 'createdAt',
      search: false,
      render: (_, member) => intl.formatDate(member.createdAt, { dateStyle: 'medium' }),
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      render: (_, member) =>
        member.id === me.id
          ? []
          : [
              <Popconfirm
                key="toggle"
                title={t(member.disabled ? 'staff.enable-confirm' : 'staff.disable-confirm')}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => change(member, { disabled: !member.disabled })}
              >
                <Button type="link" danger={!member.disabled} size="small">
                  {t(member.disabled ? 'staff.enable' : 'staff.disable')}
                </Button>
              </Popconfirm>,
              ...(member.otpEnabled
                ? [
                    <ResetTwoStepButton
                      key="two-step"
                      member={member}
                      onReset={() => table.current?.reload()}
                    />,
                  ]
                : []),
            ],
    },
  ];

  return (
    <PageContainer title={t('menu.account.staff')} content={t('staff.description')}>
      <ProTable<StaffSummary>
        tableViewRender={(_, table) => <ScrollRegion label={t('menu.account.staff')}>{table}</ScrollRegion>}
        rowKey="id"
        actionRef={table}
        columns={columns}
        request={tableRequest((query) => adminApi.staff.list(query))}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        toolBarRender={() => [
          <RequireTwoStepSwitch key="two-step" onChanged={() => table.current?.reload()} />,
          <AddMemberForm
            key="add"
            onCreated={(member) => {
              table.current?.reload();
              if (member.password) setCreated(member);
              else void message.success(t('staff.added'));
            }}
          />,
        ]}
      />
      <Modal
        open={created !== null}
        title={t('staff.generated-title')}
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            {t('common.close')}
          </Button>
        }
      >
        <Typography.Paragraph>
          {intl.formatMessage({ id: 'staff.generated-text' }, { email: created?.email ?? '' })}
        </Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: created?.password ?? '' }} data-testid="generated-password">
          <code>{created?.password}</code>
        </Typography.Paragraph>
      </Modal>
    </PageContainer>
  );
}
