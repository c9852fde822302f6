import { PageContainer, ProCard, StepsForm } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Descriptions, Form, InputNumber, Radio } from 'antd';
import type { FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import type { MutableRefObject } from 'react';
import { useIntl } from 'react-intl';
import {
  AppError,
  Code,
  MAX_COUPON_TOTAL,
  MAX_MONEY,
  pickText,
  serverMessages,
  SUPPORTED_LOCALES,
} from '@shop/contract';
import type { AdminCoupon, AdminMarket, Locale } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { LOCALE_LABELS } from '../../../app/locale.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { PageLoading } from '../../../components/page-loading.tsx';
import { ResultPanel } from '../../../components/result-panel.tsx';
import { LocalizedFields } from '../../../features/catalog/localized-fields.tsx';
import { currencyDigits, formatMoney, toMajor, toMinor } from '../../../features/shop/money.ts';
import { shopQuery } from '../../../features/shop/queries.ts';
import { marketsQuery } from '../../list/markets/markets-query.ts';
import { CouponAmountsFields, describeAmounts } from './coupon-amounts-fields.tsx';
import { amountsBody, couponBody, otherCurrencies } from './coupon-form-values.ts';
import type { CampaignInfo } from './coupon-form-values.ts';
import '../../../features/catalog/catalog.css';

/** The template's step form: a coupon campaign's details → confirm → result. */
export default function CouponFormPage() {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const shop = useQuery(shopQuery(locale));
  if (shop.error) return <ExceptionPanel status="500" onRetry={() => void shop.refetch()} />;
  if (!shop.data) return <PageLoading />;
  return <CampaignSteps currency={shop.data.currency} shopDefault={shop.data.defaultLocale} />;
}

const NO_MARKETS: AdminMarket[] = [];

function CampaignSteps({ currency, shopDefault }: { currency: string; shopDefault: Locale }) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const texts = serverMessages[locale];
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(0);
  const [info, setInfo] = useState<CampaignInfo | null>(null);
  const [created, setCreated] = useState<AdminCoupon | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const formMapRef = useRef<MutableRefObject<FormInstance | undefined>[]>([]);
  const digits = currencyDigits(currency);
  // Own amounts per currency are optional: without the markets (still loading, or failed) every market converts.
  const markets = useQuery(marketsQuery).data ?? NO_MARKETS;
  const currencies = useMemo(() => otherCurrencies(markets, currency), [markets, currency]);

  const submit = async (): Promise<boolean> => {
    if (!info) return false;
    setFailure(null);
    setCreating(true);
    try {
      const coupon = await adminApi.http.post<AdminCoupon>(
        '/admin/coupons',
        couponBody(info, currency, currencies),
        FORM_CALL,
      );
      setCreated(coupon);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'catalog', 'coupons'] });
      return true;
    } catch (error) {
      // Field messages belong to the first step: go back and show them under their fields.
      if (error instanceof AppError && error.code === Code.validation) {
        const infoForm = formMapRef.current[0]?.current;
        setCurrent(0);
        if (infoForm) setTimeout(() => showFormErrors(infoForm, serverFields(error)), 0);
      } else if (error instanceof AppError) {
        setFailure(error.message);
      }
      return false;
    } finally {
      setCreating(false);
    }
  };

  const discountText = (v: CampaignInfo) =>
    v.kind === 'amount'
      ? t('coupons.discount.amount', { amount: formatMoney(toMinor(v.value, currency), currency, locale) })
      : t('coupons.discount.percent', { percent: v.value });
  const when = (d: Dayjs) => intl.formatDate(d.toDate(), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <PageContainer title={t('couponForm.title')} content={t('couponForm.description')}>
      <ProCard bordered>
        <StepsForm<CampaignInfo>
          current={current}
          onCurrentChange={setCurrent}
          formMapRef={formMapRef}
          submitter={{
            render: (props, dom) => {
              if (props.step === 2) return null;
              if (props.step === 0) return dom;
              // The confirm step's button creates the campaign: it says so.
              return [
                <Button key="previous" onClick={() => props.onPre?.()}>
                  {t('couponForm.previous')}
                </Button>,
                <Button key="create" type="primary" loading={creating} onClick={() => props.form?.submit()}>
                  {t('couponForm.create')}
                </Button>,
              ];
            },
            searchConfig: { submitText: t('couponForm.submit'), resetText: t('couponForm.previous') },
          }}
          stepsProps={{ size: 'small' }}
        >
          <StepsForm.StepForm<CampaignInfo>
            name="info"
            title={t('couponForm.step.info')}
            layout="vertical"
            // Keep the dates as dayjs values: ProForm would turn them into local-time strings.
            dateFormatter={false}
            initialValues={{ kind: 'amount', minSpend: 0, total: 100, perUserLimit: 1 }}
            onFinish={async (values) => {
              setInfo(values);
              return true;
            }}
          >
            <LocalizedFields
              name={['title']}
              label={t('coupons.field.title')}
              shopDefault={shopDefault}
              maxLength={80}
              compact={false}
            />
            <Form.Item name="kind" label={t('coupons.field.kind')}>
              <Radio.Group
                options={[
                  { value: 'amount', label: t('coupons.kind.amount') },
                  { value: 'percent', label: t('coupons.kind.percent') },
                ]}
              />
            </Form.Item>
            <Form.Item noStyle dependencies={['kind']}>
              {({ getFieldValue }) => {
                const percent = getFieldValue('kind') === 'percent';
                return (
                  <Form.Item
                    name="value"
                    label={percent ? t('coupons.field.percent') : t('coupons.field.amount', { currency })}
                    rules={[
                      { required: true, message: texts['validation.coupon.value'] },
                      {
                        validator: (_, value?: number) =>
                          value == null || value > 0
                            ? Promise.resolve()
                            : Promise.reject(new Error(texts['validation.coupon.value'])),
                      },
                      ...(percent
                        ? [
                            {
                              validator: (_: unknown, value?: number) =>
                                value == null || (value >= 1 && value <= 100)
                                  ? Promise.resolve()
                                  : Promise.reject(new Error(texts['validation.coupon.percent'])),
                            },
                          ]
                        : []),
                    ]}
                  >
                    <InputNumber
                      min={0}
                      max={percent ? 100 : toMajor(MAX_MONEY, currency)}
                      precision={percent ? 0 : digits}
                      addonAfter={percent ? '%' : currency}
                    />
                  </Form.Item>
                );
              }}
            </Form.Item>
            <Form.Item
              name="minSpend"
              label={t('coupons.field.minSpend', { currency })}
              extra={t('coupons.minSpendHint')}
            >
              <InputNumber
                min={0}
                max={toMajor(MAX_MONEY, currency)}
                precision={digits}
                addonAfter={currency}
              />
            </Form.Item>
            <CouponAmountsFields currencies={currencies} markets={markets} shopCurrency={currency} />
            <Form.Item
              name="window"
              label={t('coupons.field.window')}
              rules={[
                { required: true, message: texts['validation.date'] },
                {
                  validator: (_, value?: [Dayjs, Dayjs]) => {
                    if (!value) return Promise.resolve();
                    if (!value[1].isAfter(value[0]))
                      return Promise.reject(new Error(texts['validation.coupon.window']));
                    if (!value[1].isAfter(Date.now())) {
                      return Promise.reject(new Error(texts['validation.coupon.endsInPast']));
                    }
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <DatePicker.RangePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                aria-label={t('coupons.field.window')}
                placeholder={[t('coupons.field.startsAt'), t('coupons.field.endsAt')]}
              />
            </Form.Item>
            <Form.Item
              name="total"
              label={t('coupons.field.total')}
              rules={[{ required: true, message: t('coupons.totalRequired') }]}
            >
              <InputNumber min={1} max={MAX_COUPON_TOTAL} precision={0} />
            </Form.Item>
            <Form.Item
              name="perUserLimit"
              label={t('coupons.field.perUserLimit')}
              dependencies={['total']}
              rules={[
                { required: true, message: t('coupons.totalRequired') },
                ({ getFieldValue }) => ({
                  validator: (_, value?: number) =>
                    value == null || value <= (getFieldValue('total') as number)
                      ? Promise.resolve()
                      : Promise.reject(new Error(texts['validation.coupon.perUserLimit'])),
                }),
              ]}
            >
              <InputNumber min={1} max={100} precision={0} />
            </Form.Item>
          </StepsForm.StepForm>

          <StepsForm.StepForm name="confirm" title={t('couponForm.step.confirm')} onFinish={submit}>
            {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
            <Alert type="info" showIcon message={t('couponForm.confirmHint')} style={{ marginBottom: 16 }} />
            {info && (
              <Descriptions
                column={1}
                bordered
                size="small"
                items={[
                  ...SUPPORTED_LOCALES.filter((l) => info.title[l]?.trim()).map((l) => ({
                    key: `title-${l}`,
                    label: t('catalog.localized', {
                      field: t('coupons.field.title'),
                      language: LOCALE_LABELS[l],
                    }),
                    children: info.title[l],
                  })),
                  { key: 'discount', label: t('coupons.field.kind'), children: discountText(info) },
                  {
                    key: 'min',
                    label: t('coupons.field.minSpend', { currency }),
                    children:
                      info.minSpend > 0
                        ? formatMoney(toMinor(info.minSpend, currency), currency, locale)
                        : t('coupons.noMinimum'),
                  },
                  ...Object.entries(amountsBody(info.kind, info.amounts, currencies)).map(([c, own]) => ({
                    key: `amounts-${c}`,
                    label: t('coupons.inCurrency', { currency: c }),
                    children: describeAmounts(intl, c, own),
                  })),
                  {
                    key: 'window',
                    label: t('coupons.field.window'),
                    children: t('coupons.window', {
                      start: when(info.window[0]),
                      end: when(info.window[1]),
                    }),
                  },
                  { key: 'total', label: t('coupons.field.total'), children: info.total },
                  { key: 'per', label: t('coupons.field.perUserLimit'), children: info.perUserLimit },
                ]}
              />
            )}
          </StepsForm.StepForm>

          <StepsForm.StepForm name="result" title={t('couponForm.step.result')}>
            {created && (
              <ResultPanel
                kind="success"
                result={{
                  title: t('couponForm.created'),
                  description: t('couponForm.createdHint'),
                  details: [
                    {
                      label: t('coupons.field.title'),
                      value: pickText(created.titles, locale, shopDefault),
                    },
                    { label: t('coupons.field.kind'), value: info ? discountText(info) : '' },
                    // The server's own amounts, as it stored them.
                    ...Object.entries(created.amounts).map(([c, own]) => ({
                      label: t('coupons.inCurrency', { currency: c }),
                      value: describeAmounts(intl, c, own),
                    })),
                    {
                      label: t('coupons.field.window'),
                      value: t('coupons.window', {
                        start: intl.formatDate(created.startsAt, {
                          dateStyle: 'medium',
                          timeStyle: 'short',
                        }),
                        end: intl.formatDate(created.endsAt, { dateStyle: 'medium', timeStyle: 'short' }),
                      }),
                    },
                    { label: t('coupons.field.total'), value: String(created.total) },
                  ],
                  back: { to: '/list/coupons' },
                }}
              />
            )}
          </StepsForm.StepForm>
        </StepsForm>
      </ProCard>
    </PageContainer>
  );
}

/**
 * The server names fields as the API does (`title.en-US`, `endsAt`); the first step's form has `window` for both
 * dates and money in major units, so date messages move to `window`. Own amounts (`amounts.BRL.value`) keep their
 * names: the inputs are named alike.
 */
function serverFields(error: AppError): AppError {
  const fields = Object.fromEntries(
    Object.entries(error.fields ?? {}).map(([name, text]) => [
      name === 'startsAt' || name === 'endsAt' ? 'window' : name,
      text,
    ]),
  );
  return new AppError(error.code, error.message, fields, error.httpStatus);
}
