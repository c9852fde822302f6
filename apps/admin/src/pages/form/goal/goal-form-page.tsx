import {
  PageContainer,
  ProForm,
  ProFormDateRangePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Popconfirm } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import {
  AppError,
  Code,
  MAX_INVITEES,
  serverMessages,
  type Goal,
  type GoalBodyInput,
  type GoalMetric,
  type GoalVisibility,
  type Locale,
  type MessageKey,
} from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { showSuccessToast } from '../../../app/toast.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { showSubmissionSuccess } from '../../../components/result-panel.tsx';
import { currencyDigits } from '../../../features/shop/money.ts';
import { goalQuery, staffPeopleQuery } from '../../../features/dashboard/queries.ts';
import { shopCurrencyQuery } from '../../../features/shop/queries.ts';
import '../../dashboard/dashboard.css';

interface GoalFormValues {
  title?: string;
  dates?: [Dayjs | string, Dayjs | string];
  description?: string;
  metric?: GoalMetric;
  /** Major units for revenue (12.50), a count for orders. */
  target?: number;
  client?: string;
  invitees?: string[];
  weight?: number;
  visibility: GoalVisibility;
  visibleTo?: string[];
}

/** A picked day as `YYYY-MM-DD`, whether ProForm hands over the picker's dayjs value or its text. */
function dayOf(value: Dayjs | string | undefined): string {
  if (!value) return '';
  return typeof value === 'string' ? dayjs(value).format('YYYY-MM-DD') : value.format('YYYY-MM-DD');
}

/** The server's field names where the form has one field for two (`dates`). */
const FORM_FIELD: Record<string, string> = { startsOn: 'dates', endsOn: 'dates' };

