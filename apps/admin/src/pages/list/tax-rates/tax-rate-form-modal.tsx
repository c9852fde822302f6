import { Col, Form, Input, Modal, Row, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { AppError, Code, pickText, serverMessages, taxClassValues } from '@shop/contract';
import type { AdminTaxRate, Locale, Region } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { showErrorToast } from '../../../app/toast.ts';
import { FORM_CALL, showFormErrors } from '../../../components/form-errors.ts';
import { LocalizedFields } from '../../../features/catalog/localized-fields.tsx';
import { isPercent, serverFields, toBody, toFormValues } from './tax-rate-values.ts';
import type { TaxRateFormValues } from './tax-rate-values.ts';

interface TaxRateFormModalProps {
  /** The rate edited, or null to add one. */
  rate: AdminTaxRate | null;
  /** Its name in the UI language, for the title. */
  rateName: string;
  open: boolean;
  /** The region tree in the UI language: countries and their states or provinces. */
  regions: readonly Region[];
  regionsLoading: boolean;
  /** The shop's default language: a rate's name in it is required (shoppers fall back to it). */
  shopDefault: Locale;
  onClose: () => void;
  /** The reply's list of rates after the save, and the saved rate's name in the UI language. */
  onSaved: (rates: AdminTaxRate[], name: string) => void;
  /** After the rate was deleted meanwhile: the page reads the list again. */
  onGone: () => void;
  afterClose: () => void;
}

/**
 * Add or edit a tax rate: country, state or province (or the whole country), tax class, a name per language and
 * the percentage (typed as text, "8.875"; a decimal comma is taken). Field messages from the server (a place and
 * class that already have a rate) show under their fields, in the UI language.
 */
export function TaxRateFormModal({
  rate,
  rateName,
  open,
  regions,
  regionsLoading,
  shopDefault,
  onClose,
  onSaved,
  onGone,
  afterClose,
}: TaxRateFormModalProps) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const texts = serverMessages[locale];
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [form] = Form.useForm<TaxRateFormValues>();
  const [saving, setSaving] = useState(false);
  const country = (Form.useWatch('country', form) as string | undefined) ?? rate?.country;

  const collator = useMemo(() => new Intl.Collator(locale), [locale]);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return regions
      .map((region) => ({
        value: region.code,
        label: t('taxRates.option', { name: names.of(region.code) ?? region.name, code: region.code }),
      }))
      .sort((a, b) => collator.compare(a.label, b.label));
    // `t` follows the locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [regions, locale, collator]);

  const places = useMemo(() => {
    const children = regions.find((region) => region.code === country)?.children ?? [];
    return [
      { value: '', label: t('taxRates.wholeCountry') },
      ...children
        .map((region) => ({
          value: region.code,
          label: t('taxRates.option', { name: region.name, code: region.code }),
        }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [regions, country, locale, collator]);

  const submit = async (values: TaxRateFormValues) => {
    const body = toBody(values);
    setSaving(true);
    try {
      const list = rate
        ? await adminApi.taxes.update(rate.id, body, { handles: [Code.validation, Code.notFound] })
        : await adminApi.taxes.create(body, FORM_CALL);
      onSaved(list, pickText(body.names, locale, shopDefault));
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

  // A validator, not `required`: antd would put aria-required on a select's box, which has no role.
  const chosen = (message: string) => ({
    validator: (_: unknown, value: unknown) =>
      value ? Promise.resolve() : Promise.reject(new Error(message)),
  });

  return (
    <Modal
      open={open}
      title={rate ? t('taxRates.form.editTitle', { name: rateName }) : t('taxRates.form.addTitle')}
      width={760}
      okText={rate ? t('common.save') : t('taxRates.add')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<TaxRateFormValues>
        form={form}
        layout="vertical"
        initialValues={toFormValues(rate)}
        onFinish={(values) => void submit(values)}
        onValuesChange={(changed: Partial<TaxRateFormValues>) => {
          // Another country's states do not apply: back to the whole country.
          if ('country' in changed) form.setFieldValue('region', '');
        }}
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="country"
              label={t('taxRates.field.country')}
              rules={[chosen(texts['validation.market.country'])]}
            >
              <Select showSearch optionFilterProp="label" options={countries} loading={regionsLoading} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="region"
              label={t('taxRates.field.region')}
              extra={t('taxRates.field.regionHint')}
            >
              <Select showSearch optionFilterProp="label" options={places} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="taxClass"
              label={t('taxRates.field.taxClass')}
              extra={t('taxRates.field.taxClassHint')}
            >
              <Select
                showSearch
                optionFilterProp="label"
                options={taxClassValues.map((taxClass) => ({
                  value: taxClass,
                  label: t(`taxRates.class.${taxClass}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="rate"
              label={t('taxRates.field.rate')}
              extra={t('taxRates.field.rateHint')}
              rules={[
                {
                  validator: (_: unknown, value: string | undefined) =>
                    isPercent(value)
                      ? Promise.resolve()
                      : Promise.reject(new Error(texts['validation.tax.rate'])),
                },
              ]}
            >
              <Input inputMode="decimal" autoComplete="off" addonAfter="%" />
            </Form.Item>
          </Col>
        </Row>
        <LocalizedFields
          name={['names']}
          label={t('taxRates.field.name')}
          shopDefault={shopDefault}
          maxLength={40}
        />
      </Form>
    </Modal>
  );
}
