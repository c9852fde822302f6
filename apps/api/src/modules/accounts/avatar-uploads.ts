import type { FastifyRequest } from 'fastify';
import type { Db } from '@shop/db';
import { storePublicPicture } from '../media/public-pictures.ts';

/** Avatars are shown 104 px wide at the most (the account center); twice that and more for sharp screens. */
const AVATAR_SIDE = 256;

/** Stores an uploaded avatar as a square picture and returns its URL. */
export class AvatarUploads {
  constructor(private readonly db: Db) {}

  store(request: FastifyRequest): Promise<string> {
    return storePublicPicture(this.db, request, { side: AVATAR_SIDE, fit: 'cover', quality: 82 });
  }
}
