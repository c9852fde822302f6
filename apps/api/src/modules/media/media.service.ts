import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import {
  AppError,
  Code,
  imageVariantId,
  imageVariantWidths,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  rasterImageId,
} from '@shop/contract';
import { schema, type Db } from '@shop/db';
import { sniffRasterType, type RasterType } from './image-types.ts';

/** WebP quality of the copies: no visible loss on product photos at a fraction of a JPEG's size. */
const WEBP_QUALITY = 80;
/** WebP holds at most this many pixels a side. */
const WEBP_MAX_SIDE = 16_383;

export interface StoredImage {
  /** The original's id, `<hash>-<width>x<height>.<ext>`, and its URL, which is what goods and settings keep. */
  id: string;
  url: string;
  contentType: string;
  /** Size in pixels as shown (after the EXIF orientation is applied). */
  width: number;
  height: number;
  /** The WebP copies, narrowest first; `imageSrcset(url)` in the contract lists the same ones. */
  variants: { id: string; url: string; width: number }[];
}

const mediaUrl = (id: string) => `/media/${id}`;

const refuseType = () => new AppError(Code.validation, 'error.image.type', { file: 'error.image.type' }, 415);
const refuseSize = () =>
  new AppError(Code.validation, 'error.image.tooLarge', { file: 'error.image.tooLarge' }, 413);

/** Re-encodes a picture in the format it came in, at a quality that keeps what the shop's staff uploaded. */
function encodeAs(image: Sharp, extension: RasterType['extension']): Promise<Buffer> {
  switch (extension) {
    case 'jpg':
      return image.jpeg({ quality: 92 }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 92 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 75 }).toBuffer();
  }
}

export class MediaService {
  constructor(private readonly db: Db) {}

  async findMedia(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
    const [row] = await this.db
      .select({ contentType: schema.media.contentType, bytes: schema.media.bytes })
      .from(schema.media)
      .where(eq(schema.media.id, id));
    return row ?? null;
  }

  /**
   * The one way to store an uploaded picture (goods images, banners): a JPEG, PNG, WebP or AVIF file, told by its
   * first bytes, of at most `MAX_IMAGE_BYTES` and `MAX_IMAGE_PIXELS`. Keeps the picture plus a WebP copy at
   * each of `imageVariantWidths(width)` (never enlarged), every one under an id of its own, so each URL's bytes
   * never change and may be cached for a year. Storing the same file again returns the same URLs without work.
   * The original is kept without its metadata. Refuses anything else with code 1: `error.image.type` (415) or `error.image.tooLarge` (413). SVG is refused
   * too: a script inside one would run on the shop's origin.
   */
  async storeImage(bytes: Buffer): Promise<StoredImage> {
    if (bytes.length > MAX_IMAGE_BYTES) throw refuseSize();
    const type = sniffRasterType(bytes);
    if (!type) throw refuseType();
    // The header alone, so a picture claiming too many pixels is refused before any are decoded.
    const metadata = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw refuseType();
      });
    if (metadata.format !== type.decoder) throw refuseType();
    const { width, height } = metadata.autoOrient;
    if (width * height > MAX_IMAGE_PIXELS) throw refuseSize();
    const widths = imageVariantWidths(width);
    // A picture so tall that even its widest copy could not be a WebP.
    if ((height * Math.max(...widths)) / width > WEBP_MAX_SIDE) throw refuseSize();

    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const id = rasterImageId({ hash, width, height, extension: type.extension });
    const stored: StoredImage = {
      id,
      url: mediaUrl(id),
      contentType: type.contentType,
      width,
      height,
      variants: widths.map((variantWidth) => {
        const variantId = imageVariantId(hash, variantWidth);
        return { id: variantId, url: mediaUrl(variantId), width: variantWidth };
      }),
    };
    if (await this.isStored(id)) return stored;

    // The pixels are decoded here for the first time: a file whose header reads well but whose data is broken
    // is refused like any other file that is not an image.
    const decode = () =>
      sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true });
    const [original, copies] = await Promise.all([
      // The original in its own format, written anew without its metadata (a photo's EXIF can say where it
      // was taken, and media are public), turned upright as its size in the id says.
      encodeAs(decode(), type.extension),
      Promise.all(
        stored.variants.map((variant) =>
          decode()
            .resize({ width: variant.width, withoutEnlargement: true })
            .webp({ quality: WEBP_QUALITY })
            .toBuffer(),
        ),
      ),
    ]).catch(() => {
      throw refuseType();
    });
    await this.db
      .insert(schema.media)
      .values([
        { id, contentType: type.contentType, bytes: original },
        ...stored.variants.map((variant, i) => ({
          id: variant.id,
          contentType: 'image/webp',
          bytes: copies[i]!,
        })),
      ])
      .onConflictDoNothing();
    return stored;
  }

  private async isStored(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: schema.media.id })
      .from(schema.media)
      .where(eq(schema.media.id, id));
    return row !== undefined;
  }
}
