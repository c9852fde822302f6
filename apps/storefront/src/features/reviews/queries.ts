import type { ReviewSort, WriteReviewInput } from '@shop/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api.ts';
import { loadingStore } from '../loading/loading-store.ts';

export const REVIEWS_PAGE_SIZE = 10;

/**
 * One page of a goods' published reviews, with the summary and the reader's own review: keyed by who reads
 * (`viewer`, the shopper's id or null), since their own review and whether they may write one depend on it.
 */
export const reviewsQuery = (goodsId: string, sort: ReviewSort, page: number, viewer: string | null) =>
  queryOptions({
    queryKey: ['reviews', goodsId, sort, page, viewer],
    queryFn: ({ signal }) =>
      loadingStore.track('reviews/fetchReviews', () =>
        api.reviews.list(goodsId, { sort, page, pageSize: REVIEWS_PAGE_SIZE }, { signal }),
      ),
  });

export const writeReview = (goodsId: string, body: WriteReviewInput) =>
  loadingStore.track('reviews/writeReview', () => api.reviews.write(goodsId, body, { handles: [1] }));

export const uploadReviewPhoto = (file: File) =>
  loadingStore.track('reviews/uploadPhoto', () => api.reviews.uploadPhoto(file, { handles: [1] }));
