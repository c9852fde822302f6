import type { FastifyRequest } from 'fastify';
import { REVIEW_PHOTO_SIDE } from '@shop/contract';
import type { Db } from '@shop/db';
import { storePublicPicture } from '../media/public-pictures.ts';

/** Stores a review photo, whole, at most REVIEW_PHOTO_SIDE on its longer side, and returns its URL. */
export class ReviewPhotos {
  constructor(private readonly db: Db) {}

  store(request: FastifyRequest): Promise<string> {
    return storePublicPicture(this.db, request, { side: REVIEW_PHOTO_SIDE, fit: 'inside', quality: 80 });
  }
}
