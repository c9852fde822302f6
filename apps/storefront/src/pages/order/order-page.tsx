import { newIdempotencyKey } from '@shop/api-client';
import type { PlaceOrderBody } from '@shop/api-client';
import { AppError, Code } from '@shop/contract';
import type { Address, OrderDetail, OrderPreview } from '@shop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router';
import { effects } from '../../api.ts';
import { ActionButton } from '../../components/action-button.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { useMoney } from '../../features/catalog/price.tsx';
import { useReportFailure } from '../../features/orders/failure.ts';
import { AddressText, OrderLines, OrderTotals } from '../../features/orders/order-parts.tsx';
import { usePayOrder } from '../../features/orders/pay.ts';
import { CART_KEY, ORDERS_KEY, PREVIEW_KEY, useAddresses, useCart } from '../../features/orders/queries.ts';
import { moveFocus } from '../../features/navigation/focus.ts';
import { loginPath } from '../../features/session/redirect.ts';
import { ShopperContext, useShopper, useSignedInShopper } from '../../features/session/use-shopper.ts';
import { buyNowItems, Placed, ShippingChoice, type Items } from './checkout-parts.tsx';

// The form and its phone and region data are only downloaded when the shopper adds an address here.
const AddressForm = lazy(() => import('../address/address-form.tsx'));
// A guest's checkout (its form, the address form) only when the shopper chooses it.
const GuestCheckout = lazy(() => import('./guest-checkout.tsx'));

function usePreview(
  addressId: string | null,
  items: Items | undefined,
  couponId: string | null,
  shippingMethodId: string | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...PREVIEW_KEY, addressId, items ?? 'cart', couponId, shippingMethodId],
    queryFn: ({ signal }) =>
      effects.previewOrder(
        {
          addressId: addressId!,
          ...(items && { items }),
          ...(couponId && { couponId }),
          ...(shippingMethodId && { shippingMethodId }),
        },
        { signal },
      ),
    enabled: enabled && addressId !== null,
    // Prices, stock and coupons can change at any time: each visit asks again.
    staleTime: 0,
    // The page keeps showing the last totals (their controls keep focus) while the next ones are asked for.
    placeholderData: keepPreviousData,
  });
}

