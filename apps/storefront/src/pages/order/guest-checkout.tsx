import { newIdempotencyKey } from '@shop/api-client';
import type { PlaceGuestOrderBody } from '@shop/api-client';
import { AppError, Code } from '@shop/contract';
import type { GuestOrder, ShopperMessageKey } from '@shop/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { effects } from '../../api.ts';
import { ActionButton } from '../../components/action-button.tsx';
import { Field, FormError } from '../../components/field.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { useContractText } from '../../features/account/contract-text.ts';
import { rules } from '../../features/account/rules.ts';
import { useForm } from '../../features/account/use-form.ts';
import { moveFocus } from '../../features/navigation/focus.ts';
import { AddressText, OrderLines, OrderTotals } from '../../features/orders/order-parts.tsx';
import { usePayOrder } from '../../features/orders/pay.ts';
import { CART_KEY, ORDERS_KEY, PREVIEW_KEY, useCart } from '../../features/orders/queries.ts';
import { AddressForm, type UsedAddress } from '../address/address-form.tsx';
import { buyNowItems, Placed, ShippingChoice, type Items } from './checkout-parts.tsx';

/** The order's form: the email field at the top of the page belongs to it. */
const ORDER_FORM_ID = 'guest-order';

/**
 * A guest's totals: no coupons (they belong to accounts), so one preview is all it takes. Priced in the market of
 * the delivery country once the address is given, as the order will be.
 */
function useGuestPreview(
  items: Items | undefined,
  place: { country: string | undefined; region: string | undefined },
  shippingMethodId: string | null,
  enabled: boolean,
) {
  const { country, region } = place;
  return useQuery({
    queryKey: [...PREVIEW_KEY, 'guest', items ?? 'cart', country ?? '', region ?? '', shippingMethodId],
    queryFn: ({ signal }) =>
      effects.previewGuestOrder(
        {
          ...(items && { items }),
          ...(country && { country }),
          ...(region && { region }),
          ...(shippingMethodId && { shippingMethodId }),
        },
        { signal },
      ),
    enabled,
    // The page keeps showing the last totals (their controls keep focus) while the next ones are asked for.
    placeholderData: keepPreviousData,
    // Prices and stock can change at any time: each visit asks again.
    staleTime: 0,
  });
}

/** The address as the API takes it: the form's fields, without the names shown here. */
function addressBody({ regionNames: _names, cpf, ...address }: UsedAddress): PlaceGuestOrderBody['address'] {
  return { ...address, ...(cpf && { cpf }) };
}

/**
 * Buying without an account: an email for the order's mails, the delivery address (the address book's form, kept
 * with this order only), the products, then the same summary and payment as a signed-in shopper's. The
 * placed order's token opens it later (its page, its mails).
 */
