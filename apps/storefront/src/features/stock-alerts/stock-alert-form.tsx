import { isEmail } from '@shop/contract';
import type { GoodsDetail } from '@shop/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { effects } from '../../api.ts';
import { Field } from '../../components/field.tsx';
import { useShopper } from '../session/use-shopper.ts';
import { reportFailure } from '../toast/report.ts';

/** A SKU named by its option values ("White / L"), or by the goods when it has no options. */
function skuLabel(goods: GoodsDetail, optionIds: string[]): string {
  if (goods.options.length === 0) return goods.name;
  return optionIds
    .map((valueId, i) => goods.options[i]?.values.find((v) => v.id === valueId)?.name ?? valueId)
    .join(' / ');
}

/**
 * "Tell me when it is back" for the goods' sold-out SKUs: signed-in shoppers are told at their account's address,
 * guests give one. Shown only while some SKU is sold out.
 */
export function StockAlertForm({ goods }: { goods: GoodsDetail }) {
  const intl = useIntl();
  const id = useId();
  const shopper = useShopper();
  const soldOut = goods.skus.filter((s) => s.stock <= 0);
  const [skuId, setSkuId] = useState(soldOut[0]?.id ?? '');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const subscribe = useMutation({
    mutationFn: () =>
      effects.subscribeStockAlert({ skuId, ...(shopper.data ? {} : { email: email.trim() }) }),
    onSuccess: (alert) => setDone(alert.email),
    onError: reportFailure,
  });
  if (soldOut.length === 0 || shopper.isPending) return null;
  const chosen = soldOut.some((s) => s.id === skuId) ? skuId : (soldOut[0]?.id ?? '');

  return (
    <form
      className="stock-alert"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!shopper.data) {
          const trimmed = email.trim();
          const problem = !trimmed
            ? intl.formatMessage({ id: 'stockAlert.emailRequired' })
            : isEmail(trimmed)
              ? undefined
              : intl.formatMessage({ id: 'stockAlert.emailInvalid' });
          setError(problem);
          if (problem) {
            document.getElementById(`${id}-email`)?.focus();
            return;
          }
        }
        if (chosen !== skuId) setSkuId(chosen);
        subscribe.mutate();
      }}
    >
      <h2 id={`${id}-title`} className="stock-alert-title">
        <FormattedMessage id="stockAlert.title" />
      </h2>
      {soldOut.length > 1 || goods.options.length > 0 ? (
        <div className="field">
          <label htmlFor={`${id}-sku`}>
            <FormattedMessage id="stockAlert.option" />
          </label>
          <select id={`${id}-sku`} value={chosen} onChange={(event) => setSkuId(event.target.value)}>
            {soldOut.map((sku) => (
              <option key={sku.id} value={sku.id}>
                {skuLabel(goods, sku.options)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {shopper.data ? (
        <p className="field-hint">
          <FormattedMessage id="stockAlert.accountEmail" values={{ email: shopper.data.email }} />
        </p>
      ) : (
        <Field
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          label={<FormattedMessage id="form.email" />}
          value={email}
          onValue={setEmail}
          error={error}
        />
      )}
      <button type="submit" className="button" disabled={subscribe.isPending}>
        <FormattedMessage id="stockAlert.submit" />
      </button>
      <p role="status" className="field-hint">
        {done && <FormattedMessage id="stockAlert.done" values={{ email: done }} />}
      </p>
    </form>
  );
}