function AddressChoice({
  addresses,
  addressId,
  onChoose,
}: {
  addresses: Address[];
  addressId: string | null;
  onChoose: (id: string) => void;
}) {
  const [adding, setAdding] = useState(false);
  const form = (
    <Suspense fallback={<PageLoading />}>
      <AddressForm
        formId="order-address"
        editing={null}
        autoFocus={adding}
        onSaved={(address) => {
          onChoose(address.id);
          setAdding(false);
          // The result: the new address, chosen in the list.
          moveFocus(`input[name="order-address"][value="${address.id}"]`);
        }}
        onCancel={
          addresses.length > 0
            ? () => {
                setAdding(false);
                moveFocus('#order-address-add');
              }
            : undefined
        }
      />
    </Suspense>
  );
  return (
    <section className="card checkout-section" aria-labelledby="order-address-heading">
      <h2 id="order-address-heading">
        <FormattedMessage id="order.address" />
      </h2>
      {addresses.length === 0 ? (
        <>
          <p>
            <FormattedMessage id="order.noAddress" />
          </p>
          {form}
        </>
      ) : (
        <>
          <fieldset className="choice-list">
            <legend className="visually-hidden">
              <FormattedMessage id="order.chooseAddress" />
            </legend>
            {addresses.map((address) => (
              <label key={address.id} className="choice">
                <input
                  type="radio"
                  name="order-address"
                  value={address.id}
                  checked={addressId === address.id}
                  onChange={() => onChoose(address.id)}
                />
                <span className="address-text">
                  <AddressText address={address} />
                </span>
              </label>
            ))}
          </fieldset>
          {adding ? (
            form
          ) : (
            <p className="actions">
              <button id="order-address-add" type="button" className="button" onClick={() => setAdding(true)}>
                <FormattedMessage id="order.addAddress" />
              </button>
              <Link to="/address" className="button button-link">
                <FormattedMessage id="order.manageAddresses" />
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

function CouponChoice({
  preview,
  couponId,
  onChoose,
}: {
  preview: OrderPreview;
  couponId: string | null;
  onChoose: (id: string | null) => void;
}) {
  const money = useMoney();
  if (preview.coupons.length === 0) {
    return (
      <p className="field-hint">
        <FormattedMessage id="order.noCoupons" />{' '}
        <Link to="/">
          <FormattedMessage id="order.findCoupons" />
        </Link>
      </p>
    );
  }
  return (
    <fieldset className="choice-list">
      <legend className="visually-hidden">
        <FormattedMessage id="order.coupon" />
      </legend>
      {preview.coupons.map((coupon) => (
        <label key={coupon.couponId} className="choice">
          <input
            type="radio"
            name="order-coupon"
            value={coupon.couponId}
            checked={couponId === coupon.couponId}
            onChange={() => onChoose(coupon.couponId)}
          />
          <span>
            {coupon.title}{' '}
            <span className="goods-meta">
              <FormattedMessage
                id="order.couponSaves"
                values={{ amount: money(coupon.discount, preview.currency) }}
              />
            </span>
            {coupon.couponId === preview.bestCouponId && (
              <span className="badge">
                <FormattedMessage id="order.bestCoupon" />
              </span>
            )}
          </span>
        </label>
      ))}
      <label className="choice">
        <input
          type="radio"
          name="order-coupon"
          value=""
          checked={couponId === null}
          onChange={() => onChoose(null)}
        />
        <span>
          <FormattedMessage id="order.noCoupon" />
        </span>
      </label>
    </fieldset>
  );
}

/** Signed in: the address book, the shopper's coupons, then pay. */
function ShopperCheckout() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const shopper = useSignedInShopper();
  const onError = useReportFailure();
  const [params] = useSearchParams();
  const items = buyNowItems(params);
  const fromCart = items === undefined;
  const cart = useCart();
  const addresses = useAddresses(shopper.id);
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  // `undefined`: follow the server's suggestion (the best coupon); `null`: no coupon; else the chosen one.
  const [couponChoice, setCouponChoice] = useState<string | null | undefined>(undefined);
  // null: the address's first method. A choice another address cannot use is answered with that address's first.
  const [shippingChoice, setShippingChoice] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [placed, setPlaced] = useState<OrderDetail | null>(null);
  // One Idempotency-Key per checkout attempt: a retry of the very same order (a lost reply, a second click)
  // reuses it and gets the first order back; any change to what is ordered starts a new attempt.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const pay = usePayOrder();

  const addressList = addresses.data ?? [];
  const addressId =
    (chosenAddress && addressList.some((a) => a.id === chosenAddress) ? chosenAddress : null) ??
    addressList.find((a) => a.isDefault)?.id ??
    addressList[0]?.id ??
    null;
  const cartLines = fromCart ? (cart.data?.items.filter((item) => item.selected) ?? []) : [];
  const blocked = cartLines.filter((item) => !item.available);
  const canPreview =
    !placed && (fromCart ? cart.isSuccess && cartLines.length > 0 && blocked.length === 0 : true);

  const base = usePreview(addressId, items, null, shippingChoice, canPreview);
  const offered = base.data?.coupons ?? [];
  const wanted = couponChoice === undefined ? (base.data?.bestCouponId ?? null) : couponChoice;
  const couponId = wanted && offered.some((c) => c.couponId === wanted) ? wanted : null;
  const priced = usePreview(
    addressId,
    items,
    couponId,
    shippingChoice,
    canPreview && base.isSuccess && couponId !== null,
  );
  const totals = couponId ? priced : base;

  const place = useMutation({
    mutationFn: async (body: PlaceOrderBody) => {
      const text = JSON.stringify(body);
      if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
      return effects.placeOrder(body, attempt.current.key);
    },
    onSuccess: (order) => {
      setPlaced(order);
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      pay.mutate(order.id);
    },
    onError: (error) => {
      onError(error);
      // Out of stock or a coupon used up meanwhile (409): show the order as it can be placed now.
      if (error instanceof AppError && error.code === Code.refused) {
        void queryClient.invalidateQueries({ queryKey: CART_KEY });
        void queryClient.invalidateQueries({ queryKey: PREVIEW_KEY });
      }
    },
  });

  const heading = (
    <h1>
      <FormattedMessage id="page.order" />
    </h1>
  );

  if (placed) {
    return (
      <Placed order={placed} paying={pay.isPending || pay.isSuccess} onPay={() => pay.mutate(placed.id)} />
    );
  }
  if (addresses.isPending || (fromCart && cart.isPending)) {
    return (
      <section>
        {heading}
        <PageLoading />
      </section>
    );
  }
  if (addresses.isError || (fromCart && cart.isError)) {
    return (
      <section>
        {heading}
        <LoadFailed
          onRetry={() => {
            void addresses.refetch();
            if (fromCart) void cart.refetch();
          }}
        />
      </section>
    );
  }
  if (fromCart && cartLines.length === 0) {
    return (
      <section>
        {heading}
        <div className="empty">
          <p>
            <FormattedMessage id="order.nothing" />
          </p>
          <Link to="/cart" className="button button-primary">
            <FormattedMessage id="order.toCart" />
          </Link>
        </div>
      </section>
    );
  }

  const shippingMethod = totals.data?.shippingMethod ?? null;
  const ready =
    addressId !== null &&
    totals.isSuccess &&
    !totals.isFetching &&
    !place.isPending &&
    shippingMethod !== null;
  const submit = () => {
    if (!addressId || !ready) return;
    const trimmed = note.trim();
    place.mutate({
      addressId,
      ...(items && { items }),
      ...(couponId && { couponId }),
      // The method the totals on the page were priced with.
      shippingMethodId: shippingMethod.id,
      ...(trimmed && { note: trimmed }),
    });
  };

  return (
    <section>
      {heading}
      {blocked.length > 0 && (
        <div className="form-error" role="alert">
          <p>
            <FormattedMessage
              id="order.blocked"
              values={{ names: intl.formatList(blocked.map((i) => i.name)) }}
            />
          </p>
          <p>
            <Link to="/cart">
              <FormattedMessage id="order.reviewCart" />
            </Link>
          </p>
        </div>
      )}
      <div className="checkout">
        {/* Outside the order's form: adding an address here is a form of its own. */}
        <AddressChoice addresses={addressList} addressId={addressId} onChoose={setChosenAddress} />

        <section className="card checkout-section" aria-labelledby="order-items-heading">
          <h2 id="order-items-heading">
            <FormattedMessage id="order.items" />
          </h2>
          {base.data ? (
            <OrderLines lines={base.data.lines} currency={base.data.currency} />
          ) : fromCart && cart.data ? (
            <OrderLines lines={cartLines} currency={cart.data.currency} />
          ) : addressId === null ? (
            <p className="field-hint">
              <FormattedMessage id="order.addressFirst" />
            </p>
          ) : base.isError ? (
            <LoadFailed onRetry={() => void base.refetch()} />
          ) : (
            <PageLoading />
          )}
        </section>

        <form
          className="checkout"
          aria-labelledby="order-summary-heading"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {totals.data && (
            <ShippingChoice
              preview={totals.data}
              pendingId={totals.isPlaceholderData ? shippingChoice : null}
              onChoose={setShippingChoice}
            />
          )}

          {base.data && (
            <section className="card checkout-section" aria-labelledby="order-coupon-heading">
              <h2 id="order-coupon-heading">
                <FormattedMessage id="order.coupon" />
              </h2>
              <CouponChoice preview={base.data} couponId={couponId} onChoose={setCouponChoice} />
            </section>
          )}

          <div className="card checkout-section">
            <div className="field">
              <label htmlFor="order-note">
                <FormattedMessage id="order.note" />
              </label>
              <textarea
                id="order-note"
                rows={2}
                maxLength={500}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </div>
          </div>

          <section className="card checkout-section" aria-labelledby="order-summary-heading">
            <h2 id="order-summary-heading">
              <FormattedMessage id="order.summary" />
            </h2>
            <div aria-live="polite" aria-busy={totals.isFetching}>
              {totals.data ? (
                <OrderTotals totals={totals.data} />
              ) : totals.isError ? (
                <LoadFailed onRetry={() => void totals.refetch()} />
              ) : addressId === null ? (
                <p className="field-hint">
                  <FormattedMessage id="order.addressFirst" />
                </p>
              ) : (
                <PageLoading />
              )}
            </div>
            <ActionButton
              type="submit"
              className="button button-primary button-block"
              busy={place.isPending}
              unavailable={!ready || blocked.length > 0}
            >
              <FormattedMessage id={place.isPending ? 'order.placing' : 'order.placeAndPay'} />
            </ActionButton>
          </section>
        </form>
      </div>
    </section>
  );
}

/** Signed out, with something to buy: sign in (and come back here), or buy as a guest with an email. */
function CheckoutChoice({ onGuest }: { onGuest: () => void }) {
  const location = useLocation();
  return (
    <section>
      <h1>
        <FormattedMessage id="page.order" />
      </h1>
      <section className="card checkout-section" aria-labelledby="checkout-choice-heading">
        <h2 id="checkout-choice-heading">
          <FormattedMessage id="order.howToCheckOut" />
        </h2>
        <p className="actions">
          <Link to={loginPath(location.pathname + location.search)} className="button button-primary">
            <FormattedMessage id="nav.login" />
          </Link>
          <button id="checkout-as-guest" type="button" className="button" onClick={onGuest}>
            <FormattedMessage id="order.asGuest" />
          </button>
        </p>
        <p className="field-hint">
          <FormattedMessage id="order.guestHint" />
        </p>
      </section>
    </section>
  );
}

/** Checkout: a signed-in shopper's, or for a visitor the choice between signing in and buying as a guest. */
export default function OrderPage() {
  const shopper = useShopper();
  const [asGuest, setAsGuest] = useState(false);
  if (shopper.isPending) {
    return (
      <section>
        <h1>
          <FormattedMessage id="page.order" />
        </h1>
        <PageLoading />
      </section>
    );
  }
  if (shopper.data) {
    return (
      <ShopperContext value={shopper.data}>
        <ShopperCheckout />
      </ShopperContext>
    );
  }
  if (!asGuest) {
    return (
      <CheckoutChoice
        onGuest={() => {
          setAsGuest(true);
          // The result: the guest form, its first field.
          moveFocus('#guest-email', '#guest-checkout-heading');
        }}
      />
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <GuestCheckout />
    </Suspense>
  );
}
