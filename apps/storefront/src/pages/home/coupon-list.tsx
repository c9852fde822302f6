import type { Coupon } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { effects } from '../../api.ts';
import { useMoney } from '../../features/catalog/price.tsx';
import { loginPath } from '../../features/session/redirect.ts';
import { useCoupons } from '../../features/shop/queries.ts';
import { showToast } from '../../features/toast/toast-store.ts';

function CouponCard({ coupon, currency, signedIn }: { coupon: Coupon; currency: string; signedIn: boolean }) {
  const intl = useIntl();
  const money = useMoney();
  const queryClient = useQueryClient();
  const claim = useMutation({
    mutationFn: () => effects.claimCoupon(coupon.id),
    onSuccess: () => {
      showToast(intl.formatMessage({ id: 'coupon.claimedToast' }), { tone: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['coupons'] });
    },
  });
  const value =
    coupon.kind === 'amount'
      ? intl.formatMessage({ id: 'coupon.amountOff' }, { amount: money(coupon.value, currency) })
      : intl.formatMessage({ id: 'coupon.percentOff' }, { percent: coupon.value });
  const titleId = `coupon-${coupon.id}`;

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
        <FormattedMessage
          id="coupon.validUntil"
          values={{ date: intl.formatDate(coupon.endsAt, { dateStyle: 'medium' }) }}
        />
      </p>
      {!signedIn ? (
        <Link to={loginPath('/')} className="button">
          <FormattedMessage id="coupon.loginToClaim" />
        </Link>
      ) : coupon.claimed ? (
        <p className="coupon-state">
          <FormattedMessage id="coupon.claimed" />
        </p>
      ) : coupon.remaining <= 0 ? (
        <p className="coupon-state">
          <FormattedMessage id="coupon.goneOut" />
        </p>
      ) : (
        <button type="button" className="button" disabled={claim.isPending} onClick={() => claim.mutate()}>
          <FormattedMessage id="coupon.claim" />
        </button>
      )}
    </article>
  );
}

/** Coupons on offer; claiming one needs a shopper, so guests get a link to log in and come back. */
export function CouponList({
  currency,
  signedIn,
  shopperId,
}: {
  currency: string;
  signedIn: boolean;
  shopperId: string | null;
}) {
  const coupons = useCoupons(shopperId);
  if (!coupons.data || coupons.data.length === 0) return null;
  return (
    <section aria-labelledby="home-coupons" className="section">
      <h2 id="home-coupons">
        <FormattedMessage id="home.coupons" />
      </h2>
      <ul className="coupon-list">
        {coupons.data.map((coupon) => (
          <li key={coupon.id}>
            <CouponCard coupon={coupon} currency={currency} signedIn={signedIn} />
          </li>
        ))}
      </ul>
    </section>
  );
}
