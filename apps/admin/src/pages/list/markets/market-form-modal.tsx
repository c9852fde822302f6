import { useQuery } from '@tanstack/react-query';
import { Alert, Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  AppError,
  Code,
  MAX_MONEY,
  marketRoundingValues,
  serverMessages,
  SUPPORTED_LOCALES,
} from '@shop/contract';
import type { AdminMarket, Locale } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { LOCALE_LABELS } from '../../../app/locale.ts';
import { showErrorToast } from '../../../app/toast.ts';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { regionsQuery } from '../../../features/account/queries.ts';
import { LocalizedFields } from '../../../features/catalog/localized-fields.tsx';
import { currencyDigits, toMajor } from '../../../features/shop/money.ts';
import { isRate, serverFields, toBody, toFormValues } from './market-values.ts';
import type { MarketFormValues } from './market-values.ts';

interface MarketFormModalProps {
  /** The market edited, or null to add one. */
  market: AdminMarket | null;
  open: boolean;
  /** The shop's currency: rates are units of the market's currency for one of it. */
  baseCurrency: string;
  /** The shop's default language: a market's name in it is required (shoppers fall back to it). */
  shopDefault: Locale;
  onClose: () => void;
  /** The reply's list of markets after the save, and the saved market's name in the UI language. */
  onSaved: (markets: AdminMarket[], code: string) => void;
  /** After the market was deleted meanwhile: the page reads the list again. */
  onGone: () => void;
  afterClose: () => void;
}

/**
 * Add or edit a market: code (fixed once created: shoppers' choices are kept by it), a name per language,
 * currency, countries, taxes, default language, exchange rate (typed as text, "5.4") and rounding. The shop's own
 * market keeps the shop's currency at rate 1 without rounding: those fields are locked for it. Field messages from
 * the server (a country another market has) show under their fields, in the UI language.
 */
export function MarketFormModal({
  market,
  open,
  baseCurrency,
  shopDefault,
  onClose,
  onSaved,
  onGone,
  afterClose,
}: MarketFormModalProps) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const texts = serverMessages[locale];
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<MarketFormValues>();
  const [saving, setSaving] = useState(false);
  const regions = useQuery(regionsQuery(locale));
  const currency = (Form.useWatch('currency', form) as string | undefined) ?? market?.currency;
  const locked = market?.base === true;

  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    return (regions.data ?? [])
      .map((region) => ({
        value: region.code,
        label: t('markets.countryOption', { name: names.of(region.code) ?? region.name, code: region.code }),
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
    // `t` follows the locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [regions.data, locale]);

  const currencies = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'currency' });
    const codes = new Set<string>(Intl.supportedValuesOf?.('currency') ?? []);
    if (market) codes.add(market.currency);
    codes.add(baseCurrency);
    return [...codes].sort().map((code) => ({
      value: code,
      label: t('markets.currencyOption', { code, name: names.of(code) ?? code }),
    }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale, market, baseCurrency]);

  const submit = async (values: MarketFormValues) => {
    const body = toBody(values);
    setSaving(true);
    try {
      const list = market
        ? await adminApi.markets.update(market.code, body, { handles: [Code.validation, Code.notFound] })
        : await adminApi.markets.create(body, FORM_CALL);
      onSaved(list, body.code);
    } catch (error) {
      if (error instanceof AppError && error.code === Code.notFound) {
        showErrorToast(error.message);
        onGone();
      } else {
        showFormErrors(form, serverFields(error, shopDefault));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={market ? t('markets.form.editTitle', { name: market.name }) : t('markets.form.addTitle')}
      width={760}
      okText={market ? t('common.save') : t('markets.add')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<MarketFormValues>
        form={form}
        layout="vertical"
        initialValues={toFormValues(market, shopDefault)}
        onFinish={(values) => void submit(values)}
        scrollToFirstError
      >
        {locked && (
          <Alert type="info" showIcon message={t('markets.baseLocked')} style={{ marginBottom: 16 }} />
        )}
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="code"
              label={t('markets.field.code')}
              extra={market ? undefined : t('markets.field.codeHint')}
              normalize={(value: string) => value.toUpperCase()}
              rules={[
                {
                  pattern: /^\s*[A-Za-z]{2,8}\s*$/,
                  message: texts['validation.market.code'],
                },
                { required: true, message: texts['validation.market.code'] },
              ]}
            >
              <Input maxLength={8} disabled={market !== null} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="currency"
              label={t('markets.field.currency')}
              // A validator, not `required`: antd would put aria-required on the select's box, which has no role.
              rules={[
                {
                  validator: (_: unknown, value: unknown) =>
                    value ? Promise.resolve() : Promise.reject(new Error(texts['validation.currency'])),
                },
              ]}
            >
              <Select showSearch optionFilterProp="label" options={currencies} disabled={locked} />
            </Form.Item>
          </Col>
        </Row>
        <LocalizedFields
          name={['names']}
          label={t('markets.field.name')}
          shopDefault={shopDefault}
          maxLength={40}
        />
        <Form.Item
          name="countries"
          label={t('markets.field.countries')}
          extra={t('markets.field.countriesHint')}
          rules={[{ type: 'array', min: 1, message: texts['validation.market.countries'] }]}
        >
          <Select mode="multiple" optionFilterProp="label" options={countries} loading={regions.isPending} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="exchangeRate"
              label={t('markets.field.rate')}
              extra={
                locked
                  ? undefined
                  : t('markets.field.rateHint', { base: baseCurrency, currency: currency || '…' })
              }
              rules={[
                {
                  validator: (_: unknown, value: string | undefined) =>
                    isRate(value)
                      ? Promise.resolve()
                      : Promise.reject(new Error(texts['validation.market.rate'])),
                },
              ]}
            >
              <Input
                inputMode="decimal"
                autoComplete="off"
                disabled={locked}
                addonBefore={`1 ${baseCurrency} =`}
                addonAfter={currency || undefined}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="rounding"
              label={t('markets.field.rounding')}
              extra={t('markets.field.roundingHint')}
            >
              <Select
                disabled={locked}
                options={marketRoundingValues.map((rounding) => ({
                  value: rounding,
                  label: t(`markets.rounding.${rounding}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="defaultLocale"
              label={t('markets.field.defaultLocale')}
              extra={t('markets.field.defaultLocaleHint')}
            >
              <Select options={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="freeShippingOver"
              label={t('markets.field.freeShippingOver')}
              extra={t('markets.field.freeShippingOverHint')}
            >
              <InputNumber
                min={0}
                max={currency ? toMajor(MAX_MONEY, currency) : undefined}
                precision={currency ? currencyDigits(currency) : 2}
                addonAfter={currency || undefined}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="taxInclusive" label={t('markets.field.taxInclusive')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
