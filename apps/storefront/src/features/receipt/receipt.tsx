import type { OrderDetail } from '@shop/contract';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useMoney } from '../catalog/price.tsx';
import { AddressText, OrderTotals, useDateTime } from '../orders/order-parts.tsx';
import { useSystems } from '../shop/queries.ts';
import './receipt.css';

/**
 * An order as a printable receipt (`/my/order?id=…&print=1`): the shop, the order's number and date, each line
 * with options, quantity and amount, the totals and the delivery address, on one sheet. The shop's header and
 * footer and the buttons stay on screen only (print CSS).
 */
export function Receipt({ order, orderLink }: { order: OrderDetail; orderLink: string }) {
  const money = useMoney();
  const dateTime = useDateTime();
  const shopName = useSystems().data?.shopName;
  return (
    <section className="receipt" aria-labelledby="receipt-heading">
      <div className="receipt-actions">
        <Link to={orderLink} className="back-link">
          <FormattedMessage id="receipt.backToOrder" />
        </Link>
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          <FormattedMessage id="receipt.print" />
        </button>
      </div>
      <header className="receipt-head">
        {shopName && <p className="receipt-shop">{shopName}</p>}
        <h1 id="receipt-heading">
          <FormattedMessage id="receipt.title" values={{ number: order.number }} />
        </h1>
        <p>
          <FormattedMessage
            id="receipt.placedAt"
            values={{ date: <time dateTime={order.createdAt}>{dateTime(order.createdAt)}</time> }}
          />
        </p>
      </header>
      <table className="receipt-lines">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="receipt.item" />
            </th>
            <th scope="col" className="number">
              <FormattedMessage id="receipt.quantity" />
            </th>
            <th scope="col" className="number">
              <FormattedMessage id="receipt.price" />
            </th>
            <th scope="col" className="number">
              <FormattedMessage id="receipt.amount" />
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.name}
                {line.options.length > 0 && <span className="goods-meta"> ({line.options.join(' / ')})</span>}
              </td>
              <td className="number">{line.quantity}</td>
              <td className="number">{money(line.price, order.currency)}</td>
              <td className="number">{money(line.price * line.quantity, order.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <OrderTotals totals={order} />
      <h2>
        <FormattedMessage id="order.address" />
      </h2>
      <p className="address-text">
        <AddressText address={order.address} />
      </p>
    </section>
  );
}
