import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError, Code, MAX_AVATAR_BYTES, MAX_IMAGE_PIXELS } from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { sniffRasterType } from '../media/image-types.ts';
import { readUploadedFile } from '../media/uploaded-file.ts';

/** Avatars are shown 104 px wide at the most (the account center); twice that and more for sharp screens. */
const AVATAR_SIDE = 256;
const AVATAR_TYPES = new Set(['png', 'jpg', 'webp']);

const refuseType = () =>
  new AppError(Code.validation, 'error.upload.type', { file: 'error.upload.type' }, 415);

/**
 * Stores an uploaded avatar in the media table and returns its URL. The picture is decoded and written anew as a
 * square WebP, never kept as sent: avatars are public, and a phone photo's metadata can say where it was taken.
 */
export class AvatarUploads {
  constructor(private readonly db: Db) {}

  async store(request: FastifyRequest): Promise<string> {
    const bytes = await readUploadedFile(request, {
      maxBytes: MAX_AVATAR_BYTES,
      missing: 'validation.required',
      tooLarge: 'error.upload.tooLarge',
      wrongType: refuseType,
    });
    const type = sniffRasterType(bytes);
    if (!type || !AVATAR_TYPES.has(type.extension)) throw refuseType();
    // sharp writes no metadata unless asked to; `autoOrient` turns the pixels the way the EXIF said first.
    const webp = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true })
      .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 82 })
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
