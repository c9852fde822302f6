import { newIdempotencyKey } from '@shop/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { effects } from '../../api.ts';
import { ComingSoon, isNotYetAvailable } from '../../components/coming-soon.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { useMoney } from '../../features/catalog/price.tsx';
import { payOrder } from '../../features/orders/pay.ts';
import { CART_KEY, useAddresses, useCart } from '../../features/orders/queries.ts';
import { useSignedInShopper } from '../../features/session/use-shopper.ts';
import { useCoupons } from '../../features/shop/queries.ts';
import { reportFailure } from '../../features/toast/report.ts';

function Totals({ addressId, couponId }: { addressId: string; couponId: string | undefined }) {
  const money = useMoney();
  const preview = useQuery({
    queryKey: ['orderPreview', addressId, couponId ?? null],
    queryFn: ({ signal }) => effects.previewOrder({ addressId, ...(couponId && { couponId }) }, { signal }),
  });
  if (preview.isPending) return <PageLoading />;
  if (preview.isError) return <LoadFailed onRetry={() => void preview.refetch()} />;
  const totals = preview.data;
  return (
    <dl className="totals" aria-live="polite">
      <dt>
        <FormattedMessage id="order.subtotal" />
      </dt>
      <dd>{money(totals.subtotal, totals.currency)}</dd>
      <dt>
        <FormattedMessage id="order.discount" />
      </dt>
      <dd>−{money(totals.discount, totals.currency)}</dd>
      <dt>
        <FormattedMessage id="order.shipping" />
      </dt>
      <dd>{money(totals.shipping, totals.currency)}</dd>
      <dt className="totals-total">
        <FormattedMessage id="order.total" />
      </dt>
      <dd className="totals-total price-now">{money(totals.total, totals.currency)}</dd>
    </dl>
  );
}

export default function OrderPage() {
  const intl = useIntl();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shopper = useSignedInShopper();
  const cart = useCart();
  const addresses = useAddresses();
  const coupons = useCoupons(shopper.id);
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const [couponId, setCouponId] = useState('');
  const [note, setNote] = useState('');
  // One key per visit: a repeated click or a retry after a lost reply cannot place the order twice.
  const [orderKey] = useState(newIdempotencyKey);

  const place = useMutation({
    mutationFn: async (addressId: string) => {
      const order = await effects.placeOrder(
        { addressId, ...(couponId && { couponId }), ...(note.trim() && { note: note.trim() }) },
        orderKey,
      );
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      await payOrder(order.id, (to) => void navigate(to));
    },
    onError: reportFailure,
  });

  if (
    (cart.isError && isNotYetAvailable(cart.error)) ||
    (addresses.isError && isNotYetAvailable(addresses.error))
  ) {
    return <ComingSoon title="page.order" text="order.coming" />;
  }

  const heading = (
    <h1>
      <FormattedMessage id="page.order" />
    </h1>
  );
  if (cart.isPending || addresses.isPending) {
    return (
      <section>
        {heading}
        <PageLoading />
      </section>
    );
  }
  if (cart.isError || addresses.isError) {
    return (
      <section>
        {heading}
        <LoadFailed
          onRetry={() => {
            void cart.refetch();
            void addresses.refetch();
          }}
        />
      </section>
    );
  }

  const lines = cart.data.items.filter((item) => item.selected && item.available);
  if (lines.length === 0) {
    return (
      <section>
        {heading}
        <p className="empty">
          <FormattedMessage id="order.nothing" />
        </p>
        <Link to="/cart" className="button button-primary">
          <FormattedMessage id="nav.cart" />
        </Link>
      </section>
    );
  }

  const addressId =
    chosenAddress ?? addresses.data.find((a) => a.isDefault)?.id ?? addresses.data[0]?.id ?? null;
  const usableCoupons = (coupons.data ?? []).filter((coupon) => coupon.claimed && coupon.usable !== false);

  return (
    <section>
      {heading}
      <form
        className="checkout"
        onSubmit={(event) => {
          event.preventDefault();
          if (addressId) place.mutate(addressId);
        }}
      >
        <fieldset className="card">
          <legend>
            <FormattedMessage id="order.address" />
          </legend>
          {addresses.data.length === 0 ? (
            <p>
              <FormattedMessage id="order.noAddress" />{' '}
              <Link to="/address">
                <FormattedMessage id="address.add" />
              </Link>
            </p>
          ) : (
            addresses.data.map((address) => (
              <label key={address.id} className="check">
                <input
                  type="radio"
                  name="order-address"
                  value={address.id}
                  checked={addressId === address.id}
                  onChange={() => setChosenAddress(address.id)}
                />
                <span>
                  <strong>{address.name}</strong> {address.phone} · {address.regionNames.join(' ')}{' '}
                  {address.detail}
                </span>
              </label>
            ))
          )}
        </fieldset>
        <section className="card" aria-labelledby="order-lines">
          <h2 id="order-lines">
            <FormattedMessage id="order.items" />
          </h2>
          <ul className="order-lines">
            {lines.map((item) => (
              <li key={item.skuId}>
                <span>
                  {item.name}
                  {item.options.length > 0 && ` (${item.options.join(' / ')})`} × {item.quantity}
                </span>
                <span>{money(item.price * item.quantity, cart.data.currency)}</span>
              </li>
            ))}
          </ul>
        </section>
        <div className="card">
          <div className="field">
            <label htmlFor="order-coupon">
              <FormattedMessage id="order.coupon" />
            </label>
            <select id="order-coupon" value={couponId} onChange={(event) => setCouponId(event.target.value)}>
              <option value="">{intl.formatMessage({ id: 'order.noCoupon' })}</option>
              {usableCoupons.map((coupon) => (
                <option key={coupon.id} value={coupon.id}>
                  {coupon.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="order-note">
              <FormattedMessage id="order.note" />
            </label>
            <textarea
              id="order-note"
              rows={2}
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </div>
          {addressId && <Totals addressId={addressId} couponId={couponId || undefined} />}
        </div>
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={!addressId || place.isPending}
        >
          <FormattedMessage id="order.placeAndPay" />
        </button>
      </form>
    </section>
  );
}
