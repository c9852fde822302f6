import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError, Code, MAX_AVATAR_BYTES, MAX_IMAGE_PIXELS } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { sniffRasterType } from './image-types.ts';
import { readUploadedFile } from './uploaded-file.ts';

const PICTURE_TYPES = new Set(['png', 'jpg', 'webp']);

const refuseType = () =>
  new AppError(Code.validation, 'error.upload.type', { file: 'error.upload.type' }, 415);

/** How a shopper's picture is redrawn: the box it must fit and how, and the WebP quality. */
export interface PictureShape {
  side: number;
  /** `cover`: cropped to a square (avatars); `inside`: the whole picture, its longer side at most `side`. */
  fit: 'cover' | 'inside';
  quality: number;
}

/**
 * Stores a picture a shopper uploads for everyone to see (an avatar, a review photo) in the media table and returns
 * its URL. The picture is decoded and written anew as WebP, never kept as sent: sharp writes no metadata unless asked
 * to, and a phone photo's metadata can say where it was taken; `autoOrient` first turns the pixels the way the EXIF
 * said. Stored under the digest of what was written, so the same picture twice is one row.
 */
export async function storePublicPicture(
  db: Db,
  request: FastifyRequest,
  shape: PictureShape,
): Promise<string> {
  const bytes = await readUploadedFile(request, {
    maxBytes: MAX_AVATAR_BYTES,
    missing: 'validation.required',
    tooLarge: 'error.upload.tooLarge',
    wrongType: refuseType,
  });
  const type = sniffRasterType(bytes);
  if (!type || !PICTURE_TYPES.has(type.extension)) throw refuseType();
  const webp = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true })
    .resize(shape.side, shape.side, { fit: shape.fit, withoutEnlargement: true })
    .webp({ quality: shape.quality })
    .toBuffer()
    .catch(() => {
      throw refuseType();
    });
  const id = `${createHash('sha256').update(webp).digest('hex').slice(0, 32)}.webp`;
  await db.insert(schema.media).values({ id, contentType: 'image/webp', bytes: webp }).onConflictDoNothing();
  return `/media/${id}`;
}
