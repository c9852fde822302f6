import { AppError, Code } from '@shop/contract';
import type { Coupon } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { effects } from '../../api.ts';
import { useMoney } from '../../features/catalog/price.tsx';
import { loginPath } from '../../features/session/redirect.ts';
import { SHOPPER_KEY, useShopper } from '../../features/session/use-shopper.ts';
import { useCoupons, useSystems } from '../../features/shop/queries.ts';
import { reportFailure } from '../../features/toast/report.ts';
import { showToast } from '../../features/toast/toast-store.ts';

/**
 * Claiming needs a shopper: a guest is sent to log in and brought back here; a session that ended meanwhile
 * (401) is treated the same. Every claim goes to the server, which alone knows how many copies the shopper may
 * hold; its refusal (already claimed, none left, no longer on offer) stays in the card as `refusal`, beyond the
 * API client's brief toast.
 */
function useClaim(coupon: Coupon, signedIn: boolean) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string>();
  const toLogin = () => void navigate(loginPath(location.pathname + location.search));
  const claim = useMutation({
    mutationFn: () => effects.claimCoupon(coupon.id),
    onMutate: () => setRefusal(undefined),
    onSuccess: () => {
      showToast(intl.formatMessage({ id: 'coupon.claimedToast' }), { tone: 'success' });
    },
    onError: (error) => {
      if (error instanceof AppError && error.code === Code.unauthorized) {
        queryClient.setQueryData(SHOPPER_KEY, null);
        toLogin();
        return;
      }
      if (error instanceof AppError) setRefusal(error.message);
      reportFailure(error);
    },
    // Claimed or refused, the counts and the shopper's flags may have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['coupons'] }),
  });
  return { claim: () => (signedIn ? claim.mutate() : toLogin()), pending: claim.isPending, refusal };
}

function CouponCard({ coupon, currency, signedIn }: { coupon: Coupon; currency: string; signedIn: boolean }) {
  const intl = useIntl();
  const money = useMoney();
  const { claim, pending, refusal } = useClaim(coupon, signedIn);
  const value =
    coupon.kind === 'amount'
      ? intl.formatMessage({ id: 'coupon.amountOff' }, { amount: money(coupon.value, currency) })
      : intl.formatMessage({ id: 'coupon.percentOff' }, { percent: coupon.value });
  const titleId = `coupon-${coupon.id}`;
  const refusalId = `coupon-refusal-${coupon.id}`;
  const claimedState = coupon.claimed
    ? coupon.usable === false
      ? 'coupon.claimedUsed'
      : 'coupon.claimed'
    : undefined;
  const validity = intl.formatDateTimeRange(new Date(coupon.startsAt), new Date(coupon.endsAt), {
    dateStyle: 'medium',
  });

  return (
    <article className="coupon" aria-labelledby={titleId}>
      <p className="coupon-value">{value}</p>
      <h3 id={titleId}>{coupon.title}</h3>
      <p className="coupon-terms">
        {coupon.minSpend > 0 ? (
          <FormattedMessage id="coupon.minSpend" values={{ amount: money(coupon.minSpend, currency) }} />
        ) : (
          <FormattedMessage id="coupon.noMinimum" />
        )}{' '}
        <FormattedMessage id="coupon.valid" values={{ validity }} />
      </p>
      <p className="coupon-terms">
        <FormattedMessage id="coupon.left" values={{ count: Math.max(0, coupon.remaining) }} />
      </p>
      {claimedState && coupon.perUserLimit > 1 && (
        <p className="coupon-state">
          <FormattedMessage id={claimedState} />
        </p>
      )}
      {!coupon.claimed && coupon.remaining <= 0 ? (
        <p className="coupon-state">
          <FormattedMessage id="coupon.goneOut" />
        </p>
      ) : (
        // Claimed already, the button says so; pressed again, the server's answer says why not (or, for a
        // coupon a shopper may hold several of, gives another).
        <button
          type="button"
          className="button"
          disabled={pending}
          aria-describedby={refusal ? `${titleId} ${refusalId}` : titleId}
          onClick={claim}
        >
          <FormattedMessage
            id={
              !claimedState ? 'coupon.claim' : coupon.perUserLimit > 1 ? 'coupon.claimAnother' : claimedState
            }
          />
        </button>
      )}
      <p id={refusalId} className="field-error" role="status">
        {refusal}
      </p>
    </article>
  );
}

/** Coupons on offer, each with its terms, how many are left and a claim button. */
export function CouponList() {
  const systems = useSystems();
  const shopper = useShopper();
  const shopperId = shopper.data?.id ?? null;
  // Asked once it is known whose copy to ask for: a shopper's list says what they already claimed.
  const coupons = useCoupons(shopperId, !shopper.isPending);
  if (!systems.data || !coupons.data || coupons.data.length === 0) return null;
  return (
    <section aria-labelledby="home-coupons" className="section lazy-section">
      <h2 id="home-coupons">
        <FormattedMessage id="home.coupons" />
      </h2>
      <ul className="coupon-list">
        {coupons.data.map((coupon) => (
          <li key={coupon.id}>
            <CouponCard coupon={coupon} currency={systems.data.currency} signedIn={shopperId !== null} />
          </li>
        ))}
      </ul>
    </section>
  );
}
