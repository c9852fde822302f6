import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import {
  ProForm,
  ProFormCascader,
  ProFormDependency,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Form, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AVATAR_TYPES, isPhone, MAX_AVATAR_BYTES, serverMessages } from '@shop/contract';
import type { Locale, Region, StaffAccount } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { accountQuery, regionsQuery } from '../../../features/account/queries.ts';
import { staffQuery } from '../../../features/session/staff-query.ts';

interface BasicValues {
  email: string;
  nickname: string;
  bio?: string;
  country?: string;
  province?: string[];
  street?: string;
  phone?: string;
}

const byName = (a: Region, b: Region) => a.name.localeCompare(b.name);

/**
 * The basic tab: avatar, email (read-only), nickname, personal profile, country, province/city, street, phone.
 * Only the nickname is required (as on the server): a member may change it and leave the rest empty.
 */
export function BasicTab({ account }: { account: StaffAccount }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BasicValues>();
  const [uploading, setUploading] = useState(false);
  const regions = useQuery(regionsQuery(intl.locale));
  const contract = serverMessages[intl.locale as Locale];
  const t = (id: string) => intl.formatMessage({ id });

  const saved = (updated: StaffAccount) => {
    queryClient.setQueryData(accountQuery.queryKey, updated);
    // The header shows the nickname and avatar.
    void queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
  };

  const submit = async (values: BasicValues) => {
    try {
      const updated = await adminApi.account.update(
        {
          nickname: values.nickname,
          bio: values.bio ?? '',
          country: values.country ?? '',
          province: (values.province ?? []).join('/'),
          street: values.street ?? '',
          phone: (values.phone ?? '').replace(/\s+/g, ''),
        },
        FORM_CALL,
      );
      saved(updated);
      void message.success(t('account.basic.saved'));
    } catch (error) {
      showFormErrors(form, error);
    }
  };

  const upload = async (file: File) => {
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      void message.error(contract['error.upload.type']);
      return;
    }
    if (file.size > MAX_AVATAR_BYTES) {
      void message.error(contract['error.upload.tooLarge']);
      return;
    }
    setUploading(true);
    try {
      saved(await adminApi.account.uploadAvatar(file));
      void message.success(t('account.basic.avatar.saved'));
    } catch {
      // The client has shown the server's message.
    } finally {
      setUploading(false);
    }
  };

  const countries = [...(regions.data ?? [])].sort(byName);
  const required = (key: keyof typeof contract) => [
    { required: true, whitespace: true, message: contract[key] },
  ];

  return (
    <div className="admin-settings-basic">
      <div className="admin-settings-form">
        <Typography.Title level={2} className="admin-section-title">
          {t('account.settings.basic')}
        </Typography.Title>
        <ProForm<BasicValues>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{
            email: account.email,
            nickname: account.nickname,
            bio: account.bio,
            country: account.country || undefined,
            province: account.province ? account.province.split('/') : [],
            street: account.street,
            phone: account.phone,
          }}
          submitter={{
            searchConfig: { submitText: t('account.basic.update') },
            resetButtonProps: false,
          }}
        >
          <ProFormText name="email" label={t('account.basic.email')} disabled />
          <ProFormText
            name="nickname"
            label={t('account.basic.nickname')}
            rules={required('validation.nickname.required')}
            fieldProps={{ maxLength: 40 }}
          />
          <ProFormTextArea
            name="bio"
            label={t('account.basic.profile')}
            placeholder={t('account.basic.profile-placeholder')}
            fieldProps={{ maxLength: 500, showCount: true, rows: 4 }}
          />
          <ProFormSelect
            name="country"
            label={t('account.basic.country')}
            showSearch
            options={countries.map((region) => ({ value: region.code, label: region.name }))}
            fieldProps={{
              loading: regions.isPending,
              optionFilterProp: 'label',
              allowClear: true,
              onChange: () => form.setFieldValue('province', []),
            }}
          />
          <ProFormDependency name={['country']}>
            {({ country }: { country?: string }) => {
              const children = regions.data?.find((region) => region.code === country)?.children ?? [];
              return (
                <ProFormCascader
                  name="province"
                  label={t('account.basic.geographic')}
                  fieldProps={{
                    options: [...children].sort(byName),
                    fieldNames: { label: 'name', value: 'code', children: 'children' },
                    changeOnSelect: true,
                    showSearch: true,
                    disabled: !country,
                  }}
                />
              );
            }}
          </ProFormDependency>
          <ProFormText name="street" label={t('account.basic.address')} fieldProps={{ maxLength: 200 }} />
          <ProFormText
            name="phone"
            label={t('account.basic.phone')}
            placeholder="+86 139 0000 0000"
            extra={t('account.basic.phone-hint')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value && !isPhone(value.replace(/\s+/g, '')))
                    throw new Error(contract['validation.phone.invalid']);
                },
              },
            ]}
          />
        </ProForm>
      </div>
      <div className="admin-settings-avatar">
        <Typography.Text>{t('account.basic.avatar')}</Typography.Text>
        <Avatar
          size={144}
          src={account.avatar || undefined}
          icon={<UserOutlined />}
          alt={t('account.basic.avatar')}
        />
        <Upload
          accept={AVATAR_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('account.basic.change-avatar')}
          </Button>
        </Upload>
      </div>
    </div>
  );
}
