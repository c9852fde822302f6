import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import {
  AppError,
  AVATAR_TYPES,
  MAX_AVATAR_BYTES,
  MAX_REVIEW_PHOTOS,
  MAX_REVIEW_TEXT,
  MAX_REVIEW_TITLE,
  reviewSortValues,
} from '@shop/contract';
import type { Review, ReviewSort, ReviewSummary } from '@shop/contract';
import { FormError } from '../../components/field.tsx';
import { useContractText } from '../account/contract-text.ts';
import { useShopper } from '../session/use-shopper.ts';
import { showToast } from '../toast/toast-store.ts';
import { REVIEWS_PAGE_SIZE, reviewsQuery, uploadReviewPhoto, writeReview } from './queries.ts';
import { Stars } from './stars.tsx';
import './reviews.css';

/** Average, count and the 5★…1★ distribution of the goods' published reviews. */
function Summary({ summary }: { summary: ReviewSummary }) {
  const intl = useIntl();
  if (summary.count === 0) {
    return (
      <p className="reviews-empty">
        <FormattedMessage id="reviews.none" />
      </p>
    );
  }
  return (
    <div className="reviews-summary">
      <div className="reviews-average">
        <span className="reviews-average-value">
          {intl.formatNumber(summary.average, { maximumFractionDigits: 1, minimumFractionDigits: 1 })}
        </span>
        <Stars value={summary.average} />
        <span>
          <FormattedMessage id="reviews.count" values={{ count: summary.count }} />
        </span>
      </div>
      <table className="reviews-distribution">
        <caption className="visually-hidden">
          <FormattedMessage id="reviews.distribution" />
        </caption>
        <tbody>
          {summary.distribution.map(({ stars, count }) => (
            <tr key={stars}>
              <th scope="row">
                <FormattedMessage id="reviews.starsRow" values={{ stars }} />
              </th>
              <td className="reviews-bar-cell">
                <span className="reviews-bar" aria-hidden="true">
                  <span style={{ width: `${summary.count ? (count / summary.count) * 100 : 0}%` }} />
                </span>
              </td>
              <td className="reviews-bar-count">{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ReviewItem({ review, own = false }: { review: Review; own?: boolean }) {
  const intl = useIntl();
  return (
    <article className="review" aria-label={review.title}>
      <header className="review-head">
        <Stars value={review.rating} />
        <h3 className="review-title">{review.title}</h3>
      </header>
      <p className="review-by">
        <span>{review.author}</span>
        {' · '}
        <FormattedDate value={review.createdAt} dateStyle="medium" />
        {review.verified && (
          <span className="review-verified">
            <FormattedMessage id="reviews.verified" />
          </span>
        )}
        {own && (
          <span className={`review-status review-status-${review.status}`}>
            <FormattedMessage id={`reviews.status.${review.status}`} />
          </span>
        )}
      </p>
      <p className="review-text">{review.text}</p>
      {review.photos.length > 0 && (
        <ul className="review-photos">
          {review.photos.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noreferrer">
                <img
                  src={url}
                  alt={intl.formatMessage(
                    { id: 'reviews.photoAlt' },
                    { n: index + 1, author: review.author },
                  )}
                  width={96}
                  height={96}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (review.status === 'published' || own) && (
        <div className="review-reply">
          <p className="review-reply-by">
            <FormattedMessage id="reviews.reply" />
          </p>
          <p>{review.reply}</p>
        </div>
      )}
    </article>
  );
}

interface FormProps {
  goodsId: string;
  mine: Review | null;
  onDone: () => void;
  onCancel?: () => void;
}

/** Write or edit the reader's review: stars, title, text and up to three photos, each uploaded as chosen. */
function ReviewForm({ goodsId, mine, onDone, onCancel }: FormProps) {
  const intl = useIntl();
  const text = useContractText();
  const id = useId();
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [title, setTitle] = useState(mine?.title ?? '');
  const [body, setBody] = useState(mine?.text ?? '');
  const [photos, setPhotos] = useState<string[]>(mine?.photos ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      setErrors((e) => ({ ...e, file: text('error.upload.type') }));
      return;
    }
    if (file.size > MAX_AVATAR_BYTES) {
      setErrors((e) => ({ ...e, file: text('error.upload.tooLarge') }));
      return;
    }
    setBusy(true);
    try {
      const { url } = await uploadReviewPhoto(file);
      setPhotos((list) => [...list, url].slice(0, MAX_REVIEW_PHOTOS));
      setErrors(({ file: _file, ...rest }) => rest);
    } catch (error) {
      if (error instanceof AppError) setErrors((e) => ({ ...e, file: error.fields?.file ?? error.message }));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (rating < 1) missing.rating = text('validation.review.rating');
    if (!title.trim()) missing.title = text('validation.required');
    if (!body.trim()) missing.text = text('validation.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setFailure(null);
    try {
      await writeReview(goodsId, { rating, title, text: body, photos });
      showToast(intl.formatMessage({ id: 'reviews.sent' }), { tone: 'success' });
      onDone();
    } catch (error) {
      if (error instanceof AppError && error.fields) setErrors(error.fields);
      else if (error instanceof AppError) setFailure(error.message);
    } finally {
      setBusy(false);
    }
  };

  const describe = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: string) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="field-error">
        {errors[field]}
      </p>
    );

  return (
    <form className="review-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>
        <FormattedMessage id={mine ? 'reviews.edit' : 'reviews.write'} />
      </h3>
      <fieldset
        className={errors.rating ? 'field field-invalid' : 'field'}
        aria-describedby={describe('rating')}
      >
        <legend>
          <FormattedMessage id="reviews.rating" />
        </legend>
        <div className="review-rating-choices">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="review-rating-choice">
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
              />
              <span>
                <FormattedMessage id="reviews.starsRow" values={{ stars: n }} />
              </span>
            </label>
          ))}
        </div>
        {fieldError('rating')}
      </fieldset>
      <div className={errors.title ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${id}-title`}>
          <FormattedMessage id="reviews.title" />
        </label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={MAX_REVIEW_TITLE}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describe('title')}
        />
        {fieldError('title')}
      </div>
      <div className={errors.text ? 'field field-invalid' : 'field'}>
        <label htmlFor={`${id}-text`}>
          <FormattedMessage id="reviews.text" />
        </label>
        <textarea
          id={`${id}-text`}
          value={body}
          rows={5}
          maxLength={MAX_REVIEW_TEXT}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={describe('text')}
        />
        {fieldError('text')}
      </div>
      <fieldset className={errors.file || errors.photos ? 'field field-invalid' : 'field'}>
        <legend>
          <FormattedMessage id="reviews.photos" values={{ max: MAX_REVIEW_PHOTOS }} />
        </legend>
        {photos.length > 0 && (
          <ul className="review-photos">
            {photos.map((url, index) => (
              <li key={url}>
                <img
                  src={url}
                  alt={intl.formatMessage({ id: 'reviews.photoPreview' }, { n: index + 1 })}
                  width={96}
                  height={96}
                />
                <button
                  type="button"
                  className="button button-text"
                  onClick={() => setPhotos((list) => list.filter((u) => u !== url))}
                  aria-label={intl.formatMessage({ id: 'reviews.photoRemove' }, { n: index + 1 })}
                >
                  <FormattedMessage id="reviews.remove" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {photos.length < MAX_REVIEW_PHOTOS && (
          <>
            <input
              id={`${id}-file`}
              type="file"
              className="visually-hidden file-input"
              accept={AVATAR_TYPES.join(',')}
              onChange={(event) => void choose(event)}
              disabled={busy}
              aria-describedby={describe('file')}
            />
            <label htmlFor={`${id}-file`} className="button">
              <FormattedMessage id="reviews.addPhoto" />
            </label>
          </>
        )}
        {fieldError('file')}
        {fieldError('photos')}
      </fieldset>
      <FormError message={failure} />
      <div className="review-form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          <FormattedMessage id="reviews.submit" />
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            <FormattedMessage id="common.cancel" />
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The detail page's reviews: the summary, the reader's own review with its status (pending ones only they see),
 * the form for shoppers who received the goods, and the published reviews in the chosen order.
 */
export default function ReviewsSection({ goodsId }: { goodsId: string }) {
  const intl = useIntl();
  const location = useLocation();
  const queryClient = useQueryClient();
  const shopper = useShopper();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState(false);
  const viewer = shopper.data?.id ?? null;
  const reviews = useQuery({
    ...reviewsQuery(goodsId, sort, page, viewer),
    // Who reads is known first: a guest's answer would show the wrong own review for a moment.
    enabled: !shopper.isPending,
  });
  const loggedIn = viewer !== null;

  const refresh = () => {
    setEditing(false);
    void queryClient.invalidateQueries({ queryKey: ['reviews', goodsId] });
  };
  const meta = reviews.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / REVIEWS_PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="detail-reviews" className="section reviews">
      <h2 id="detail-reviews">
        <FormattedMessage id="reviews.heading" />
      </h2>
      {reviews.isPending && (
        <p role="status">
          <FormattedMessage id="common.loading" />
        </p>
      )}
      {reviews.isError && (
        <p>
          <FormattedMessage id="common.loadFailed" />{' '}
          <button type="button" className="button button-text" onClick={() => void reviews.refetch()}>
            <FormattedMessage id="common.retry" />
          </button>
        </p>
      )}
      {meta && (
        <>
          <Summary summary={meta.summary} />
          {meta.mine && !editing && (
            <div className="reviews-mine">
              <h3>
                <FormattedMessage id="reviews.yours" />
              </h3>
              <ReviewItem review={meta.mine} own />
              {meta.canReview && (
                <button type="button" className="button" onClick={() => setEditing(true)}>
                  <FormattedMessage id="reviews.edit" />
                </button>
              )}
            </div>
          )}
          {meta.canReview && (!meta.mine || editing) && (
            <ReviewForm
              key={meta.mine?.updatedAt ?? 'new'}
              goodsId={goodsId}
              mine={meta.mine}
              onDone={refresh}
              {...(editing && { onCancel: () => setEditing(false) })}
            />
          )}
          {!meta.canReview && !meta.mine && (
            <p className="field-hint">
              {loggedIn ? (
                <FormattedMessage id="reviews.onlyBuyers" />
              ) : (
                <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
                  <FormattedMessage id="reviews.login" />
                </Link>
              )}
            </p>
          )}
          {meta.summary.count > 0 && (
            <div className="field inline reviews-sort">
              <label htmlFor="reviews-sort">
                <FormattedMessage id="reviews.sort" />
              </label>
              <select
                id="reviews-sort"
                value={sort}
                onChange={(event) => {
                  setSort(event.target.value as ReviewSort);
                  setPage(1);
                }}
              >
                {reviewSortValues.map((value) => (
                  <option key={value} value={value}>
                    {intl.formatMessage({ id: `reviews.sort.${value}` })}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="reviews-list">
            {reviews.data?.data.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </div>
          {pages > 1 && (
            <nav className="reviews-pages" aria-label={intl.formatMessage({ id: 'reviews.pages' })}>
              <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <FormattedMessage id="reviews.previous" />
              </button>
              <span>
                <FormattedMessage id="reviews.page" values={{ page, pages }} />
              </span>
              <button
                type="button"
                className="button"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                <FormattedMessage id="reviews.next" />
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
