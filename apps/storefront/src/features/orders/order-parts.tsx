import type { Order, OrderPreview, OrderStatus } from '@shop/contract';
import { Fragment } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { GOODS_IMAGE_SIZES, GoodsImage } from '../catalog/goods-image.tsx';
import { useMoney } from '../catalog/price.tsx';
import { ORDER_STATUS_LABELS } from './status.ts';

/** A placed order's line, or a checkout preview's (which has no id and nothing refunded yet). */
type Line = OrderPreview['lines'][number] & Partial<Pick<Order['lines'][number], 'id' | 'refundedQuantity'>>;
type Totals = Pick<
  Order,
  'subtotal' | 'discount' | 'shipping' | 'taxes' | 'taxInclusive' | 'total' | 'currency' | 'shippingMethod'
>;
type AddressSnapshot = Order['address'];

export const goodsPath = (goodsId: string) => `/detail?id=${encodeURIComponent(goodsId)}`;

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`status status-${status}`}>
      <FormattedMessage id={ORDER_STATUS_LABELS[status]} />
    </span>
  );
}

/** An order's lines: picture, name, options, unit price × quantity and the line's amount. */
export function OrderLines({ lines, currency }: { lines: Line[]; currency: string }) {
  const money = useMoney();
  return (
    <ul className="order-items">
      {lines.map((line) => (
        <li key={line.id ?? line.skuId} className="order-item">
          <GoodsImage
            src={line.image}
            sizes={GOODS_IMAGE_SIZES.orderLine}
            width={56}
            height={56}
            loading="lazy"
          />
          <div className="order-item-info">
            <Link to={goodsPath(line.goodsId)}>{line.name}</Link>
            {line.options.length > 0 && <p className="goods-meta">{line.options.join(' / ')}</p>}
            <p className="goods-meta">
              <FormattedMessage
                id="orders.unitTimesQuantity"
                values={{ price: money(line.price, currency), quantity: line.quantity }}
              />
            </p>
            {(line.refundedQuantity ?? 0) > 0 && (
              <p className="goods-meta line-refunded">
                <FormattedMessage id="orders.lineRefunded" values={{ count: line.refundedQuantity }} />
              </p>
            )}
          </div>
          <span className="order-item-amount">{money(line.price * line.quantity, currency)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, discount, shipping, taxes and total, as the server computed them. */
export function OrderTotals({ totals }: { totals: Totals }) {
  const money = useMoney();
  const intl = useIntl();
  const { currency } = totals;
  return (
    <dl className="totals">
      <dt>
        <FormattedMessage id="order.subtotal" />
      </dt>
      <dd>{money(totals.subtotal, currency)}</dd>
      {totals.discount > 0 && (
        <>
          <dt>
            <FormattedMessage id="order.discount" />
          </dt>
          <dd className="totals-discount">−{money(totals.discount, currency)}</dd>
        </>
      )}
      <dt>
        {totals.shippingMethod?.estimatedDays ? (
          <FormattedMessage id="order.shippingBy" values={{ method: totals.shippingMethod.name }} />
        ) : (
          <FormattedMessage id="order.shipping" />
        )}
      </dt>
      <dd>
        {totals.shipping === 0 ? (
          <FormattedMessage id="orders.freeShipping" />
        ) : (
          money(totals.shipping, currency)
        )}
      </dd>
      {/* Taxes added on top are lines of the sum; taxes in the prices are said under the total. */}
      {!totals.taxInclusive &&
        totals.taxes.map((tax) => (
          <Fragment key={`${tax.name} ${tax.rate}`}>
            <dt>
              <FormattedMessage
                id="order.tax"
                values={{
                  name: tax.name,
                  rate: intl.formatNumber(tax.rate / 100, { style: 'percent', maximumFractionDigits: 4 }),
                }}
              />
            </dt>
            <dd>{money(tax.amount, currency)}</dd>
          </Fragment>
        ))}
      <dt className="totals-total">
        <FormattedMessage id="order.total" />
      </dt>
      <dd className="totals-total price-now">{money(totals.total, currency)}</dd>
      {totals.taxInclusive &&
        totals.taxes.map((tax) => (
          <Fragment key={`${tax.name} ${tax.rate}`}>
            <dt className="totals-included">
              <FormattedMessage
                id="order.taxIncluded"
                values={{
                  name: tax.name,
                  rate: intl.formatNumber(tax.rate / 100, { style: 'percent', maximumFractionDigits: 4 }),
                }}
              />
            </dt>
            <dd className="totals-included">{money(tax.amount, currency)}</dd>
          </Fragment>
        ))}
    </dl>
  );
}

/** "2–4 business days", or "1 business day" when the method says one day. */
export function DeliveryDays({ days }: { days: { min: number; max: number } }) {
  return days.min === days.max ? (
    <FormattedMessage id="order.deliveryDay" values={{ days: days.max }} />
  ) : (
    <FormattedMessage id="order.deliveryDays" values={{ min: days.min, max: days.max }} />
  );
}

/** The country's name in `locale` (the API names it in one language only), else the stored name. */
function regionNamesIn(address: AddressSnapshot, locale: string): string[] {
  const [countryCode] = address.regionCodes;
  let country: string | undefined;
  try {
    country = countryCode
      ? new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(countryCode)
      : undefined;
  } catch {
    // Not a code Intl knows (RangeError): the stored name stays.
  }
  return country ? [country, ...address.regionNames.slice(1)] : address.regionNames;
}

/** A delivery address: recipient and phone, then region and street. */
export function AddressText({ address }: { address: AddressSnapshot }) {
  const { locale } = useIntl();
  return (
    <>
      <span className="address-who">
        <strong>{address.name}</strong> <span dir="ltr">{address.phone}</span>
      </span>
      <span className="address-where">
        {[...regionNamesIn(address, locale), address.detail, address.postcode].filter(Boolean).join(', ')}
      </span>
      {address.cpf && (
        <span className="address-cpf">
          <FormattedMessage id="address.cpfShown" values={{ cpf: address.cpf }} />
        </span>
      )}
    </>
  );
}

/** "Placed on 3 Dec 2026, 14:05": dates and times in the page's locale. */
export function useDateTime(): (iso: string) => string {
  const intl = useIntl();
  return (iso) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
}
