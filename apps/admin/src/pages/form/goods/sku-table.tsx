import { Button, Form, InputNumber, Space, Table, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { MAX_MONEY, pickText, serverMessages } from '@shop/contract';
import type { Locale } from '@shop/contract';
import { currencyDigits, toMajor } from '../../../features/shop/money.ts';
import type { GoodsFormValues } from './goods-form-values.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

/** One SKU as the editor holds it: money in major units; `key` is its value ids joined, `id` an existing SKU's. */
export interface SkuRow {
  key: string;
  id?: string;
  options: string[];
  price?: number;
  originalPrice?: number | null;
  stock?: number;
  /** An existing SKU's stock when the editor loaded it, sent back as `expectedStock` (see goods-form-values.ts). */
  loadedStock?: number;
  /** A packed unit's weight in grams, for shipping priced by weight; empty is sent as 0. */
  weightGrams?: number | null;
}

/** The API's limit for a SKU's weight: a tonne. */
const MAX_WEIGHT_GRAMS = 1_000_000;

/** Every combination of one value per option, in the options' order (one empty combination without options). */
export function combinations(valueIds: string[][]): string[][] {
  return valueIds.reduce<string[][]>(
    (combos, values) => combos.flatMap((combo) => values.map((value) => [...combo, value])),
    [[]],
  );
}

/**
 * The generated SKU table: one row per combination of option values, each with price, list price, stock and
 * weight.
 * Rows follow the options as they are edited; a combination that stays keeps its row (and its SKU id, which
 * carts and orders point at).
 */
export function SkuTable({
  form,
  currency,
  shopDefault,
}: {
  form: FormInstance<GoodsFormValues>;
  currency: string;
  shopDefault: Locale;
}) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const texts = serverMessages[locale];
  // Undefined until the form has mounted: the rows must not be rebuilt from "no options" before then.
  const watched = Form.useWatch('options', form) as GoodsFormValues['options'] | undefined;
  const options = watched ?? [];
  const ready = watched !== undefined;
  const combos = combinations(options.map((o) => (o?.values ?? []).flatMap((v) => (v?.id ? [v.id] : []))));
  const comboKeys = combos.map((c) => c.join('|'));
  const signature = comboKeys.join(',');
  const digits = currencyDigits(currency);
  const [fill, setFill] = useState<{
    price?: number | null;
    stock?: number | null;
    weightGrams?: number | null;
  }>({});

  useEffect(() => {
    if (!ready) return;
    const current = (form.getFieldValue('skus') ?? []) as SkuRow[];
    if (current.map((r) => r.key).join(',') === signature) return;
    const byKey = new Map(current.map((row) => [row.key, row]));
    form.setFieldValue(
      'skus',
      combos.map(
        (combo): SkuRow =>
          byKey.get(combo.join('|')) ?? {
            key: combo.join('|'),
            options: combo,
            price: undefined,
            originalPrice: null,
            stock: 0,
            weightGrams: 0,
          },
      ),
    );
    // `signature` stands for `combos`: the rows change only when the set of combinations does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, form, ready]);

  const valueName = (optionIndex: number, valueId: string) => {
    const value = options[optionIndex]?.values?.find((v) => v?.id === valueId);
    return (value && pickText(value.name ?? {}, locale, shopDefault)) || '—';
  };
  const rowLabel = (row: SkuRow | undefined) =>
    row && row.options.length > 0
      ? row.options.map((id, i) => valueName(i, id)).join(' / ')
      : t('goods.sku.single');
  const applyToAll = () => {
    const rows = (form.getFieldValue('skus') ?? []) as SkuRow[];
    form.setFieldValue(
      'skus',
      rows.map((row) => ({
        ...row,
        ...(fill.price != null && { price: fill.price }),
        ...(fill.stock != null && { stock: fill.stock }),
        ...(fill.weightGrams != null && { weightGrams: fill.weightGrams }),
      })),
    );
  };
  const step = 1 / 10 ** digits;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap align="end">
        <label>
          <Typography.Text>{t('goods.sku.fillPrice', { currency })}</Typography.Text>
          <br />
          <InputNumber
            min={0}
            max={toMajor(MAX_MONEY, currency)}
            precision={digits}
            step={step}
            value={fill.price}
            onChange={(price) => setFill((f) => ({ ...f, price }))}
          />
        </label>
        <label>
          <Typography.Text>{t('goods.sku.fillStock')}</Typography.Text>
          <br />
          <InputNumber
            min={0}
            precision={0}
            value={fill.stock}
            onChange={(stock) => setFill((f) => ({ ...f, stock }))}
          />
        </label>
        <label>
          <Typography.Text>{t('goods.sku.fillWeight')}</Typography.Text>
          <br />
          <InputNumber
            min={0}
            max={MAX_WEIGHT_GRAMS}
            precision={0}
            value={fill.weightGrams}
            onChange={(weightGrams) => setFill((f) => ({ ...f, weightGrams }))}
          />
        </label>
        <Button
          onClick={applyToAll}
          disabled={fill.price == null && fill.stock == null && fill.weightGrams == null}
        >
          {t('goods.sku.applyAll')}
        </Button>
      </Space>
      <Form.List name="skus">
        {(fields) => (
          <ScrollRegion label={t('goods.form.skus')}>
            <Table
              className="catalog-sku-table"
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              columns={[
                {
                  title: t('goods.sku.combination'),
                  key: 'combination',
                  render: (_, field) =>
                    rowLabel(form.getFieldValue(['skus', field.name]) as SkuRow | undefined),
                },
                {
                  title: t('goods.sku.price', { currency }),
                  key: 'price',
                  render: (_, field) => {
                    const label = rowLabel(form.getFieldValue(['skus', field.name]) as SkuRow | undefined);
                    return (
                      <Form.Item
                        name={[field.name, 'price']}
                        rules={[{ required: true, message: texts['validation.required'] }]}
                      >
                        <InputNumber
                          min={0}
                          max={toMajor(MAX_MONEY, currency)}
                          precision={digits}
                          step={step}
                          aria-label={t('goods.sku.priceOf', { sku: label })}
                        />
                      </Form.Item>
                    );
                  },
                },
                {
                  title: t('goods.sku.originalPrice', { currency }),
                  key: 'originalPrice',
                  render: (_, field) => {
                    const label = rowLabel(form.getFieldValue(['skus', field.name]) as SkuRow | undefined);
                    return (
                      <Form.Item
                        name={[field.name, 'originalPrice']}
                        dependencies={[['skus', field.name, 'price']]}
                        rules={[
                          ({ getFieldValue }) => ({
                            validator: (_rule, value?: number | null) => {
                              const price = getFieldValue(['skus', field.name, 'price']) as
                                number | undefined;
                              return value == null || price == null || value > price
                                ? Promise.resolve()
                                : Promise.reject(new Error(texts['validation.goods.originalPrice']));
                            },
                          }),
                        ]}
                      >
                        <InputNumber
                          min={0}
                          max={toMajor(MAX_MONEY, currency)}
                          precision={digits}
                          step={step}
                          aria-label={t('goods.sku.originalPriceOf', { sku: label })}
                        />
                      </Form.Item>
                    );
                  },
                },
                {
                  title: t('goods.sku.stock'),
                  key: 'stock',
                  render: (_, field) => {
                    const label = rowLabel(form.getFieldValue(['skus', field.name]) as SkuRow | undefined);
                    return (
                      <Form.Item
                        name={[field.name, 'stock']}
                        rules={[{ required: true, message: texts['validation.required'] }]}
                      >
                        <InputNumber
                          min={0}
                          max={10_000_000}
                          precision={0}
                          aria-label={t('goods.sku.stockOf', { sku: label })}
                        />
                      </Form.Item>
                    );
                  },
                },
                {
                  title: t('goods.sku.weight'),
                  key: 'weightGrams',
                  render: (_, field) => {
                    const label = rowLabel(form.getFieldValue(['skus', field.name]) as SkuRow | undefined);
                    return (
                      <Form.Item name={[field.name, 'weightGrams']}>
                        <InputNumber
                          min={0}
                          max={MAX_WEIGHT_GRAMS}
                          precision={0}
                          aria-label={t('goods.sku.weightOf', { sku: label })}
                        />
                      </Form.Item>
                    );
                  },
                },
              ]}
            />
          </ScrollRegion>
        )}
      </Form.List>
    </Space>
  );
}
