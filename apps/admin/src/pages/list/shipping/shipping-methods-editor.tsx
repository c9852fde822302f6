import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd';
import type { FormListFieldData } from 'antd/es/form';
import { useIntl } from 'react-intl';
import { MAX_MONEY, serverMessages, shippingPricingValues } from '@shop/contract';
import type { Locale, ShippingPricing } from '@shop/contract';
import { LocalizedFields } from '../../../features/catalog/localized-fields.tsx';
import { currencyDigits, toMajor } from '../../../features/shop/money.ts';
import { bandsFor, isBandLimitValid, newMethod } from './shipping-values.ts';
import type { BandFormValues, ZoneFormValues } from './shipping-values.ts';

/** As many as the API takes. */
const MAX_METHODS = 10;
const MAX_BANDS = 20;
const MAX_DAYS = 365;
const MAX_GRAMS = 1_000_000_000;

type Translate = (id: string, values?: Record<string, string | number>) => string;

interface EditorProps {
  form: FormInstance<ZoneFormValues>;
  currency: string;
  shopDefault: Locale;
}

/**
 * A zone's shipping methods, each in its own group: names, pricing (one fee, or bands by weight or by order
 * value), whether it is free from the market's threshold, and the days it takes. At least one method.
 */
export function ShippingMethodsEditor({ form, currency, shopDefault }: EditorProps) {
  const intl = useIntl();
  const t: Translate = (id, values) => intl.formatMessage({ id }, values);
  return (
    <Form.List name="methods">
      {(methods, { add, remove }, { errors }) => (
        <section aria-labelledby="shipping-methods-heading">
          <h3 id="shipping-methods-heading" className="shipping-heading">
            {t('shipping.field.methods')}
          </h3>
          {methods.map((method, index) => (
            <MethodFields
              key={method.key}
              form={form}
              field={method}
              index={index}
              removable={methods.length > 1}
              onRemove={() => remove(method.name)}
              currency={currency}
              shopDefault={shopDefault}
              t={t}
            />
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={methods.length >= MAX_METHODS}
            onClick={() => add(newMethod())}
          >
            {t('shipping.method.add')}
          </Button>
        </section>
      )}
    </Form.List>
  );
}

interface MethodFieldsProps extends EditorProps {
  field: FormListFieldData;
  index: number;
  removable: boolean;
  onRemove: () => void;
  t: Translate;
}

function MethodFields({
  form,
  field,
  index,
  removable,
  onRemove,
  currency,
  shopDefault,
  t,
}: MethodFieldsProps) {
  const intl = useIntl();
  const texts = serverMessages[intl.locale as Locale];
  const pricing =
    (Form.useWatch(['methods', field.name, 'pricing'], form) as ShippingPricing | undefined) ?? 'flat';
  const digits = currencyDigits(currency);
  const required = {
    validator: (_: unknown, value: unknown) =>
      value === null || value === undefined || value === ''
        ? Promise.reject(new Error(texts['validation.required']))
        : Promise.resolve(),
  };
  const choosePricing = (next: ShippingPricing) => {
    const bands = form.getFieldValue(['methods', field.name, 'bands']) as BandFormValues[] | undefined;
    form.setFieldValue(['methods', field.name, 'bands'], bandsFor(next, bands));
  };

  return (
    <fieldset className="shipping-group">
      <legend className="shipping-legend">{t('shipping.method.legend', { index: index + 1 })}</legend>
      <div className="shipping-group-actions">
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          disabled={!removable}
          onClick={onRemove}
          aria-label={t('shipping.method.remove', { index: index + 1 })}
        />
      </div>
      <LocalizedFields
        name={[field.name, 'names']}
        label={t('shipping.method.name')}
        shopDefault={shopDefault}
        maxLength={40}
      />
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name={[field.name, 'pricing']} label={t('shipping.method.pricing')}>
            <Select
              onChange={choosePricing}
              options={shippingPricingValues.map((value) => ({
                value,
                label: t(`shipping.pricing.${value}`),
              }))}
            />
          </Form.Item>
        </Col>
        {pricing === 'flat' && (
          <Col xs={24} md={12}>
            <Form.Item
              name={[field.name, 'fee']}
              label={t('shipping.method.fee', { currency })}
              rules={[required]}
            >
              <InputNumber
                min={0}
                max={toMajor(MAX_MONEY, currency)}
                precision={digits}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      {pricing !== 'flat' && (
        <BandsEditor form={form} method={field.name} pricing={pricing} currency={currency} t={t} />
      )}
      <Row gutter={12}>
        <Col xs={24} md={8}>
          <Form.Item
            name={[field.name, 'freeOverThreshold']}
            label={t('shipping.method.freeOverThreshold')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8}>
          <Form.Item
            name={[field.name, 'minDays']}
            label={t('shipping.method.minDays')}
            extra={t('shipping.method.daysHint')}
            rules={[required]}
          >
            <InputNumber min={0} max={MAX_DAYS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8}>
          <Form.Item
            name={[field.name, 'maxDays']}
            label={t('shipping.method.maxDays')}
            dependencies={[['methods', field.name, 'minDays']]}
            rules={[
              required,
              ({ getFieldValue }) => ({
                validator: (_: unknown, value: number | null | undefined) => {
                  const min = getFieldValue(['methods', field.name, 'minDays']) as number | null | undefined;
                  return value == null || min == null || value >= min
                    ? Promise.resolve()
                    : Promise.reject(new Error(texts['validation.shipping.days']));
                },
              }),
            ]}
          >
            <InputNumber min={0} max={MAX_DAYS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
}

interface BandsEditorProps {
  form: FormInstance<ZoneFormValues>;
  /** The method's index in the form's list. */
  method: number;
  pricing: Exclude<ShippingPricing, 'flat'>;
  currency: string;
  t: Translate;
}

/**
 * A banded method's bands: a limit (grams, or an order value in the shop's currency) and a fee each, from the
 * smallest limit up. The last band may be left open ("and above"); a new band goes before an open last one.
 */
function BandsEditor({ form, method, pricing, currency, t }: BandsEditorProps) {
  const intl = useIntl();
  const texts = serverMessages[intl.locale as Locale];
  const digits = currencyDigits(currency);
  const path: ['methods', number, 'bands'] = ['methods', method, 'bands'];
  const limitPath = (band: number): ['methods', number, 'bands', number, 'upTo'] => [
    'methods',
    method,
    'bands',
    band,
    'upTo',
  ];
  const bandsNow = () => (form.getFieldValue(path) as BandFormValues[] | undefined) ?? [];
  /** After a band came or went, the limits already marked wrong are checked again (which one is last moved). */
  const recheck = () => {
    const marked = bandsNow()
      .map((_, b) => limitPath(b))
      .filter((name) => form.getFieldError(name).length > 0);
    if (marked.length) void form.validateFields(marked).catch(() => undefined);
  };

  return (
    <Form.List name={[method, 'bands']}>
      {(bands, { add, remove }, { errors }) => (
        <fieldset className="shipping-group shipping-bands">
          <legend className="shipping-legend">{t(`shipping.bands.${pricing}`)}</legend>
          <Typography.Paragraph type="secondary">{t('shipping.bands.hint')}</Typography.Paragraph>
          {bands.map((band, b) => {
            const last = b === bands.length - 1;
            return (
              <Row key={band.key} gutter={12} wrap={false} align="top">
                <Col flex="auto">
                  <Row gutter={12}>
                    <Col xs={24} sm={12}>
                      <Form.Item
                        name={[band.name, 'upTo']}
                        label={
                          pricing === 'weight'
                            ? t('shipping.band.upToGrams', { index: b + 1 })
                            : t('shipping.band.upToValue', { index: b + 1, currency })
                        }
                        extra={last ? t('shipping.band.open') : undefined}
                        dependencies={b > 0 ? [limitPath(b - 1)] : []}
                        rules={[
                          {
                            validator: () =>
                              isBandLimitValid(bandsNow(), b)
                                ? Promise.resolve()
                                : Promise.reject(new Error(texts['validation.shipping.bands'])),
                          },
                        ]}
                      >
                        <InputNumber
                          min={pricing === 'weight' ? 1 : 0}
                          max={pricing === 'weight' ? MAX_GRAMS : toMajor(MAX_MONEY, currency)}
                          precision={pricing === 'weight' ? 0 : digits}
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={12}>
                      <Form.Item
                        name={[band.name, 'fee']}
                        label={t('shipping.band.fee', { index: b + 1, currency })}
                        rules={[
                          {
                            validator: (_: unknown, value: unknown) =>
                              value === null || value === undefined
                                ? Promise.reject(new Error(texts['validation.required']))
                                : Promise.resolve(),
                          },
                        ]}
                      >
                        <InputNumber
                          min={0}
                          max={toMajor(MAX_MONEY, currency)}
                          precision={digits}
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                </Col>
                <Col flex="none">
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={bands.length === 1}
                    onClick={() => {
                      remove(band.name);
                      recheck();
                    }}
                    aria-label={t('shipping.band.remove', { index: b + 1 })}
                    className="shipping-row-button"
                  />
                </Col>
              </Row>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined />}
            disabled={bands.length >= MAX_BANDS}
            onClick={() => {
              const current = bandsNow();
              const openLast = current.length > 0 && current[current.length - 1]?.upTo == null;
              add({ upTo: null, fee: null }, openLast ? current.length - 1 : undefined);
              recheck();
            }}
            className="shipping-add-band"
          >
            {t('shipping.band.add')}
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}
