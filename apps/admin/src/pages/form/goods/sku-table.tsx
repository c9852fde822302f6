import { Button, Form, InputNumber, Space, Table, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  convertPrice,
  MAX_MONEY,
  pickText,
  RATE_SCALE,
  rateMillionths,
  serverMessages,
} from '@shop/contract';
import type { AdminMarket, Locale, PriceConversion } from '@shop/contract';
import { currencyDigits, formatMoney, toMajor, toMinor } from '../../../features/shop/money.ts';
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
  /** Staff's own price and list price per other currency, in its major units; empty: the market's rate prices it. */
  prices?: Record<string, { price?: number | null; originalPrice?: number | null } | undefined>;
}

/** A currency some market sells in other than the shop's, and how that market converts the shop's prices. */
export interface OtherCurrency {
  currency: string;
  conversion: PriceConversion;
}

/** The currencies a SKU may have own prices in: each market's but the shop's, the first market of each. */
export function otherCurrencies(markets: readonly AdminMarket[], shopCurrency: string): OtherCurrency[] {
  const seen = new Map<string, OtherCurrency>();
  for (const market of markets) {
    if (market.currency === shopCurrency || seen.has(market.currency)) continue;
    seen.set(market.currency, {
      currency: market.currency,
      conversion: {
        rateMillionths: rateMillionths(market.exchangeRate) ?? RATE_SCALE,
        baseDecimals: currencyDigits(shopCurrency),
        decimals: currencyDigits(market.currency),
        rounding: market.rounding,
      },
    });
  }
  return [...seen.values()];
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
  others = [],
}: {
  form: FormInstance<GoodsFormValues>;
  currency: string;
  shopDefault: Locale;
  /** Other currencies markets sell in: each SKU row opens to its own prices in them. */
  others?: OtherCurrency[];
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
              {...(others.length > 0 && {
                expandable: {
                  expandedRowRender: (field: (typeof fields)[number]) => (
                    <OwnPrices
                      field={field.name}
                      label={rowLabel(form.getFieldValue(['skus', field.name]) as SkuRow | undefined)}
                      currency={currency}
                      others={others}
                    />
                  ),
                },
              })}
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

/**
 * A SKU's own prices in the other currencies, under its row: a price and a list price per currency. Empty, the
 * market converts the SKU's price at its rate, shown as the field's placeholder.
 */
function OwnPrices({
  field,
  label,
  currency,
  others,
}: {
  field: number;
  label: string;
  currency: string;
  others: OtherCurrency[];
}) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const texts = serverMessages[locale];
  return (
    <Space direction="vertical" size="small">
      <Typography.Text type="secondary">{t('goods.sku.ownPricesHint')}</Typography.Text>
      <Space wrap align="start" size="large">
        {others.map(({ currency: own, conversion }) => {
          const digits = currencyDigits(own);
          const max = toMajor(MAX_MONEY, own);
          return (
            <Form.Item
              key={own}
              noStyle
              shouldUpdate={(before, after) =>
                JSON.stringify(before.skus?.[field]) !== JSON.stringify(after.skus?.[field])
              }
            >
              {({ getFieldValue }) => {
                const base = getFieldValue(['skus', field]) as SkuRow | undefined;
                const atRate = (major: number | null | undefined) =>
                  major == null
                    ? undefined
                    : t('goods.sku.atRate', {
                        price: formatMoney(convertPrice(toMinor(major, currency), conversion), own, locale),
                      });
                return (
                  <Space align="start">
                    <Form.Item
                      name={[field, 'prices', own, 'price']}
                      label={t('goods.sku.ownPrice', { currency: own })}
                    >
                      <InputNumber
                        min={0}
                        max={max}
                        precision={digits}
                        step={1 / 10 ** digits}
                        placeholder={atRate(base?.price)}
                        style={{ width: 170 }}
                        aria-label={t('goods.sku.ownPriceOf', { sku: label, currency: own })}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field, 'prices', own, 'originalPrice']}
                      label={t('goods.sku.ownOriginalPrice', { currency: own })}
                      dependencies={[['skus', field, 'prices', own, 'price']]}
                      rules={[
                        ({ getFieldValue: valueOf }) => ({
                          validator: (_rule, value?: number | null) => {
                            const price = valueOf(['skus', field, 'prices', own, 'price']) as number | null;
                            return value == null || price == null || value > price
                              ? Promise.resolve()
                              : Promise.reject(new Error(texts['validation.goods.originalPrice']));
                          },
                        }),
                      ]}
                    >
                      <InputNumber
                        min={0}
                        max={max}
                        precision={digits}
                        step={1 / 10 ** digits}
                        placeholder={atRate(base?.originalPrice)}
                        style={{ width: 170 }}
                        aria-label={t('goods.sku.ownOriginalPriceOf', { sku: label, currency: own })}
                      />
                    </Form.Item>
                  </Space>
                );
              }}
            </Form.Item>
          );
        })}
      </Space>
    </Space>
  );
}
