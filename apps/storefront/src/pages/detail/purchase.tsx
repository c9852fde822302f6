import { AppError, Code } from '@shop/contract';
import type { GoodsDetail } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { effects } from '../../api.ts';
import { ActionButton } from '../../components/action-button.tsx';
import { Price, useMoney } from '../../features/catalog/price.tsx';
import {
  canChoose,
  findSku,
  initialSelection,
  matchingSkus,
  priceRange,
  totalStock,
} from '../../features/catalog/sku.ts';
import type { Selection } from '../../features/catalog/sku.ts';
import { optionImage } from '../../features/catalog/option-image.ts';
import { useCurrentMarket, useMarkets } from '../../features/shop/queries.ts';
import { CART_KEY } from '../../features/orders/queries.ts';
import { loginPath } from '../../features/session/redirect.ts';
import { reportFailure } from '../../features/toast/report.ts';

function QuantityStepper({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (quantity: number) => void;
}) {
  const intl = useIntl();
  const disabled = max < 1;
  const clamp = (n: number) => Math.max(1, Math.min(Math.max(1, max), Math.floor(n) || 1));
  return (
    <div className="field">
      <label htmlFor="detail-quantity">
        <FormattedMessage id="detail.quantity" />
      </label>
      <div className="stepper">
        <button
          type="button"
          className="button"
          aria-label={intl.formatMessage({ id: 'detail.decrease' })}
          aria-controls="detail-quantity"
          disabled={disabled || value <= 1}
          onClick={() => onChange(clamp(value - 1))}
        >
          −
        </button>
        <input
          id="detail-quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(clamp(Number(event.target.value)))}
        />
        <button
          type="button"
          className="button"
          aria-label={intl.formatMessage({ id: 'detail.increase' })}
          aria-controls="detail-quantity"
          disabled={disabled || value >= max}
          onClick={() => onChange(clamp(value + 1))}
        >
          +
        </button>
      </div>
    </div>
  );
}

/**
 * Price, options, stock, quantity and the two ways to buy. Choosing a value narrows the SKUs: the price and
 * stock follow, and a value is disabled when every SKU it could still lead to is sold out.
 */
export function Purchase({
  goods,
  onOptionImage,
}: {
  goods: GoodsDetail;
  /** Told the picture of the chosen option values (or none) after each choice. */
  onOptionImage?: (image: string | undefined) => void;
}) {
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(goods.options, goods.skus));
  const [wanted, setWanted] = useState(1);
  const [missing, setMissing] = useState(false);
  // How many times this visit added to the cart: the message below the buttons says so (and is said again).
  const [added, setAdded] = useState(0);

  const matching = matchingSkus(goods.skus, selection);
  const sku = findSku(goods.skus, selection);
  const stock = sku ? Math.max(0, sku.stock) : totalStock(matching);
  const maxQuantity = sku ? stock : Math.max(0, ...matching.map((candidate) => candidate.stock));
  const quantity = Math.max(1, Math.min(wanted, maxQuantity));
  const range = priceRange(matching);
  const unchosen = goods.options.findIndex((_, index) => selection[index] === null);

  const addToCart = useMutation({
    mutationFn: (skuId: string) => effects.addCartItem({ skuId, quantity }),
    onSuccess: () => {
      setAdded((count) => count + 1);
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
    },
    onError: (error) => {
      if (error instanceof AppError && error.code === Code.unauthorized) {
        void navigate(loginPath(`/detail?id=${encodeURIComponent(goods.id)}`));
      } else reportFailure(error);
    },
  });

  /** The SKU to buy, or `undefined` after pointing the shopper at the first option still to choose. */
  const chosenSku = () => {
    if (sku) return sku;
    setMissing(true);
    document.querySelector<HTMLInputElement>(`#option-${unchosen} input:not(:disabled)`)?.focus();
    return undefined;
  };

  const choose = (index: number, valueId: string) => {
    setMissing(false);
    setAdded(0);
    const next = selection.map((chosen, i) => (i === index ? valueId : chosen));
    setSelection(next);
    onOptionImage?.(optionImage(goods.options, next));
  };

  return (
    <form
      className="purchase"
      onSubmit={(event) => {
        event.preventDefault();
        const target = chosenSku();
        if (target) addToCart.mutate(target.id);
      }}
    >
      <div className="purchase-status" aria-live="polite">
        <p className="detail-price">
          {sku ? (
            <Price amount={sku.price} original={sku.originalPrice} currency={goods.currency} />
          ) : range && range.min !== range.max ? (
            <span className="price">
              <span className="price-now">
                {money(range.min, goods.currency)} – {money(range.max, goods.currency)}
              </span>
            </span>
          ) : (
            <Price
              amount={range?.min ?? goods.price}
              original={matching[0]?.originalPrice ?? goods.originalPrice}
              currency={goods.currency}
            />
          )}
        </p>
        <TaxNote currency={goods.currency} />
        <p className={stock > 0 ? 'stock' : 'stock stock-out'}>
          {stock > 0 ? (
            <FormattedMessage id="detail.stock" values={{ count: stock }} />
          ) : (
            <FormattedMessage id="goods.soldOut" />
          )}
        </p>
      </div>
      {goods.options.map((option, index) => (
        <fieldset key={option.id} id={`option-${index}`} className="option-group">
          <legend>{option.name}</legend>
          <div className="chips">
            {option.values.map((value) => {
              const available = canChoose(goods.skus, selection, index, value.id);
              return (
                <label key={value.id} className={available ? 'chip' : 'chip chip-disabled'}>
                  <input
                    type="radio"
                    name={`option-${option.id}`}
                    value={value.id}
                    checked={selection[index] === value.id}
                    disabled={!available}
                    onChange={() => choose(index, value.id)}
                  />
                  <span>
                    {value.name}
                    {!available && (
                      <span className="visually-hidden">
                        {' '}
                        <FormattedMessage id="detail.valueSoldOut" />
                      </span>
                    )}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {missing && unchosen >= 0 && (
        <p className="field-error" role="alert">
          <FormattedMessage id="detail.choose" values={{ option: goods.options[unchosen]?.name ?? '' }} />
        </p>
      )}
      <QuantityStepper value={quantity} max={maxQuantity} onChange={setWanted} />
      <div className="purchase-actions">
        {/* Busy, it keeps focus: the shopper stays on it and hears the message below. */}
        <ActionButton type="submit" className="button" disabled={stock <= 0} busy={addToCart.isPending}>
          <FormattedMessage id="detail.addToCart" />
        </ActionButton>
        <button
          type="button"
          className="button button-primary"
          disabled={stock <= 0}
          onClick={() => {
            const target = chosenSku();
            if (target) void navigate(`/order?skuId=${encodeURIComponent(target.id)}&quantity=${quantity}`);
          }}
        >
          <FormattedMessage id="detail.buyNow" />
        </button>
      </div>
      {/* In the flow under the buttons, not over the options: a polite message that stays until the next choice. */}
      <p className="purchase-added" role="status">
        {added > 0 && <FormattedMessage key={added} id="detail.added" />}
      </p>
    </form>
  );
}

/**
 * Whether the price includes tax, as the shopper's market sets it; said only when the page's prices are in that
 * market's currency (checkout decides by the delivery address).
 */
function TaxNote({ currency }: { currency: string }) {
  const current = useCurrentMarket().data;
  const market = useMarkets().data?.find((m) => m.code === current?.code);
  if (!market || market.currency !== currency) return null;
  return (
    <p className="goods-meta tax-note">
      <FormattedMessage id={market.taxInclusive ? 'detail.taxIncluded' : 'detail.taxAtCheckout'} />
    </p>
  );
}
