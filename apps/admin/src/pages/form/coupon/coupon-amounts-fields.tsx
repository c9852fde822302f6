import { Col, Form, InputNumber, Row, Typography } from 'antd';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { MAX_MONEY, serverMessages } from '@shop/contract';
import type { AdminMarket, Locale } from '@shop/contract';
import { currencyDigits, formatMoney, toMajor, toMinor } from '../../../features/shop/money.ts';
import { convertedAmounts, missingInRow } from './coupon-form-values.ts';
import type { AmountRow, CampaignInfo } from './coupon-form-values.ts';

interface CouponAmountsFieldsProps {
  /** The other markets' currencies (`otherCurrencies`); the section shows nothing without any. */
  currencies: readonly string[];
  markets: readonly AdminMarket[];
  shopCurrency: string;
}

/**
 * "Amounts in other currencies": per currency an amount off (amount coupons only) and a minimum spend, typed in
 * that currency's major units under `amounts.<currency>` (the server's field names, so its messages land here).
 * An empty row is converted from the shop's amounts; each row says what that conversion gives right now.
 */
export function CouponAmountsFields({ currencies, markets, shopCurrency }: CouponAmountsFieldsProps) {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const texts = serverMessages[locale];
  if (currencies.length === 0) return null;

  return (
    <section aria-labelledby="coupon-amounts-title" style={{ marginBottom: 24 }}>
      <h2 id="coupon-amounts-title" className="catalog-card-title">
        {t('couponForm.amounts.title')}
      </h2>
      <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
        {t('couponForm.amounts.hint')}
      </Typography.Paragraph>
      {/* Any change may alter a row's kind of inputs, its conversion or what it lacks. */}
      <Form.Item noStyle shouldUpdate>
        {({ getFieldValue }) => {
          const kind = getFieldValue('kind') as CampaignInfo['kind'];
          const rowOf = (currency: string) => getFieldValue(['amounts', currency]) as AmountRow | undefined;
          const lacks = (currency: string, field: 'value' | 'minSpend') =>
            missingInRow(kind, rowOf(currency)).includes(field);
          return currencies.map((currency) => {
            const digits = currencyDigits(currency);
            const max = toMajor(MAX_MONEY, currency);
            return (
              <div key={currency}>
                <Row gutter={12}>
                  {kind === 'amount' && (
                    <Col xs={24} sm={12}>
                      <Form.Item
                        name={['amounts', currency, 'value']}
                        label={t('couponForm.amounts.value', { currency })}
                        dependencies={[['amounts', currency, 'minSpend']]}
                        rules={[
                          {
                            validator: (_, value?: number | null) => {
                              if (lacks(currency, 'value'))
                                return Promise.reject(
                                  new Error(t('couponForm.amounts.valueRequired', { currency })),
                                );
                              if (value != null && value <= 0)
                                return Promise.reject(new Error(texts['validation.coupon.value']));
                              return Promise.resolve();
                            },
                          },
                        ]}
                      >
                        <InputNumber
                          min={0}
                          max={max}
                          precision={digits}
                          addonAfter={currency}
                          style={{ width: '100%' }}
                        />
                      </Form.Item>
                    </Col>
                  )}
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name={['amounts', currency, 'minSpend']}
                      label={t('couponForm.amounts.minSpend', { currency })}
                      dependencies={['kind', ['amounts', currency, 'value']]}
                      rules={[
                        {
                          validator: () =>
                            lacks(currency, 'minSpend')
                              ? Promise.reject(
                                  new Error(t('couponForm.amounts.minSpendRequired', { currency })),
                                )
                              : Promise.resolve(),
                        },
                      ]}
                    >
                      <InputNumber
                        min={0}
                        max={max}
                        precision={digits}
                        addonAfter={currency}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                  </Col>
                </Row>
                <ConvertedHint
                  currency={currency}
                  markets={markets}
                  shopCurrency={shopCurrency}
                  kind={kind}
                  value={getFieldValue('value') as number | null | undefined}
                  minSpend={getFieldValue('minSpend') as number | null | undefined}
                />
              </div>
            );
          });
        }}
      </Form.Item>
    </section>
  );
}

/** "Left empty: R$ 27,90 off · on orders from R$ 162,90": the conversion an empty row stands for. */
function ConvertedHint({
  currency,
  markets,
  shopCurrency,
  kind,
  value,
  minSpend,
}: {
  currency: string;
  markets: readonly AdminMarket[];
  shopCurrency: string;
  kind: CampaignInfo['kind'];
  value: number | null | undefined;
  minSpend: number | null | undefined;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  // Until the shop's amount off is typed, an amount coupon's conversion is not worth showing.
  if (kind === 'amount' && !(typeof value === 'number' && value > 0)) return null;
  const groups = convertedAmounts(markets, currency, shopCurrency, {
    kind,
    value: kind === 'amount' ? toMinor(value ?? 0, shopCurrency) : (value ?? 0),
    minSpend: toMinor(minSpend ?? 0, shopCurrency),
  });
  const describe = (group: (typeof groups)[number]) => describeAmounts(intl, currency, group);
  return (
    <Typography.Paragraph type="secondary">
      {groups.length === 1
        ? t('couponForm.amounts.converted', { amounts: describe(groups[0]!) })
        : groups
            .map((group) =>
              t('couponForm.amounts.convertedIn', {
                markets: intl.formatList(group.markets, { type: 'conjunction' }),
                amounts: describe(group),
              }),
            )
            .join(' ')}
    </Typography.Paragraph>
  );
}

/**
 * Amounts in one currency (minor units) as the coupon list words them: "R$ 25,00 off · On orders from R$ 150,00",
 * only the minimum for a percentage (no `value`).
 */
export function describeAmounts(
  intl: IntlShape,
  currency: string,
  amounts: { value?: number; minSpend: number },
): string {
  const locale = intl.locale;
  const minimum =
    amounts.minSpend > 0
      ? intl.formatMessage(
          { id: 'coupons.minSpend' },
          { amount: formatMoney(amounts.minSpend, currency, locale) },
        )
      : intl.formatMessage({ id: 'coupons.noMinimum' });
  if (amounts.value === undefined) return minimum;
  const off = intl.formatMessage(
    { id: 'coupons.discount.amount' },
    { amount: formatMoney(amounts.value, currency, locale) },
  );
  return `${off} · ${minimum}`;
}