export default function GuestCheckout() {
  const intl = useIntl();
  const text = useContractText();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const items = buyNowItems(params);
  const fromCart = items === undefined;
  const cart = useCart();
  const [address, setAddress] = useState<UsedAddress | null>(null);
  const [editingAddress, setEditingAddress] = useState(true);
  const [note, setNote] = useState('');
  const [placed, setPlaced] = useState<GuestOrder | null>(null);
  // One Idempotency-Key per checkout attempt, as for a signed-in shopper: a retry of the very same order gets the
  // first one back (with its token); any change starts a new attempt.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const pay = usePayOrder(placed?.accessToken);
  const message = (key: ShopperMessageKey | undefined) => (key ? text(key) : undefined);
  const form = useForm('guest', { email: '' }, (v) => ({ email: message(rules.email(v.email)) }));

  const cartLines = fromCart ? (cart.data?.items.filter((item) => item.selected) ?? []) : [];
  const blocked = cartLines.filter((item) => !item.available);
  const canPreview =
    !placed && (fromCart ? cart.isSuccess && cartLines.length > 0 && blocked.length === 0 : true);
  const [shippingChoice, setShippingChoice] = useState<string | null>(null);
  const totals = useGuestPreview(
    items,
    { country: address?.regionCodes[0], region: address?.regionCodes[1] },
    shippingChoice,
    canPreview,
  );
  const shippingMethod = totals.data?.shippingMethod ?? null;

  const place = useMutation({
    mutationFn: (body: PlaceGuestOrderBody) => {
      const sent = JSON.stringify(body);
      if (attempt.current?.body !== sent) attempt.current = { body: sent, key: newIdempotencyKey() };
      return effects.placeGuestOrder(body, attempt.current.key);
    },
    onSuccess: (order) => {
      setPlaced(order);
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      pay.mutate({ orderId: order.id, token: order.accessToken });
    },
    onError: (error) => {
      // Out of stock meanwhile (409): show the order as it can be placed now.
      if (error instanceof AppError && error.code === Code.refused) {
        void queryClient.invalidateQueries({ queryKey: CART_KEY });
        void queryClient.invalidateQueries({ queryKey: PREVIEW_KEY });
      }
    },
  });

  const submit = form.onSubmit(async (v) => {
    // Enter in the email field submits even while the button waits: the address comes first.
    if (!address || editingAddress) {
      moveFocus('#guest-address-name');
      return;
    }
    if (!totals.isSuccess || totals.isPlaceholderData || blocked.length > 0 || !shippingMethod) return;
    const trimmed = note.trim();
    const body: PlaceGuestOrderBody = {
      email: v.email.trim(),
      address: addressBody(address),
      ...(items && { items }),
      // The method the totals on the page were priced with.
      shippingMethodId: shippingMethod.id,
      ...(trimmed && { note: trimmed }),
    };
    // Refusals are shown by the form (under the email, or above the button).
    await place.mutateAsync(body);
  });

  const heading = (
    <h1 id="guest-checkout-heading">
      <FormattedMessage id="order.asGuest" />
    </h1>
  );

  if (placed) {
    return (
      <Placed
        order={placed}
        token={placed.accessToken}
        paying={pay.isPending || pay.isSuccess}
        onPay={() => pay.mutate({ orderId: placed.id, token: placed.accessToken })}
      />
    );
  }
  if (fromCart && cart.isPending) {
    return (
      <section>
        {heading}
        <PageLoading />
      </section>
    );
  }
  if (fromCart && cart.isError) {
    return (
      <section>
        {heading}
        <LoadFailed onRetry={() => void cart.refetch()} />
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

  const ready =
    address !== null && !editingAddress && totals.isSuccess && !totals.isFetching && shippingMethod !== null;

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
        {/* First, though it is sent with the order's form below (the address between is a form of its own). */}
        <div className="card checkout-section">
          <Field
            {...form.field('email')}
            form={ORDER_FORM_ID}
            label={<FormattedMessage id="order.guestEmail" />}
            hint={<FormattedMessage id="order.guestEmailHint" />}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
          />
        </div>

        {/* Outside the order's form: the address is a form of its own. */}
        <section className="card checkout-section" aria-labelledby="order-address-heading">
          <h2 id="order-address-heading">
            <FormattedMessage id="order.address" />
          </h2>
          {address && !editingAddress ? (
            <>
              <p className="address-text">
                <AddressText address={address} />
              </p>
              <p className="actions">
                <button
                  id="guest-address-change"
                  type="button"
                  className="button"
                  onClick={() => setEditingAddress(true)}
                >
                  <FormattedMessage id="address.editTitle" />
                </button>
              </p>
            </>
          ) : (
            <AddressForm
              formId="guest-address"
              editing={null}
              initial={address}
              autoFocus={address !== null}
              onUse={(used) => {
                setAddress(used);
                setEditingAddress(false);
                // On to what is left to do: the email if it is still missing, else placing the order.
                moveFocus(form.values.email.trim() ? '#guest-place-order' : '#guest-email');
              }}
              onCancel={
                address
                  ? () => {
                      setEditingAddress(false);
                      moveFocus('#guest-address-change');
                    }
                  : undefined
              }
            />
          )}
        </section>

        <section className="card checkout-section" aria-labelledby="order-items-heading">
          <h2 id="order-items-heading">
            <FormattedMessage id="order.items" />
          </h2>
          {totals.data ? (
            <OrderLines lines={totals.data.lines} currency={totals.data.currency} />
          ) : fromCart && cart.data ? (
            <OrderLines lines={cartLines} currency={cart.data.currency} />
          ) : totals.isError ? (
            <LoadFailed onRetry={() => void totals.refetch()} />
          ) : (
            <PageLoading />
          )}
        </section>

        <form
          id={ORDER_FORM_ID}
          className="checkout"
          aria-labelledby="order-summary-heading"
          onSubmit={submit}
          noValidate
        >
          {totals.data && address && !editingAddress && (
            <ShippingChoice
              preview={totals.data}
              pendingId={totals.isPlaceholderData ? shippingChoice : null}
              onChoose={setShippingChoice}
            />
          )}

          <div className="card checkout-section">
            <div className="field">
              <label htmlFor="guest-note">
                <FormattedMessage id="order.note" />
              </label>
              <textarea
                id="guest-note"
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
              ) : (
                <PageLoading />
              )}
              {(!address || editingAddress) && (
                <p className="field-hint">
                  <FormattedMessage id="order.guestAddressFirst" />
                </p>
              )}
            </div>
            <FormError message={form.formError} />
            <ActionButton
              id="guest-place-order"
              type="submit"
              className="button button-primary button-block"
              busy={form.submitting}
              unavailable={!ready || blocked.length > 0}
            >
              <FormattedMessage id={form.submitting ? 'order.placing' : 'order.placeAndPay'} />
            </ActionButton>
          </section>
        </form>
      </div>
    </section>
  );
}
