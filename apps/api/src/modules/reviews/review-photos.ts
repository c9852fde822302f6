import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError, Code, MAX_AVATAR_BYTES, MAX_IMAGE_PIXELS, REVIEW_PHOTO_SIDE } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { sniffRasterType } from '../media/image-types.ts';
import { readUploadedFile } from '../media/uploaded-file.ts';

const PHOTO_TYPES = new Set(['png', 'jpg', 'webp']);

const refuseType = () =>
  new AppError(Code.validation, 'error.upload.type', { file: 'error.upload.type' }, 415);

/**
 * Stores a review photo in the media table and returns its URL. As avatars are, the picture is decoded and
 * written anew as WebP (at most REVIEW_PHOTO_SIDE on its longer side), never kept as sent: reviews are public,
 * and a phone photo's metadata can say where it was taken.
 */
export class ReviewPhotos {
  constructor(private readonly db: Db) {}

  async store(request: FastifyRequest): Promise<string> {
    const bytes = await readUploadedFile(request, {
      maxBytes: MAX_AVATAR_BYTES,
      missing: 'validation.required',
      tooLarge: 'error.upload.tooLarge',
      wrongType: refuseType,
    });
    const type = sniffRasterType(bytes);
    if (!type || !PHOTO_TYPES.has(type.extension)) throw refuseType();
    const webp = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true })
      .resize(REVIEW_PHOTO_SIDE, REVIEW_PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
      .catch(() => {
        throw refuseType();
      });
    const id = `${createHash('sha256').update(webp).digest('hex').slice(0, 32)}.webp`;
    await this.db
      .insert(schema.media)
      .values({ id, contentType: 'image/webp', bytes: webp })
      .onConflictDoNothing();
    return `/media/${id}`;
  }
}