function GoalForm({ goal, currency }: { goal: Goal | undefined; currency: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const rule = (key: MessageKey) => serverMessages[intl.locale as Locale][key];
  const [form] = Form.useForm<GoalFormValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const people = useQuery(staffPeopleQuery);
  const [deleting, setDeleting] = useState(false);
  const scale = 10 ** currencyDigits(currency);
  const readOnly = Boolean(goal && !goal.canEdit);

  const initialValues: GoalFormValues = goal
    ? {
        title: goal.title,
        dates: [dayjs(goal.startsOn), dayjs(goal.endsOn)],
        description: goal.description,
        metric: goal.metric,
        target: goal.metric === 'revenue' ? goal.target / scale : goal.target,
        client: goal.client,
        invitees: goal.invitees.map((p) => p.id),
        weight: goal.weight,
        visibility: goal.visibility,
        visibleTo: goal.visibleTo.map((p) => p.id),
      }
    : { visibility: 'public', metric: 'revenue', weight: 0 };

  const options = (people.data ?? []).map((p) => ({
    value: p.id,
    label: p.nickname ? `${p.nickname} (${p.email})` : p.email,
  }));

  const refreshLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'goals'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard', 'workplace'] }),
    ]);

  const submit = async (values: GoalFormValues) => {
    const [start, end] = values.dates ?? [];
    const body: GoalBodyInput = {
      title: values.title ?? '',
      startsOn: dayOf(start),
      endsOn: dayOf(end),
      description: values.description ?? '',
      metric: values.metric ?? 'revenue',
      target: values.metric === 'orders' ? (values.target ?? 0) : Math.round((values.target ?? 0) * scale),
      client: values.client ?? '',
      invitees: values.invitees ?? [],
      weight: values.weight ?? 0,
      visibility: values.visibility,
      visibleTo: values.visibility === 'partial' ? (values.visibleTo ?? []) : [],
    };
    try {
      const saved = goal
        ? await adminApi.http.put<Goal>(`/admin/goals/${goal.id}`, body, FORM_CALL)
        : await adminApi.http.post<Goal>('/admin/goals', body, FORM_CALL);
      await refreshLists();
      showSubmissionSuccess(navigate, {
        title: t('goal.saved'),
        details: [{ label: t('goal.field.title'), value: saved.title }],
        back: { to: '/dashboard/workplace', label: t('goal.result.view') },
        view: { to: `/form/goal?id=${saved.id}` },
      });
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === Code.validation && error.fields) {
        const fields = Object.fromEntries(
          Object.entries(error.fields).map(([name, text]) => [FORM_FIELD[name] ?? name, text]),
        );
        showFormErrors(form, new AppError(error.code, error.message, fields));
      }
      return false;
    }
  };

  const remove = async () => {
    if (!goal) return;
    setDeleting(true);
    try {
      await adminApi.http.delete<null>(`/admin/goals/${goal.id}`);
      await refreshLists();
      showSuccessToast(t('goal.deleted'));
      void navigate('/dashboard/workplace');
    } catch {
      // The API client has shown the reason.
    } finally {
      setDeleting(false);
    }
  };

  return (
    <>
      {readOnly && <Alert type="info" showIcon message={t('goal.readOnly')} style={{ marginBottom: 16 }} />}
      <ProForm<GoalFormValues>
        className="goal-form"
        form={form}
        layout="horizontal"
        labelCol={{ xs: { span: 24 }, sm: { span: 7 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 14 }, md: { span: 10 } }}
        initialValues={initialValues}
        dateFormatter={false}
        disabled={readOnly}
        onFinish={submit}
        submitter={{
          render: (props) => (
            <Form.Item
              wrapperCol={{ xs: { span: 24 }, sm: { span: 14, offset: 7 }, md: { span: 10, offset: 7 } }}
            >
              <Button
                type="primary"
                htmlType="submit"
                loading={props.submitButtonProps !== false && Boolean(props.submitButtonProps?.loading)}
                disabled={readOnly}
              >
                {t('goal.submit')}
              </Button>
              {goal?.canEdit && (
                <Popconfirm
                  title={t('goal.delete.confirm')}
                  onConfirm={remove}
                  okText={t('common.delete')}
                  cancelText={t('common.cancel')}
                >
                  <Button danger loading={deleting} style={{ marginInlineStart: 8 }}>
                    {t('goal.delete')}
                  </Button>
                </Popconfirm>
              )}
            </Form.Item>
          ),
        }}
      >
        <ProFormText
          name="title"
          label={t('goal.field.title')}
          placeholder={t('goal.field.title.placeholder')}
          rules={[{ required: true, whitespace: true, message: rule('validation.goal.title') }]}
          fieldProps={{ maxLength: 100 }}
        />
        <ProFormDateRangePicker
          name="dates"
          label={t('goal.field.dates')}
          rules={[{ required: true, message: rule('validation.goal.dates') }]}
          fieldProps={{
            style: { width: '100%' },
            placeholder: [t('goal.field.dates.start'), t('goal.field.dates.end')],
            format: 'YYYY-MM-DD',
          }}
        />
        <ProFormTextArea
          name="description"
          label={t('goal.field.description')}
          placeholder={t('goal.field.description.placeholder')}
          rules={[{ required: true, whitespace: true, message: rule('validation.goal.description') }]}
          fieldProps={{ rows: 4, maxLength: 2000 }}
        />
        <ProFormSelect
          name="metric"
          label={t('goal.field.metric')}
          rules={[{ required: true, message: rule('validation.goal.metric') }]}
          options={[
            { value: 'revenue', label: t('goal.field.metric.revenue') },
            { value: 'orders', label: t('goal.field.metric.orders') },
          ]}
          allowClear={false}
        />
        <ProFormDependency name={['metric']}>
          {({ metric }: { metric?: GoalMetric }) => (
            <ProFormDigit
              name="target"
              label={t('goal.field.target')}
              placeholder={t('goal.field.target.placeholder')}
              rules={[{ required: true, message: rule('validation.goal.metric') }]}
              min={metric === 'orders' ? 1 : 1 / scale}
              fieldProps={{
                precision: metric === 'orders' ? 0 : currencyDigits(currency),
                addonAfter: metric === 'orders' ? undefined : currency,
                style: { width: '100%' },
              }}
            />
          )}
        </ProFormDependency>
        <ProFormText
          name="client"
          label={`${t('goal.field.client')} ${t('goal.field.optional')}`}
          tooltip={t('goal.field.client.tooltip')}
          placeholder={t('goal.field.client.placeholder')}
          fieldProps={{ maxLength: 200 }}
        />
        <ProFormSelect
          name="invitees"
          label={`${t('goal.field.invitees')} ${t('goal.field.optional')}`}
          placeholder={t('goal.field.invitees.placeholder')}
          mode="multiple"
          options={options}
          rules={[{ type: 'array', max: MAX_INVITEES, message: rule('validation.goal.invitees') }]}
          fieldProps={{ loading: people.isPending, optionFilterProp: 'label' }}
        />
        <ProFormDigit
          name="weight"
          label={`${t('goal.field.weight')} ${t('goal.field.optional')}`}
          placeholder={t('goal.field.weight.placeholder')}
          min={0}
          max={100}
          fieldProps={{ precision: 0, addonAfter: '%' }}
        />
        <ProFormRadio.Group
          name="visibility"
          label={t('goal.field.visibility')}
          extra={t('goal.field.visibility.help')}
          options={(['public', 'partial', 'private'] as const).map((value) => ({
            value,
            label: t(`goal.field.visibility.${value}`),
          }))}
        />
        <ProFormDependency name={['visibility']}>
          {({ visibility }: { visibility?: GoalVisibility }) =>
            visibility === 'partial' && (
              <ProFormSelect
                name="visibleTo"
                label={t('goal.field.visibleTo')}
                placeholder={t('goal.field.visibleTo.placeholder')}
                mode="multiple"
                options={options}
                rules={[{ required: true, message: rule('validation.required') }]}
                fieldProps={{ loading: people.isPending, optionFilterProp: 'label' }}
              />
            )
          }
        </ProFormDependency>
      </ProForm>
    </>
  );
}

/** Form → sales goal: the template's goal form, to set a goal (or, with `?id=`, change one). */
export default function GoalFormPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [params] = useSearchParams();
  const id = params.get('id');
  const goal = useQuery({ ...goalQuery(id ?? ''), enabled: Boolean(id) });
  const currency = useQuery(shopCurrencyQuery(intl.locale as Locale));

  if ((id && goal.isPending) || currency.isPending) return <PageLoading />;
  if (id && goal.isError) {
    const missing = goal.error instanceof AppError && goal.error.code === Code.notFound;
    return missing ? (
      <ExceptionPanel status="404" />
    ) : (
      <ExceptionPanel status="500" onRetry={() => void goal.refetch()} />
    );
  }
  return (
    <PageContainer
      title={<h1 className="admin-result-title">{t(id ? 'goal.form.edit' : 'goal.form.title')}</h1>}
      content={t('goal.form.description')}
    >
      <Card>
        <GoalForm key={goal.data?.id ?? 'new'} goal={goal.data} currency={currency.data ?? 'USD'} />
      </Card>
    </PageContainer>
  );
}
